// GET /auth/oauth/:provider/start — begins a social sign-in: remembers the attempt in a
// 10-minute HttpOnly cookie and sends the browser to the provider (or the sandbox).

import type { OAuthProviderName } from '@pauta/networks';
import { type Request, type Response, Router } from 'express';
import type { AppDeps } from '../deps.js';
import { cookieNames, OAUTH_COOKIE_MAX_AGE_S, setOAuthCookie } from './cookies.js';
import { oauthProvider } from './oauth-providers.js';
import { encodeAttempt, newCodeVerifier, newState } from './oauth-state.js';

const SIGN_IN_PROVIDERS: readonly OAuthProviderName[] = ['google', 'facebook', 'linkedin'];

export function oauthRouter(deps: AppDeps): Router {
  const router = Router();
  const names = cookieNames(deps.env.appUrl);

  router.get('/auth/oauth/:provider/start', (req: Request, res: Response) => {
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    const name = String(req.params.provider) as OAuthProviderName;
    const purpose = req.query.purpose === 'connect' ? 'connect' : 'signIn';
    const fail = (code: string) =>
      res.redirect(303, `/auth/callback?error=${code}&provider=${encodeURIComponent(name)}`);
    // Account connection is started by the connected-accounts flow (authenticated), not here.
    if (purpose !== 'signIn' || !SIGN_IN_PROVIDERS.includes(name)) return fail('OAUTH_FAILED');
    const provider = oauthProvider(deps.env, name, purpose);
    if (!provider) return fail('PLATFORM_NOT_CONFIGURED');

    const state = newState();
    const verifier = provider.usesPkce ? newCodeVerifier() : null;
    const url = provider.createAuthorizationURL({ state, ...(verifier ? { codeVerifier: verifier } : {}) });
    setOAuthCookie(
      res,
      names,
      encodeAttempt({
        state,
        verifier,
        provider: name,
        purpose,
        userId: null,
        expiresAt: Date.now() + OAUTH_COOKIE_MAX_AGE_S * 1000,
      }),
    );
    deps.logger.info({ provider: name, purpose, requestId: req.id }, 'início de login social');
    res.redirect(303, url.toString());
  });

  return router;
}
