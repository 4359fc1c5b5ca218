// Pauta's app at each server of a network of many (Mastodon instances, docs/networks.md
// "Mastodon"): registered once per instance when its first account connects, reused by every
// later connection and by the revocation at disconnect. The client secret is sealed like a token
// (AAD `network_instances:<platform>/<host>:sealed_client_secret`), never logged nor answered.
import type { Platform } from '@pauta/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { type Keyring, seal, tokenAad, unseal } from '../crypto.js';
import type { Database, NetworkInstancesTable } from '../schema.js';

export type InstancePlatform = NetworkInstancesTable['platform'];

export interface NetworkInstance {
  platform: InstancePlatform;
  host: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  pkce: boolean;
  title: string;
  limits: Record<string, number>;
}

const aad = (platform: string, host: string) =>
  tokenAad('network_instances', `${platform}/${host}`, 'sealed_client_secret');

/** The one row of an instance (its primary key), as a condition of any query of the table. */
const isInstance =
  (platform: Platform, host: string) => (eb: ExpressionBuilder<Database, 'network_instances'>) =>
    eb.and([eb('platform', '=', platform), eb('host', '=', host)]);

/** The instance's app, its secret unsealed; undefined when none is registered there yet. */
export async function findNetworkInstance(
  db: Kysely<Database>,
  keyring: Keyring,
  platform: InstancePlatform,
  host: string,
): Promise<NetworkInstance | undefined> {
  const row = await db
    .selectFrom('network_instances')
    .selectAll()
    .where(isInstance(platform, host))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    platform: row.platform,
    host: row.host,
    clientId: row.client_id,
    clientSecret: unseal(keyring, row.sealed_client_secret, aad(row.platform, row.host)),
    redirectUri: row.redirect_uri,
    pkce: row.pkce,
    title: row.title,
    limits: row.limits,
  };
}

/**
 * Saves what was read of the instance; with `app`, the app registered there now (replacing one
 * registered under another redirect URI). Two first connections to one instance at once keep the
 * last app: the other's client still works at the instance, it is only forgotten here.
 */
export async function saveNetworkInstance(
  db: Kysely<Database>,
  keyring: Keyring,
  input: {
    platform: InstancePlatform;
    host: string;
    pkce: boolean;
    title: string;
    limits: Record<string, number>;
    app: { clientId: string; clientSecret: string; redirectUri: string } | null;
  },
): Promise<void> {
  const described = { pkce: input.pkce, title: input.title, limits: JSON.stringify(input.limits) };
  if (input.app === null) {
    await db
      .updateTable('network_instances')
      .set({ ...described, updated_at: new Date() })
      .where(isInstance(input.platform, input.host))
      .execute();
    return;
  }
  const app = {
    client_id: input.app.clientId,
    sealed_client_secret: seal(keyring, input.app.clientSecret, aad(input.platform, input.host)),
    redirect_uri: input.app.redirectUri,
  };
  await db
    .insertInto('network_instances')
    .values({ platform: input.platform, host: input.host, ...app, ...described })
    .onConflict((oc) =>
      oc.columns(['platform', 'host']).doUpdateSet({ ...app, ...described, updated_at: new Date() }),
    )
    .execute();
}

/** Seals every instance's secret again with the keyring's active key (scripts/rotate-keys.ts). */
export async function resealInstanceSecrets(db: Kysely<Database>, keyring: Keyring): Promise<number> {
  const rows = await db
    .selectFrom('network_instances')
    .select(['platform', 'host', 'sealed_client_secret'])
    .execute();
  for (const row of rows) {
    const secret = unseal(keyring, row.sealed_client_secret, aad(row.platform, row.host));
    await db
      .updateTable('network_instances')
      .set({ sealed_client_secret: seal(keyring, secret, aad(row.platform, row.host)) })
      .where(isInstance(row.platform, row.host))
      .execute();
  }
  return rows.length;
}
