// The bulk actions migration (2026-11-30T03-00-bulk-actions) on PGlite and PostgreSQL: the record of
// a bulk call, its one live event (kind 'bulk', no post, no network) on insert and on undo only,
// none for a call that changed nothing, the workspace's deletion, and down() then up() again.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T03-00-bulk-actions';

async function check(db: Kysely<Database>) {
  const user = await createUser(db, {
    email: `massa-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const events = () =>
    db
      .selectFrom('live_events')
      .select(['kind', 'post_id', 'platform'])
      .where('workspace_id', '=', user.id)
      .where('kind', '=', 'bulk')
      .execute();
  const row = await db
    .insertInto('post_bulk_actions')
    .values({
      workspace_id: user.id,
      user_id: user.id,
      action: 'reschedule',
      changed: 2,
      undo: JSON.stringify([{ id: randomUUID(), version: 2 }]),
    })
    .returning(['id', 'undo', 'undone_at'])
    .executeTakeFirstOrThrow();
  expect(row.undone_at).toBeNull();
  expect(row.undo).toHaveLength(1);
  expect(await events()).toEqual([{ kind: 'bulk', post_id: null, platform: null }]);
  // Nothing changed: no event. An unknown action is refused.
  await db
    .insertInto('post_bulk_actions')
    .values({ workspace_id: user.id, user_id: user.id, action: 'delete', changed: 0, undo: null })
    .execute();
  expect(await events()).toHaveLength(1);
  await expect(
    db
      .insertInto('post_bulk_actions')
      .values({
        workspace_id: user.id,
        user_id: user.id,
        action: 'publish' as 'delete',
        changed: 1,
        undo: null,
      })
      .execute(),
  ).rejects.toThrow();
  // The undo announces itself once.
  await db.updateTable('post_bulk_actions').set({ undone_at: new Date() }).where('id', '=', row.id).execute();
  await db.updateTable('post_bulk_actions').set({ undone_at: new Date() }).where('id', '=', row.id).execute();
  expect(await events()).toHaveLength(2);
  // A post event still needs its network.
  await expect(
    db
      .insertInto('live_events')
      .values({
        workspace_id: user.id,
        user_id: user.id,
        kind: 'post',
        post_id: null,
        published_post_id: null,
        report_id: null,
        platform: null,
        status: null,
        error_code: null,
        retry_at: null,
      })
      .execute(),
  ).rejects.toThrow();

  await downAndUp(db, NAME, async () => {
    // Down: the table and the bulk events are gone.
    await expect(db.selectFrom('post_bulk_actions').select('id').execute()).rejects.toThrow();
    expect(await events()).toEqual([]);
  });
  await db
    .insertInto('post_bulk_actions')
    .values({ workspace_id: user.id, user_id: user.id, action: 'approve', changed: 1, undo: null })
    .execute();
  expect(await events()).toHaveLength(1);
  await db.deleteFrom('workspaces').where('id', '=', user.id).execute();
  expect(
    await db.selectFrom('post_bulk_actions').select('id').where('workspace_id', '=', user.id).execute(),
  ).toEqual([]);
}

describeMigration('migration 2026-11-30T03-00-bulk-actions', check);
