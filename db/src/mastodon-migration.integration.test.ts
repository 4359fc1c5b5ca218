// The Mastodon migration (2026-11-30T03-20-mastodon-platform) on PGlite and PostgreSQL: every
// `platform IN (…)` check and the themes' networks take 'mastodon', and `network_instances` keeps
// one app per instance host with its secret sealed; down() goes back to the migration before it
// (Mastodon's rows and the instances gone, the checks without 'mastodon'), then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import { findNetworkInstance, saveNetworkInstance } from './repositories/network-instances.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T03-20-mastodon-platform';
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
  for (const [name, def] of await definitions(db)) {
    expect(def, name).toContain('mastodon');
    expect(def, name).toContain('threads');
  }
  const host = `social-${randomUUID().slice(0, 6)}.exemplo.com.br`;
  await saveNetworkInstance(db, keyring, {
    platform: 'mastodon',
    host,
    pkce: true,
    title: 'Social',
    limits: { maxCharacters: 600 },
    app: {
      clientId: 'cid',
      clientSecret: 'segredo-da-instancia',
      redirectUri: 'https://pauta.example/auth/callback?connection=true',
    },
  });
  const { rows } = await sql<{
    sealed_client_secret: string;
  }>`SELECT sealed_client_secret FROM network_instances WHERE host = ${host}`.execute(db);
  expect(rows[0]?.sealed_client_secret).not.toContain('segredo-da-instancia');
  expect(await findNetworkInstance(db, keyring, 'mastodon', host)).toMatchObject({
    clientId: 'cid',
    clientSecret: 'segredo-da-instancia',
    pkce: true,
    limits: { maxCharacters: 600 },
  });
  // A later read of the instance keeps its app and updates what it declares.
  await saveNetworkInstance(db, keyring, {
    platform: 'mastodon',
    host,
    pkce: true,
    title: 'Social',
    limits: { maxCharacters: 700 },
    app: null,
  });
  expect(await findNetworkInstance(db, keyring, 'mastodon', host)).toMatchObject({
    clientId: 'cid',
    limits: { maxCharacters: 700 },
  });
  await expect(
    sql`INSERT INTO network_instances (platform, host, client_id, sealed_client_secret, redirect_uri) VALUES ('mastodon', 'http://x', 'a', 'b', 'c')`.execute(
      db,
    ),
  ).rejects.toThrow();

  const user = await createUser(db, {
    email: `masto-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const account = await upsertAccount(db, keyring, {
    userId: user.id,
    platform: 'mastodon',
    platformUserId: `109000000000001@${host}`,
    platformUsername: `anasouza@${host}`,
    accountData: { provider: 'mastodon' },
    accessToken: 'masto-token',
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  expect(account.platform).toBe('mastodon');

  await downAndUp(db, NAME, async () => {
    for (const [name, def] of await definitions(db)) expect(def, name).not.toContain('mastodon');
    expect(
      await db
        .selectFrom('connected_accounts')
        .select('id')
        .where('platform', '=', 'mastodon' as never)
        .execute(),
    ).toEqual([]);
    const { rows: tables } = await sql<{
      n: string | null;
    }>`SELECT to_regclass('network_instances')::text AS n`.execute(db);
    expect(tables[0]?.n).toBeNull();
  });
  for (const def of (await definitions(db)).values()) expect(def).toContain('mastodon');
}

describeMigration('the Mastodon migration', check);
