// A network of many servers (Mastodon: registry `connectSteps.instance`): before the login the
// person types their server. It is checked (the network's own host rules, then every address
// the name resolves to must be public — the webhooks' address guard — unless the sandbox stands
// in), read, and Pauta's app is registered there once and kept sealed per host
// (network_instances); the OAuth client of the attempt, of its callback and of the revocation is
// built with that server's app. Nothing here names a network.
import type { Platform } from '@pauta/core';
import { findNetworkInstance, resolveWebhookHost, saveNetworkInstance, WebhookUrlError } from '@pauta/db';
import {
  ConnectRefusedError,
  createNetworkFetch,
  instanceClient,
  networkDescriptor,
  type OAuthProvider,
  oauthCallbackUrl,
} from '@pauta/networks';
import type { AppDeps } from '../deps.js';

type InstanceDeps = Pick<AppDeps, 'db' | 'env'>;

/** The app's name at every server (what the person sees on the server's authorization page). */
const APP_NAME = 'Pauta';

/** Whether connecting `platform` starts with a typed server, and the query parameter carrying it. */
export function instanceParam(platform: Platform): string | null {
  return networkDescriptor(platform).connectSteps.instance?.param ?? null;
}

/** Refuses a host that resolves to an address inside the deployment (or to nothing). */
async function checkPublicHost(host: string): Promise<void> {
  try {
    await resolveWebhookHost(new URL(`https://${host}`), { allowPrivate: false });
  } catch (error) {
    if (!(error instanceof WebhookUrlError)) throw error;
    throw new ConnectRefusedError(
      error.reason === 'PRIVATE_ADDRESS' ? 'instance_private' : 'instance_unreachable',
    );
  }
}

/**
 * The connect client at the server the person typed: checked, read, and Pauta's app registered
 * there when it has none (or one registered under another redirect URI: APP_URL changed). Throws
 * ConnectRefusedError with the reason the profile words in pt-BR.
 */
export async function prepareInstanceClient(
  deps: InstanceDeps,
  platform: Platform,
  typed: string,
): Promise<{ provider: OAuthProvider; host: string }> {
  const steps = networkDescriptor(platform).connectSteps.instance;
  if (!steps) throw new Error(`${platform}: no server to type`);
  const host = steps.parseHost(typed);
  const sandboxUrl = deps.env.SOCIAL_SANDBOX_URL;
  // Under SOCIAL_SANDBOX_URL every call goes to the sandbox, whatever the name resolves to.
  if (!sandboxUrl) await checkPublicHost(host);
  const redirectUri = oauthCallbackUrl(deps.env.appUrl, 'connect');
  const known = await findNetworkInstance(deps.db, deps.env.keyring, platform, host);
  const registered =
    known && known.redirectUri === redirectUri
      ? { clientId: known.clientId, clientSecret: known.clientSecret }
      : null;
  const prepared = await steps.prepare(host, {
    registered,
    redirectUri,
    appName: APP_NAME,
    website: deps.env.appUrl,
    fetch: createNetworkFetch(sandboxUrl),
  });
  await saveNetworkInstance(deps.db, deps.env.keyring, {
    platform,
    host,
    pkce: prepared.pkce,
    title: prepared.title,
    limits: { ...prepared.limits },
    app: prepared.registered === null ? null : { ...prepared.registered, redirectUri },
  });
  const app = prepared.registered ?? registered;
  if (app === null) throw new Error(`${platform}: ${host} has no app after its preparation`);
  const provider = instanceClient(
    platform,
    { env: deps.env, appUrl: deps.env.appUrl },
    { host, pkce: prepared.pkce, ...app },
  );
  if (!provider) throw new Error(`${platform}: no client for a typed server`);
  return { provider, host };
}

/** The connect client at a server Pauta already has an app at (the callback, the revocation); null otherwise. */
export async function storedInstanceClient(
  deps: InstanceDeps,
  platform: Platform,
  host: string,
): Promise<OAuthProvider | null> {
  const known = await findNetworkInstance(deps.db, deps.env.keyring, platform, host);
  if (!known) return null;
  return instanceClient(
    platform,
    { env: deps.env, appUrl: deps.env.appUrl },
    { host, pkce: known.pkce, clientId: known.clientId, clientSecret: known.clientSecret },
  );
}

/** The posts' text limit a server declared when it was last read (null: unknown, the network's). */
export async function instanceTextLimit(
  deps: InstanceDeps,
  platform: Platform,
  host: string,
): Promise<number | null> {
  const steps = networkDescriptor(platform).connectSteps.instance;
  const known = steps ? await findNetworkInstance(deps.db, deps.env.keyring, platform, host) : undefined;
  return steps && known ? steps.textLimit(known.limits) : null;
}

/** The server of a connected account of a network of many servers; null for any other network. */
export function accountInstance(platform: Platform, platformUserId: string): string | null {
  return networkDescriptor(platform).connectSteps.instance?.hostOf(platformUserId) ?? null;
}
