// The Google Business Profile migration (2026-11-30T03-50-google-business-platform) on PGlite and
// PostgreSQL: every `platform IN (…)` check, the themes' networks and pending_connections take
// 'google_business'; a location is active beside the person's other networks; down() goes back to
// the migration before it (the location's rows gone, the checks back), then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import { createPendingConnection } from './repositories/pending-connections.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T03-50-google-business-platform';
const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);
const CHECKS = [
  'suggested_posts_platform_check',
  'connected_accounts_platform_check',
  'published_posts_platform_check',
  'publishing_logs_platform_check',
  'themes_social_networks_check',
  'pending_connections_platform_check',
];
const LOCATION = 'accounts/1000000001/locations/3000000001';

async function definitions(db: Kysely<Database>): Promise<Map<string, string>> {
  const { rows } = await sql<{ conname: string; def: string }>`
    SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conname IN (${sql.join(CHECKS)})`.execute(db);
  return new Map(rows.map((row) => [row.conname, row.def]));
}

const account = (userId: string, platform: 'facebook' | 'google_business', platformUserId: string) => ({
  userId,
  platform,
  platformUserId,
  platformUsername: 'Padaria da Ana',
  accountData: { provider: platform },
  accessToken: `${platform}-token`,
  refreshToken: `${platform}-refresh`,
  accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
});

async function check(db: Kysely<Database>) {
  const after = await definitions(db);
  expect([...after.keys()].sort()).toEqual([...CHECKS].sort());
  for (const [name, def] of after) {
    expect(def, name).toContain('google_business');
    expect(def, name).toContain('facebook');
  }
  const user = await createUser(db, {
    email: `gmn-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  await upsertAccount(db, keyring, account(user.id, 'facebook', '100000000000001'));
  await upsertAccount(db, keyring, account(user.id, 'google_business', LOCATION));
  const active = await db
    .selectFrom('connected_accounts')
    .select(['platform', 'platform_user_id'])
    .where('user_id', '=', user.id)
    .where('is_active', '=', true)
    .orderBy('platform')
    .execute();
  expect(active).toEqual([
    { platform: 'facebook', platform_user_id: '100000000000001' },
    { platform: 'google_business', platform_user_id: LOCATION },
  ]);
  await createPendingConnection(db, keyring, {
    userId: user.id,
    platform: 'google_business',
    userToken: '{"accessToken":"t"}',
    pages: [
      { id: LOCATION, name: 'Padaria da Ana — Rua Augusta, 1000, São Paulo' },
      { id: 'accounts/1000000001/locations/3000000002', name: 'Ana Fotografia' },
    ],
    profile: {},
  });
  await expect(
    sql`UPDATE connected_accounts SET platform = 'google_my_business' WHERE platform = 'google_business'`.execute(
      db,
    ),
  ).rejects.toThrow();

  await downAndUp(db, NAME, async () => {
    for (const [name, def] of await definitions(db)) expect(def, name).not.toContain('google_business');
    const left = await db
      .selectFrom('connected_accounts')
      .select('platform')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((row) => row.platform)).toEqual(['facebook']);
    expect(
      await db.selectFrom('pending_connections').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    await expect(upsertAccount(db, keyring, account(user.id, 'google_business', LOCATION))).rejects.toThrow();
  });
  for (const def of (await definitions(db)).values()) expect(def).toContain('google_business');
}

describeMigration('the Google Business Profile migration', check);
