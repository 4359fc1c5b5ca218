// Which OAuth clients an installation has, per network: real credentials from configuration, or
// the sandbox's own clients when the networks are the local sandbox. Shared by web and worker.
import type { OAuthProviderName } from './providers/oauth.js';

export interface CredentialSource {
  SOCIAL_SANDBOX_URL?: string | undefined;
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_SECRET?: string | undefined;
  FACEBOOK_CLIENT_ID?: string | undefined;
  FACEBOOK_CLIENT_SECRET?: string | undefined;
  LINKEDIN_CLIENT_ID?: string | undefined;
  LINKEDIN_CLIENT_SECRET?: string | undefined;
  X_CLIENT_ID?: string | undefined;
  X_CLIENT_SECRET?: string | undefined;
}

const KEYS = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  facebook: ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  linkedin: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
  x: ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
} as const satisfies Record<OAuthProviderName, readonly [keyof CredentialSource, keyof CredentialSource]>;

export function networkCredentials(
  source: CredentialSource,
  name: OAuthProviderName,
): { clientId: string; clientSecret: string } | null {
  const [idKey, secretKey] = KEYS[name];
  const clientId = source[idKey];
  const clientSecret = source[secretKey];
  if (clientId && clientSecret) return { clientId, clientSecret };
  if (source.SOCIAL_SANDBOX_URL)
    return { clientId: `sandbox-${name}-client`, clientSecret: `sandbox-${name}-secret` };
  return null;
}
