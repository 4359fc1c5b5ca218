// The post-options migration (2026-11-30T05-20-post-options) on PGlite and PostgreSQL: existing
// posts get {} (the network's defaults), options are written on insert and on a new version and
// read back by the lists and the worker's claim, a non-object is refused; down() then up() again.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { insertScheduledPosts } from './repositories/posts.repository.js';
import { claimPost } from './repositories/publishing.repository.js';
import { findScheduledPost, saveScheduledPostVersion } from './repositories/scheduled-posts.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T05-20-post-options';

async function check(db: Kysely<Database>) {
  const ana = await createUser(db, {
    email: `opcoes-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await insertTheme(db, ana.id, {
    name: 'Doces',
    description: 'Bolos caseiros',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['google_business', 'linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const past = new Date(Date.now() - 60_000);
  const [plain, event] = await insertScheduledPosts(db, {
    userId: ana.id,
    themeId: theme.id,
    posts: [
      { title: 'a', content: 'Oi', platform: 'linkedin', postOrder: 1, scheduledFor: past },
      {
        title: 'b',
        content: 'Feira',
        platform: 'google_business',
        postOrder: 2,
        scheduledFor: past,
        networkOptions: { postType: 'EVENT', eventTitle: 'Feira de Natal' },
      },
    ],
  });
  const workspaceId = theme.workspace_id;
  expect((await findScheduledPost(db, workspaceId, plain!.id))?.network_options).toEqual({});
  expect((await findScheduledPost(db, workspaceId, event!.id))?.network_options).toEqual({
    postType: 'EVENT',
    eventTitle: 'Feira de Natal',
  });
  // A new version keeps the options unless it gives new ones.
  const kept = await saveScheduledPostVersion(db, {
    workspaceId,
    postId: event!.id,
    changes: { scheduledFor: past },
    allowed: ['scheduled'],
    now: new Date(),
  });
  expect(kept?.network_options).toEqual({ postType: 'EVENT', eventTitle: 'Feira de Natal' });
  const replaced = await saveScheduledPostVersion(db, {
    workspaceId,
    postId: event!.id,
    changes: { scheduledFor: past, networkOptions: { buttonType: 'CALL' } },
    allowed: ['scheduled'],
    now: new Date(),
  });
  expect(replaced?.network_options).toEqual({ buttonType: 'CALL' });
  // The worker's claim carries them to the adapter.
  const claimed = await claimPost(db, event!.id, replaced!.version);
  expect(claimed?.network_options).toEqual({ buttonType: 'CALL' });
  await expect(
    db.updateTable('suggested_posts').set({ network_options: '[1]' }).where('id', '=', plain!.id).execute(),
  ).rejects.toThrow();

  const count = async () =>
    Number(
      (
        await db
          .selectFrom('suggested_posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  await downAndUp(db, NAME, async () => {
    await expect(db.selectFrom('suggested_posts').select('network_options').execute()).rejects.toThrow();
    expect(await count()).toBe(2);
  });
  expect(await count()).toBe(2);
  const rows = await db.selectFrom('suggested_posts').select('network_options').execute();
  expect(rows.map((r) => r.network_options)).toEqual([{}, {}]);
}

describeMigration(`migration ${NAME}`, check);
