// The YouTube migration (2026-11-30T05-00-youtube-platform) on PGlite and PostgreSQL: every
// `platform IN (…)` check and the themes' networks take 'youtube' and keep the networks before it
// (and 'tiktok', added in parallel); pending_connections is left without it (no picker); down()
// goes back (YouTube's rows gone, the checks without it), then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T05-00-youtube-platform';
const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);
const CHECKS = [
  'suggested_posts_platform_check',
  'connected_accounts_platform_check',
  'published_posts_platform_check',
  'publishing_logs_platform_check',
  'themes_social_networks_check',
];

async function definitions(db: Kysely<Database>, names = CHECKS): Promise<Map<string, string>> {
  const { rows } = await sql<{ conname: string; def: string }>`
    SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conname IN (${sql.join(names)})`.execute(db);
  return new Map(rows.map((row) => [row.conname, row.def]));
}

const channel = (userId: string) => ({
  userId,
  platform: 'youtube' as const,
  platformUserId: 'UCa1b2c3d4e5f6g7h8i9j0kL',
  platformUsername: '@padariadaana',
  accountData: { provider: 'youtube' },
  accessToken: 'ya29.token',
  refreshToken: '1//refresh',
  accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
});

async function check(db: Kysely<Database>) {
  const after = await definitions(db);
  expect([...after.keys()].sort()).toEqual([...CHECKS].sort());
  for (const [name, def] of after) {
    expect(def, name).toContain('youtube');
    expect(def, name).toContain('tiktok');
    // The networks before are kept (the migration replaces whole checks).
    for (const before of ['linkedin_page', 'mastodon', 'bluesky', 'pinterest', 'google_business'])
      expect(def, name).toContain(before);
  }
  const pickers = await definitions(db, ['pending_connections_platform_check']);
  expect(pickers.get('pending_connections_platform_check')).not.toContain('youtube');
  expect(pickers.get('pending_connections_platform_check')).toContain('google_business');

  const user = await createUser(db, {
    email: `yt-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  await upsertAccount(db, keyring, channel(user.id));
  await expect(
    sql`UPDATE connected_accounts SET platform = 'youtube_shorts' WHERE user_id = ${user.id}`.execute(db),
  ).rejects.toThrow();

  await downAndUp(db, NAME, async () => {
    for (const [name, def] of await definitions(db)) {
      expect(def, name).not.toContain('youtube');
      expect(def, name).toContain('google_business');
    }
    expect(
      await db.selectFrom('connected_accounts').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    await expect(upsertAccount(db, keyring, channel(user.id))).rejects.toThrow();
  });
  for (const def of (await definitions(db)).values()) expect(def).toContain('youtube');
  await upsertAccount(db, keyring, channel(user.id));
}

describeMigration('the YouTube migration', check);
