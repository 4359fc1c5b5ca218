// The tokens a pending choice keeps (pending_connections' sealed user token) when the chosen
// option publishes with the login's own token (LinkedIn Pages, Pinterest boards): the access
// token, refresh token and expiry together, as JSON, so the chosen account keeps all three.
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

export function unsealTokens(userToken: string, platform: string): SealedTokens {
  const parsed = JSON.parse(userToken) as Partial<SealedTokens>;
  if (typeof parsed.accessToken !== 'string') throw new Error(`${platform}: pending tokens unreadable`);
  return {
    accessToken: parsed.accessToken,
    refreshToken: typeof parsed.refreshToken === 'string' ? parsed.refreshToken : null,
    expiresAt: typeof parsed.expiresAt === 'string' ? parsed.expiresAt : null,
  };
}

/** The token fields of a ConnectedAccount from what was sealed. */
export function accountTokens(tokens: SealedTokens) {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.expiresAt === null ? null : new Date(tokens.expiresAt),
  };
}
