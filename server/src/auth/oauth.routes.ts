// GET /auth/oauth/:provider/start — begins a social sign-in (`purpose=signin`) or an account
// connection (`purpose=connect`, signed in only): remembers the attempt in a 10-minute HttpOnly
// cookie (bound to the user for a connection, O3) and sends the browser to the provider.

import { CONNECTABLE_PLATFORMS, isAppError } from '@pauta/core';
import { isDatabaseUnavailable } from '@pauta/db';
import {
  ConnectRefusedError,
  connectLoginOf,
  isConnectPlatform,
  networkDescriptor,
  type OAuthProvider,
  type OAuthProviderName,
  SIGN_IN_OAUTH_PROVIDERS,
  scopesFor,
} from '@pauta/networks';
import { type Request, type Response, Router } from 'express';
import { instanceParam, prepareInstanceClient } from '../accounts/instances.js';
import type { AppDeps } from '../deps.js';
import { resolveWorkspace } from '../workspaces/scope.js';
import { cookieNames, readCookie, setOAuthCookie } from './cookies.js';
import { oauthProvider } from './oauth-providers.js';
import { encodeAttempt, newCodeVerifier, newState, OAUTH_ATTEMPT_TTL_MS } from './oauth-state.js';
import { validateSessionToken } from './session.js';

/** Networks shown in Contas Conectadas; those without a connect client answer "not configured". */
const CONNECT_CARD_PLATFORMS: readonly string[] = CONNECTABLE_PLATFORMS;

export function oauthRouter(deps: AppDeps): Router {
  const router = Router();
  const names = cookieNames(deps.env.appUrl);

  /** The signed-in user of this request (session cookie only), or null. Never throws. */
  const sessionUserId = async (req: Request): Promise<string | null> => {
    const token = readCookie(req, names.session);
    if (!token) return null;
    try {
      return (await validateSessionToken(deps.db, token))?.userId ?? null;
    } catch (error) {
      deps.logger.error({ err: error, requestId: req.id }, 'falha ao validar a sessão');
      return null;
    }
  };

  router.get('/auth/oauth/:provider/start', async (req: Request, res: Response) => {
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    const name = String(req.params.provider);
    const purpose = req.query.purpose === 'connect' ? 'connect' : 'signIn';
    let userId: string | null = null;
    let workspaceId: string | null = null;
    let providerName: OAuthProviderName;
    /** The server the person typed (a network of many servers: Mastodon's instance). */
    let instance: string | null = null;
    let instanceProvider: OAuthProvider | null = null;
    /** "Conectar outra conta": `?intent=another`, sealed in the attempt (never read on the callback). */
    const another = purpose === 'connect' && req.query.intent === 'another';

    if (purpose === 'connect') {
      const failConnect = (code: string, reason?: string) =>
        res.redirect(
          303,
          `/connected-accounts?connection=true&error=${code}&platform=${encodeURIComponent(name)}${reason ? `&reason=${encodeURIComponent(reason)}` : ''}`,
        );
      if (!CONNECT_CARD_PLATFORMS.includes(name)) return failConnect('OAUTH_FAILED');
      userId = await sessionUserId(req);
      if (!userId) return res.redirect(303, '/auth');
      // `?login=<client>`: the connect flow the person chose when the network has several
      // (Instagram: Instagram Login beside Facebook Login); none named = the network's own.
      const login = typeof req.query.login === 'string' ? req.query.login : undefined;
      if (isConnectPlatform(name) && networkDescriptor(name).oauth && !connectLoginOf(name, login))
        return failConnect('OAUTH_FAILED');
      const client = isConnectPlatform(name) ? connectLoginOf(name, login) : null;
      if (!client) return failConnect('PLATFORM_NOT_CONFIGURED');
      const param = isConnectPlatform(name) ? instanceParam(name) : null;
      if (param === null && !oauthProvider(deps.env, client.name, 'connect'))
        return failConnect('PLATFORM_NOT_CONFIGURED');
      // The workspace the account is connected in (docs/workspaces.md): `?workspace=<id>`, else the
      // person's default; they must be a member allowed to connect accounts there.
      try {
        const requested = typeof req.query.workspace === 'string' ? req.query.workspace : null;
        workspaceId = (
          await resolveWorkspace(deps, { userId, requested, action: 'accounts.write', readOnly: false })
        ).id;
      } catch (error) {
        if (isAppError(error)) return failConnect(error.code);
        if (isDatabaseUnavailable(error)) return failConnect('DATABASE_UNAVAILABLE');
        throw error;
      }
      providerName = client.name;
      if (param !== null && isConnectPlatform(name)) {
        // The typed server: checked, read, Pauta's app registered there once (accounts/instances.ts).
        const typed = typeof req.query[param] === 'string' ? String(req.query[param]) : '';
        try {
          const prepared = await prepareInstanceClient(deps, name, typed);
          instance = prepared.host;
          instanceProvider = prepared.provider;
        } catch (error) {
          if (error instanceof ConnectRefusedError) {
            deps.logger.info(
              { provider: client.name, reason: error.reason, requestId: req.id, ...error.log?.details },
              'instância recusada na conexão de conta',
            );
            return failConnect('OAUTH_FAILED', error.reason);
          }
          if (isDatabaseUnavailable(error)) return failConnect('DATABASE_UNAVAILABLE');
          throw error;
        }
      }
    } else if (SIGN_IN_OAUTH_PROVIDERS.includes(name as OAuthProviderName)) {
      providerName = name as OAuthProviderName;
    } else {
      return res.redirect(303, `/auth/callback?error=OAUTH_FAILED&provider=${encodeURIComponent(name)}`);
    }

    const provider = instanceProvider ?? oauthProvider(deps.env, providerName, purpose);
    if (!provider)
      return res.redirect(
        303,
        `/auth/callback?error=PLATFORM_NOT_CONFIGURED&provider=${encodeURIComponent(name)}`,
      );

    const state = newState();
    const verifier = provider.usesPkce ? newCodeVerifier() : null;
    const scopes = scopesFor(providerName, purpose, deps.env) ?? undefined;
    const url = provider.createAuthorizationURL({
      state,
      ...(verifier ? { codeVerifier: verifier } : {}),
      ...(scopes ? { scopes } : {}),
    });
    setOAuthCookie(
      res,
      names,
      encodeAttempt(deps.env.keyring, {
        state,
        verifier,
        provider: providerName,
        purpose,
        userId,
        workspaceId,
        ...(instance === null ? {} : { instance }),
        ...(another ? { intent: 'another' as const } : {}),
        expiresAt: Date.now() + OAUTH_ATTEMPT_TTL_MS,
      }),
    );
    deps.logger.info(
      {
        provider: providerName,
        purpose,
        requestId: req.id,
        ...(userId ? { userId } : {}),
        ...(instance === null ? {} : { instance }),
        ...(another ? { intent: 'another' } : {}),
      },
      purpose === 'connect' ? 'início de conexão de conta' : 'início de login social',
    );
    res.redirect(303, url.toString());
  });

  return router;
}
