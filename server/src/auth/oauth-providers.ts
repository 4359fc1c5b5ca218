// Which OAuth clients this installation has: real credentials from the environment, or the
// sandbox's clients when the networks are the local sandbox (architecture §6).
import { createOAuthProvider, type OAuthProvider, type OAuthProviderName } from '@pauta/networks';
import type { ServerEnv } from '../env.js';

const CREDENTIAL_KEYS = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  facebook: ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  linkedin: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
  x: ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
} as const satisfies Record<OAuthProviderName, readonly [keyof ServerEnv, keyof ServerEnv]>;

export function oauthCredentials(
  env: ServerEnv,
  name: OAuthProviderName,
): { clientId: string; clientSecret: string } | null {
  const [idKey, secretKey] = CREDENTIAL_KEYS[name];
  const clientId = env[idKey];
  const clientSecret = env[secretKey];
  if (typeof clientId === 'string' && typeof clientSecret === 'string') return { clientId, clientSecret };
  if (env.SOCIAL_SANDBOX_URL)
    return { clientId: `sandbox-${name}-client`, clientSecret: `sandbox-${name}-secret` };
  return null;
}

export function callbackUrl(env: ServerEnv, purpose: 'signIn' | 'connect'): string {
  return `${env.appUrl}/auth/callback${purpose === 'connect' ? '?connection=true' : ''}`;
}

export function oauthProvider(
  env: ServerEnv,
  name: OAuthProviderName,
  purpose: 'signIn' | 'connect',
): OAuthProvider | null {
  const credentials = oauthCredentials(env, name);
  if (!credentials) return null;
  return createOAuthProvider(name, {
    ...credentials,
    redirectUri: callbackUrl(env, purpose),
    ...(env.SOCIAL_SANDBOX_URL ? { sandboxUrl: env.SOCIAL_SANDBOX_URL } : {}),
  });
}
