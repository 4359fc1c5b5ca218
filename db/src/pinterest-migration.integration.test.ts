// The Pinterest migration (2026-11-30T03-40-pinterest-platform) on PGlite and PostgreSQL: every
// `platform IN (…)` check, the themes' networks and pending_connections (the board picker) take
// 'pinterest' and keep the networks before it; down() goes back (Pinterest's rows gone, the checks
// without it), then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import { createPendingConnection } from './repositories/pending-connections.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T03-40-pinterest-platform';
const keyring = parseKeyring(`t1:${Buffer.alloc(32, 9).toString('base64')}`);
const CHECKS = [
  'suggested_posts_platform_check',
  'connected_accounts_platform_check',
  'published_posts_platform_check',
  'publishing_logs_platform_check',
  'themes_social_networks_check',
  'pending_connections_platform_check',
];

async function definitions(db: Kysely<Database>): Promise<Map<string, string>> {
  const { rows } = await sql<{ conname: string; def: string }>`
    SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conname IN (${sql.join(CHECKS)})`.execute(db);
  return new Map(rows.map((row) => [row.conname, row.def]));
}

const board = (userId: string) => ({
  userId,
  platform: 'pinterest' as const,
  platformUserId: '549755885175',
  platformUsername: 'padariadaana',
  accountData: { provider: 'pinterest', page_name: 'Receitas da Padaria' },
  accessToken: 'pina_token',
  refreshToken: 'pinr_token',
  accessTokenExpiresAt: new Date(Date.now() + 30 * 86_400_000),
});

async function check(db: Kysely<Database>) {
  const after = await definitions(db);
  expect([...after.keys()].sort()).toEqual([...CHECKS].sort());
  for (const [name, def] of after) {
    expect(def, name).toContain('pinterest');
    expect(def, name).toContain('linkedin_page');
  }
  // The networks before are kept (the migration replaces whole checks).
  expect(after.get('connected_accounts_platform_check')).toContain('mastodon');
  expect(after.get('connected_accounts_platform_check')).toContain('bluesky');
  const user = await createUser(db, {
    email: `pin-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  await upsertAccount(db, keyring, board(user.id));
  await createPendingConnection(db, keyring, {
    userId: user.id,
    platform: 'pinterest',
    userToken: '{"accessToken":"t"}',
    pages: [
      { id: '549755885175', name: 'Receitas da Padaria' },
      { id: '549755885176', name: 'Bolos de festa' },
    ],
    profile: {},
  });
  await expect(
    sql`UPDATE connected_accounts SET platform = 'pinterest_board' WHERE user_id = ${user.id}`.execute(db),
  ).rejects.toThrow();

  await downAndUp(db, NAME, async () => {
    for (const [name, def] of await definitions(db)) {
      expect(def, name).not.toContain('pinterest');
      expect(def, name).toContain('facebook');
    }
    expect(
      await db.selectFrom('connected_accounts').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('pending_connections').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    await expect(upsertAccount(db, keyring, board(user.id))).rejects.toThrow();
  });
  for (const def of (await definitions(db)).values()) expect(def).toContain('pinterest');
}

describeMigration('the Pinterest migration', check);
