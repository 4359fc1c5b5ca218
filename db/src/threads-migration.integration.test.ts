// The Threads migration (2026-11-30T02-00-threads-platform) on PGlite and PostgreSQL: every
// `platform IN (…)` check and the themes' networks take 'threads'; down() goes back to the
// migration before it (Threads' rows gone, the four networks' checks back), then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T02-00-threads-platform';
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

async function check(db: Kysely<Database>) {
  const after = await definitions(db);
  expect([...after.keys()].sort()).toEqual([...CHECKS].sort());
  for (const [name, def] of after) {
    expect(def, name).toContain('threads');
    expect(def, name).toContain('instagram');
  }
  const user = await createUser(db, {
    email: `threads-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const account = await upsertAccount(db, keyring, {
    userId: user.id,
    platform: 'threads',
    platformUserId: '20000000000000001',
    platformUsername: 'anasouza',
    accountData: { provider: 'threads' },
    accessToken: 'th-token',
    refreshToken: 'th-token',
    accessTokenExpiresAt: new Date(Date.now() + 60 * 86_400_000),
  });
  expect(account.platform).toBe('threads');
  await expect(
    sql`UPDATE connected_accounts SET platform = 'orkut' WHERE id = ${account.id}`.execute(db),
  ).rejects.toThrow();

  await downAndUp(db, NAME, async () => {
    for (const [name, def] of await definitions(db)) expect(def, name).not.toContain('threads');
    expect(
      await db.selectFrom('connected_accounts').select('id').where('platform', '=', 'threads').execute(),
    ).toEqual([]);
    await expect(
      upsertAccount(db, keyring, {
        userId: user.id,
        platform: 'threads',
        platformUserId: '20000000000000001',
        platformUsername: 'anasouza',
        accountData: {},
        accessToken: 'x',
        refreshToken: null,
        accessTokenExpiresAt: null,
      }),
    ).rejects.toThrow();
  });
  for (const def of (await definitions(db)).values()) expect(def).toContain('threads');
}

describeMigration('the Threads migration', check);
