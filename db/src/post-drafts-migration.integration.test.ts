// The post-drafts migration (2026-12-01T04-00-post-drafts) on PGlite and PostgreSQL: the status
// `draft` (docs/composer.md) stored by the composer's save, never claimed (claimPost, the batched
// claimPosts), never in the reconciler's due list nor marked missed, left alone by the theme's
// approval switch; a save keeps it a draft, "Agendar" (scheduleDraft) makes it claimable — or puts
// it in the approval workflow when its theme requires approval by then; down() refuses while a
// draft exists, then down and up.
import { randomUUID } from 'node:crypto';
import { EDITABLE_POST_STATUSES } from '@pauta/core';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { migrations } from './migrations.js';
import { setThemeApproval } from './repositories/approval.repository.js';
import { insertPostGroup } from './repositories/post-groups.repository.js';
import { claimPost, listDuePosts, markMissed } from './repositories/publishing.repository.js';
import { claimPosts } from './repositories/publishing-batch.repository.js';
import { saveScheduledPostVersion } from './repositories/scheduled-posts.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-12-01T04-00-post-drafts';
const DAY = 86_400_000;

async function check(db: Kysely<Database>) {
  const ana = await createUser(db, {
    email: `rascunhos-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await insertTheme(db, ana.id, {
    name: 'Doces',
    description: 'Bolos caseiros',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['linkedin', 'x'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const workspaceId = theme.workspace_id;
  const row = (id: string) =>
    db.selectFrom('suggested_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  // The composer's "Salvar rascunho" in a theme without approval: a minute late already, and a
  // second group two days late.
  const group = (scheduledFor: Date) =>
    insertPostGroup(db, {
      workspaceId,
      userId: ana.id,
      themeId: theme.id,
      groupId: randomUUID(),
      title: 'Bolo de fubá',
      scheduledFor,
      draft: true,
      posts: [
        { platform: 'linkedin', content: 'Receita completa do bolo de fubá.', networkOptions: {} },
        { platform: 'x', content: 'Bolo de fubá!', networkOptions: {} },
      ],
    });
  const [linkedin, x] = await group(new Date(Date.now() - 60_000));
  const [late] = await group(new Date(Date.now() - 2 * DAY));
  const drafts = [linkedin!, x!, late!];
  for (const d of drafts) expect(await row(d.id)).toMatchObject({ status: 'draft', approval_stage: null });

  // Never claimed, never due, never missed.
  expect(await claimPost(db, linkedin!.id, linkedin!.version)).toBeUndefined();
  expect(await claimPosts(db, [{ postId: x!.id, version: x!.version }])).toEqual([undefined]);
  const due = await listDuePosts(db, new Date(Date.now() + DAY));
  expect(due.map((d) => d.id)).not.toContain(linkedin!.id);
  expect(due.map((d) => d.id)).not.toContain(late!.id);
  await markMissed(db, {
    dueBefore: new Date(Date.now() - DAY),
    code: 'MISSED',
    detail: 'x',
    location: 'teste',
  });
  expect((await row(late!.id)).status).toBe('draft');

  // The approval switch, on and off: nothing of the drafts changes.
  for (const requiresApproval of [true, false]) {
    const switched = await setThemeApproval(db, {
      workspaceId,
      userId: ana.id,
      themeId: theme.id,
      requiresApproval,
    });
    expect(switched).toMatchObject({ kind: 'changed', posts: 0 });
    for (const d of drafts) expect(await row(d.id)).toMatchObject({ status: 'draft', approval_stage: null });
  }

  // A save (Editar Post's "Salvar rascunho", a calendar drag) keeps it a draft, version + 1.
  const later = new Date(Date.now() + DAY);
  const kept = await saveScheduledPostVersion(db, {
    workspaceId,
    postId: linkedin!.id,
    changes: { content: 'Receita nova.', scheduledFor: later },
    allowed: EDITABLE_POST_STATUSES,
    now: new Date(),
  });
  expect(kept).toMatchObject({ status: 'draft', content: 'Receita nova.', version: linkedin!.version + 1 });
  // "Agendar": scheduled, and claimable when due.
  const scheduled = await saveScheduledPostVersion(db, {
    workspaceId,
    postId: linkedin!.id,
    changes: { scheduledFor: new Date(Date.now() - 1000) },
    allowed: EDITABLE_POST_STATUSES,
    now: new Date(),
    scheduleDraft: true,
  });
  expect(scheduled).toMatchObject({ status: 'scheduled', approval_stage: null });
  expect((await claimPost(db, linkedin!.id, scheduled!.version))?.id).toBe(linkedin!.id);

  // In a theme that requires approval by now, "Agendar" enters the workflow at Rascunho: not claimable.
  await setThemeApproval(db, { workspaceId, userId: ana.id, themeId: theme.id, requiresApproval: true });
  expect(await row(x!.id)).toMatchObject({ status: 'draft', approval_stage: null });
  const toApproval = await saveScheduledPostVersion(db, {
    workspaceId,
    postId: x!.id,
    changes: { scheduledFor: new Date(Date.now() - 1000) },
    allowed: EDITABLE_POST_STATUSES,
    now: new Date(),
    scheduleDraft: true,
  });
  expect(toApproval).toMatchObject({ status: 'scheduled', approval_stage: 'draft' });
  expect(await claimPost(db, x!.id, toApproval!.version)).toBeUndefined();

  // Another workspace's save touches nothing.
  expect(
    await saveScheduledPostVersion(db, {
      workspaceId: randomUUID(),
      postId: late!.id,
      changes: { scheduledFor: later },
      allowed: EDITABLE_POST_STATUSES,
      now: new Date(),
      scheduleDraft: true,
    }),
  ).toBeUndefined();

  // The status check: `draft` is a status now, anything else still is not.
  await expect(
    sql`UPDATE suggested_posts SET status = 'rascunho' WHERE id = ${late!.id}`.execute(db),
  ).rejects.toThrow();

  // down() refuses while a draft exists (it would publish it or lose it).
  const names = Object.keys(migrations).sort();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const refused = await migrator.migrateTo(names[names.indexOf(NAME) - 1] as string);
  expect(String(refused.error)).toContain('rascunho');
  expect((await row(late!.id)).status).toBe('draft');
  await db.deleteFrom('suggested_posts').where('status', '=', 'draft').execute();
  await downAndUp(db, NAME, async () => {
    await expect(
      sql`UPDATE suggested_posts SET status = 'draft' WHERE id = ${linkedin!.id}`.execute(db),
    ).rejects.toThrow();
  });
  await sql`UPDATE suggested_posts SET status = 'draft', claim_token = NULL WHERE id = ${linkedin!.id}`.execute(
    db,
  );
  expect((await row(linkedin!.id)).status).toBe('draft');
}

describeMigration(`migration ${NAME}`, check);
