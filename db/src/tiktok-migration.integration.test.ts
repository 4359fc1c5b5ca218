// The TikTok migration (2026-11-30T05-10-tiktok-platform) on PGlite and PostgreSQL: every
// `platform IN (…)` check and the themes' networks take 'tiktok' and keep the networks before it
// (YouTube's, added in parallel, included); pending_connections' is left alone (TikTok has no
// picker); down() goes back (TikTok's rows gone, the checks without it), then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T05-10-tiktok-platform';
const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);
const CHECKS = [
  'suggested_posts_platform_check',
  'connected_accounts_platform_check',
  'published_posts_platform_check',
  'publishing_logs_platform_check',
  'themes_social_networks_check',
];

async function definitions(db: Kysely<Database>): Promise<Map<string, string>> {
  const { rows } = await sql<{ conname: string; def: string }>`
    SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conname IN (${sql.join(CHECKS)})`.execute(db);
  return new Map(rows.map((row) => [row.conname, row.def]));
}

const creator = (userId: string) => ({
  userId,
  platform: 'tiktok' as const,
  platformUserId: '-000Ab3cD4eF5gH6iJ7kL8',
  platformUsername: 'Padaria da Ana',
  accountData: { provider: 'tiktok' },
  accessToken: 'act.tiktok_token',
  refreshToken: 'rft.tiktok_token',
  accessTokenExpiresAt: new Date(Date.now() + 86_400_000),
});

async function check(db: Kysely<Database>) {
  const after = await definitions(db);
  expect([...after.keys()].sort()).toEqual([...CHECKS].sort());
  for (const [name, def] of after) {
    expect(def, name).toContain('tiktok');
    // The networks before are kept (the migration replaces whole checks), YouTube's included.
    for (const kept of ['linkedin_page', 'pinterest', 'google_business', 'youtube', 'bluesky'])
      expect(def, name).toContain(kept);
  }
  const pickerBefore = (
    await sql<{ def: string }>`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conname = 'pending_connections_platform_check'`.execute(db)
  ).rows[0]?.def;
  expect(pickerBefore).not.toContain('tiktok');

  const user = await createUser(db, {
    email: `tt-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  await upsertAccount(db, keyring, creator(user.id));
  await expect(
    sql`UPDATE connected_accounts SET platform = 'tiktok_shop' WHERE user_id = ${user.id}`.execute(db),
  ).rejects.toThrow();

  await downAndUp(db, NAME, async () => {
    for (const [name, def] of await definitions(db)) {
      expect(def, name).not.toContain('tiktok');
      expect(def, name).toContain('youtube');
      expect(def, name).toContain('facebook');
    }
    expect(
      await db.selectFrom('connected_accounts').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    await expect(upsertAccount(db, keyring, creator(user.id))).rejects.toThrow();
  });
  for (const def of (await definitions(db)).values()) expect(def).toContain('tiktok');
  // The picker check is the one the migrations before left (untouched by this one's down and up).
  expect(
    (
      await sql<{ def: string }>`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE conname = 'pending_connections_platform_check'`.execute(db)
    ).rows[0]?.def,
  ).toBe(pickerBefore);
  await upsertAccount(db, keyring, creator(user.id));
}

describeMigration('the TikTok migration', check);
