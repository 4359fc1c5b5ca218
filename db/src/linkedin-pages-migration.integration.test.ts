// The LinkedIn Pages migration (2026-11-30T03-10-linkedin-pages) on PGlite and PostgreSQL: every
// `platform IN (…)` check, the themes' networks and pending_connections take 'linkedin_page'; the
// person's LinkedIn profile and a company Page are both active in one workspace; down() goes back
// to the migration before it (the Page's rows gone, the checks back), then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import { createPendingConnection } from './repositories/pending-connections.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T03-10-linkedin-pages';
const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);
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

const account = (userId: string, platform: 'linkedin' | 'linkedin_page', platformUserId: string) => ({
  userId,
  platform,
  platformUserId,
  platformUsername: platform === 'linkedin' ? 'Ana Souza' : 'Padaria da Ana',
  accountData: { provider: platform },
  accessToken: `${platform}-token`,
  refreshToken: `${platform}-refresh`,
  accessTokenExpiresAt: new Date(Date.now() + 60 * 86_400_000),
});

async function check(db: Kysely<Database>) {
  const after = await definitions(db);
  expect([...after.keys()].sort()).toEqual([...CHECKS].sort());
  for (const [name, def] of after) {
    expect(def, name).toContain('linkedin_page');
    expect(def, name).toContain('facebook');
  }
  const user = await createUser(db, {
    email: `pagina-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  // The person's profile and the company Page, both active in the same (personal) workspace.
  const profile = await upsertAccount(db, keyring, account(user.id, 'linkedin', 'abc123'));
  const page = await upsertAccount(db, keyring, account(user.id, 'linkedin_page', '2000000001'));
  const active = await db
    .selectFrom('connected_accounts')
    .select('platform')
    .where('user_id', '=', user.id)
    .where('is_active', '=', true)
    .execute();
  expect(active.map((row) => row.platform).sort()).toEqual(['linkedin', 'linkedin_page']);
  expect(profile.id).not.toBe(page.id);
  await createPendingConnection(db, keyring, {
    userId: user.id,
    platform: 'linkedin_page',
    userToken: '{"accessToken":"t"}',
    pages: [
      { id: '2000000001', name: 'Padaria da Ana' },
      { id: '2000000002', name: 'Ana Fotografia' },
    ],
    profile: {},
  });
  await expect(
    sql`UPDATE connected_accounts SET platform = 'linkedin_company' WHERE id = ${page.id}`.execute(db),
  ).rejects.toThrow();

  await downAndUp(db, NAME, async () => {
    for (const [name, def] of await definitions(db)) expect(def, name).not.toContain('linkedin_page');
    const left = await db
      .selectFrom('connected_accounts')
      .select('platform')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((row) => row.platform)).toEqual(['linkedin']);
    expect(
      await db.selectFrom('pending_connections').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    await expect(
      upsertAccount(db, keyring, account(user.id, 'linkedin_page', '2000000001')),
    ).rejects.toThrow();
  });
  for (const def of (await definitions(db)).values()) expect(def).toContain('linkedin_page');
}

describeMigration('the LinkedIn Pages migration', check);
