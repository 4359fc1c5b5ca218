// The post-accounts migration (2026-12-01T04-10-post-accounts) on PGlite and PostgreSQL, with one
// way down and up (PGlite is slow on a loaded machine): down keeps one active account per network
// (the newest), posts written as before it, then up: each post is backfilled with its workspace's
// active account of its network (none where there is none), a second active account of a network
// is accepted and the same one twice is not.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-12-01T04-10-post-accounts';
const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);

const account = (userId: string, platform: 'instagram' | 'x', platformUserId: string) => ({
  userId,
  platform,
  platformUserId,
  platformUsername: platformUserId,
  accountData: { provider: platform },
  accessToken: `token-${platformUserId}`,
  refreshToken: null,
  accessTokenExpiresAt: null,
});

describeMigration('migration 2026-12-01T04-10-post-accounts', async (db: Kysely<Database>) => {
  const user = await createUser(db, {
    email: `pa-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await insertTheme(db, user.id, {
    name: 'Tema',
    description: 'Posts',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['instagram', 'x', 'linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  // At the latest: two active Instagram accounts, a disconnected X one.
  const ig1 = await upsertAccount(db, keyring, account(user.id, 'instagram', 'ig-1'));
  const ig2 = await upsertAccount(db, keyring, {
    ...account(user.id, 'instagram', 'ig-2'),
    allowAnother: true,
  });
  await upsertAccount(db, keyring, account(user.id, 'x', 'x-1'));
  await sql`UPDATE connected_accounts SET is_active = false WHERE platform = 'x' AND user_id = ${user.id}`.execute(
    db,
  );
  let instagram = '';
  const posts: Record<string, string> = {};
  await downAndUp(db, NAME, async () => {
    // Down keeps one active account per network (the newest).
    const active = await db
      .selectFrom('connected_accounts')
      .select('id')
      .where('user_id', '=', user.id)
      .where('platform', '=', 'instagram')
      .where('is_active', '=', true)
      .execute();
    expect(active).toEqual([{ id: ig2.id }]);
    instagram = ig2.id;
    // Posts written as before the migration (no account column).
    for (const platform of ['instagram', 'x', 'linkedin'] as const) {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, scheduled_for)
        VALUES (${theme.id}, ${user.id}, 'Post', 'Texto', ${platform}, now() + interval '1 day')
        RETURNING id`.execute(db);
      posts[platform] = rows[0]!.id;
    }
    // Before: one active account per network.
    await expect(
      sql`UPDATE connected_accounts SET is_active = true WHERE id = ${ig1.id}`.execute(db),
    ).rejects.toThrow();
  });
  // Up: each post backfilled with its workspace's active account of its network, none without one.
  const backfilled = await db
    .selectFrom('suggested_posts')
    .select(['id', 'connected_account_id'])
    .where('theme_id', '=', theme.id)
    .execute();
  expect(new Map(backfilled.map((row) => [row.id, row.connected_account_id]))).toEqual(
    new Map([
      [posts.instagram!, instagram],
      [posts.x!, null],
      [posts.linkedin!, null],
    ]),
  );
  // After: the first Instagram account is active again beside the second; the same one twice is not.
  const again = await upsertAccount(db, keyring, {
    ...account(user.id, 'instagram', 'ig-1'),
    allowAnother: true,
  });
  expect(again.id).toBe(ig1.id);
  await expect(
    sql`INSERT INTO connected_accounts (workspace_id, user_id, platform, platform_user_id, access_token)
        VALUES (${user.id}, ${user.id}, 'instagram', 'ig-2', 'v1:x')`.execute(db),
  ).rejects.toThrow();
  const indexes = await sql<{ indexdef: string }>`
    SELECT indexdef FROM pg_indexes
    WHERE indexname IN ('connected_accounts_one_active_idx', 'suggested_posts_account_idx')
    ORDER BY indexname`.execute(db);
  expect(indexes.rows.map((row) => row.indexdef)).toEqual([
    expect.stringMatching(/UNIQUE INDEX .*\(workspace_id, platform, platform_user_id\) WHERE is_active/),
    expect.stringMatching(/INDEX .*\(connected_account_id\) WHERE \(connected_account_id IS NOT NULL\)/),
  ]);
});
