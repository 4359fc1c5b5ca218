// The post-groups migration (2026-11-30T06-50-post-groups) on PGlite and PostgreSQL: existing posts
// have no group; insertPostGroup stores one post per network with the same group, time and order;
// listGroupSiblings reads the others only within the workspace; down() then up() again.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { insertPostGroup, listGroupSiblings } from './repositories/post-groups.repository.js';
import { insertScheduledPosts } from './repositories/posts.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T06-50-post-groups';

async function check(db: Kysely<Database>) {
  const ana = await createUser(db, {
    email: `grupos-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
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
  const when = new Date(Date.now() + 86_400_000);
  const [alone] = await insertScheduledPosts(db, {
    userId: ana.id,
    themeId: theme.id,
    posts: [{ title: 'a', content: 'Oi', platform: 'linkedin', postOrder: 3, scheduledFor: when }],
  });
  const groupId = randomUUID();
  const wakeUps = await insertPostGroup(db, {
    workspaceId,
    userId: ana.id,
    themeId: theme.id,
    groupId,
    title: 'Bolo de fubá',
    scheduledFor: when,
    posts: [
      { platform: 'linkedin', content: 'Receita completa do bolo de fubá.', networkOptions: {} },
      { platform: 'x', content: 'Bolo de fubá!', networkOptions: {} },
    ],
  });
  expect(wakeUps.map((w) => w.platform)).toEqual(['linkedin', 'x']);
  const rows = await db
    .selectFrom('suggested_posts')
    .select(['id', 'group_id', 'post_order', 'scheduled_for'])
    .orderBy('created_at')
    .orderBy('platform')
    .execute();
  expect(rows.map((r) => r.group_id)).toEqual([null, groupId, groupId]);
  // The group takes the theme's next order, the same for each network.
  expect(rows.map((r) => r.post_order)).toEqual([3, 4, 4]);
  const linkedin = wakeUps[0]!.id;
  expect((await listGroupSiblings(db, workspaceId, linkedin)).map((s) => s.content)).toEqual([
    'Bolo de fubá!',
  ]);
  expect(await listGroupSiblings(db, workspaceId, alone!.id)).toEqual([]);
  // Another workspace reads nothing of it.
  expect(await listGroupSiblings(db, randomUUID(), linkedin)).toEqual([]);

  await downAndUp(db, NAME, async () => {
    await expect(db.selectFrom('suggested_posts').select('group_id').execute()).rejects.toThrow();
  });
  const after = await db.selectFrom('suggested_posts').select('group_id').execute();
  expect(after.map((r) => r.group_id)).toEqual([null, null, null]);
}

describeMigration(`migration ${NAME}`, check);
