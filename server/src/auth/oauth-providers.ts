// The web process's OAuth clients, from the networks registry (docs/networks.md): credentials
// from the environment or the sandbox's, the redirect URI the callback URL under APP_URL.

import type { Platform } from '@pauta/core';
import {
  connectClient,
  type OAuthProvider,
  type OAuthProviderName,
  type OAuthPurpose,
  type OAuthRuntime,
  oauthClient,
} from '@pauta/networks';
import type { ServerEnv } from '../env.js';

function runtime(env: ServerEnv): OAuthRuntime {
  return { env, appUrl: env.appUrl };
}

/** The client of a sign-in or connect flow; null when this installation has no credentials for it. */
export function oauthProvider(
  env: ServerEnv,
  name: OAuthProviderName,
  purpose: OAuthPurpose,
): OAuthProvider | null {
  return oauthClient(name, purpose, runtime(env));
}

/** The client that connects accounts of a network; null when it has none or is unconfigured. */
export function connectProvider(env: ServerEnv, platform: Platform): OAuthProvider | null {
  return connectClient(platform, runtime(env));
}
