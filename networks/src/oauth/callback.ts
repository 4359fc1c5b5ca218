// The one place the OAuth callback is defined: the redirect URI every client registers (the web
// app's /auth/callback page, which hands the code to auth.completeOAuth) and the reading of the
// query the network sends back to it.
import { OAuthProviderError } from './errors.js';
import type { OAuthProviderName, OAuthPurpose } from './types.js';

/** The page the networks send the browser back to (a client route; see server/src/app.ts). */
export const OAUTH_CALLBACK_PATH = '/auth/callback';

/**
 * The redirect URI for a flow. It must match, byte for byte, the one registered at the network
 * and the one sent with the code exchange and with refreshes (the worker's clients use it too).
 */
export function oauthCallbackUrl(appUrl: string, purpose: OAuthPurpose): string {
  const base = appUrl.replace(/\/+$/, '');
  return `${base}${OAUTH_CALLBACK_PATH}${purpose === 'connect' ? '?connection=true' : ''}`;
}

export interface AuthorizationCallback {
  code: string;
  state: string;
}

/**
 * Reads `code` and `state` from the callback query. A refusal (`error=access_denied`, LinkedIn's
 * `user_cancelled_*`) throws kind `access_denied`; anything else malformed, `unexpected`.
 */
export function readAuthorizationCallback(
  provider: OAuthProviderName,
  params: URLSearchParams,
): AuthorizationCallback {
  const error = params.get('error');
  if (error !== null) {
    const kind = ['access_denied', 'user_cancelled_login', 'user_cancelled_authorize'].includes(error)
      ? 'access_denied'
      : 'unexpected';
    throw new OAuthProviderError(kind, provider, `${provider} returned ${error}`, { providerCode: error });
  }
  const code = params.get('code');
  const state = params.get('state');
  if (code === null || code === '' || state === null || state === '') {
    throw new OAuthProviderError('unexpected', provider, 'The callback lacks code or state');
  }
  return { code, state };
}
