// The tokens a pending choice keeps (sealed by the server as the pending row's user token) when
// the chosen account publishes with the login's own tokens: LinkedIn Pages (LinkedIn has no Page
// token) and Google Business Profile (a location has no token of its own). The refresh token and
// the expiry travel with the access token, so the chosen account can be renewed.
import type { OAuthTokens } from '../oauth/types.js';

export interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
}

export function sealTokens(tokens: OAuthTokens): string {
  const sealed: SealedTokens = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.accessTokenExpiresAt?.toISOString() ?? null,
  };
  return JSON.stringify(sealed);
}

/** `platform` names the network in the error when the row cannot be read. */
export function unsealTokens(userToken: string, platform: string): SealedTokens {
  const parsed = JSON.parse(userToken) as Partial<SealedTokens>;
  if (typeof parsed.accessToken !== 'string') throw new Error(`${platform}: pending tokens unreadable`);
  return {
    accessToken: parsed.accessToken,
    refreshToken: typeof parsed.refreshToken === 'string' ? parsed.refreshToken : null,
    expiresAt: typeof parsed.expiresAt === 'string' ? parsed.expiresAt : null,
  };
}

/** The account's token fields from the sealed tokens. */
export function sealedAccountTokens(tokens: SealedTokens): {
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
} {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.expiresAt === null ? null : new Date(tokens.expiresAt),
  };
}
