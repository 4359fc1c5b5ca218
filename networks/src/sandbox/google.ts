// Sandbox Google: the OAuth 2.0 / OpenID Connect surface Arctic's Google class and our userinfo
// call use (accounts.google.com, oauth2.googleapis.com, openidconnect.googleapis.com).
import { Router } from 'express';
import {
  authenticateClient,
  bearerToken,
  mountAuthorize,
  oidcTokenBody,
  param,
  readClientCredentials,
  redeemRequestCode,
  type SandboxContext,
  sendOAuthError,
  userInfoClaims,
} from './oauth-common.js';
import type { CodeExchangeFailure, Grant, IssuedTokens } from './store.js';

const CODE_ERRORS: Record<CodeExchangeFailure, [string, string]> = {
  invalid_code: ['invalid_grant', 'Malformed auth code.'],
  code_reused: ['invalid_grant', 'Bad Request'],
  code_expired: ['invalid_grant', 'Bad Request'],
  client_mismatch: ['invalid_grant', 'Bad Request'],
  redirect_mismatch: ['redirect_uri_mismatch', 'Bad Request'],
  pkce_missing: ['invalid_grant', 'Missing code verifier.'],
  pkce_mismatch: ['invalid_grant', 'Invalid code verifier.'],
};

function tokenBody(issued: IssuedTokens, grant: Grant, clientSecret: string, now: number) {
  return oidcTokenBody(issued, grant, {
    separator: ' ',
    issuer: { iss: 'https://accounts.google.com', azp: grant.clientId, aud: grant.clientId },
    clientSecret,
    now,
  });
}

export function mountGoogle(app: Router, ctx: SandboxContext): void {
  mountAuthorize(app, ctx, {
    network: 'google',
    requirePkce: true,
    denyParams: { error: 'access_denied' },
    successParams: (scopes) => ({ scope: scopes.join(' '), authuser: '0', prompt: 'consent' }),
    hosts: ['accounts.google.com'],
    path: '/o/oauth2/v2/auth',
  });

  const oauth2 = Router();
  oauth2.post('/token', (req, res) => {
    // Google takes client_secret_basic and client_secret_post alike.
    const check = authenticateClient(ctx, 'google', readClientCredentials(req));
    if (!check.ok) {
      const description =
        check.reason === 'unknown_client' ? 'The OAuth client was not found.' : 'Unauthorized';
      sendOAuthError(res, 401, 'invalid_client', description);
      return;
    }
    const { client } = check;
    const grantType = param(req, 'grant_type');
    const now = ctx.store.now();
    if (grantType === 'authorization_code') {
      const result = redeemRequestCode(ctx, req, 'google', client.clientId, true);
      if (!result.ok) {
        const [error, description] = CODE_ERRORS[result.reason];
        sendOAuthError(res, 400, error, description);
        return;
      }
      // Google only hands out a refresh token for offline access.
      const offline = result.grant.authorizeParams.access_type === 'offline';
      const issued = ctx.store.issueTokens(result.grant, { refresh: offline });
      res.json(tokenBody(issued, result.grant, client.clientSecret, now));
      return;
    }
    if (grantType === 'refresh_token') {
      const issued = ctx.store.refresh('google', client.clientId, param(req, 'refresh_token'));
      if (issued === null) {
        sendOAuthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
        return;
      }
      res.json(tokenBody(issued, issued.accessToken.grant, client.clientSecret, now));
      return;
    }
    sendOAuthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  });
  oauth2.post('/revoke', (req, res) => {
    const token = param(req, 'token');
    if (token === undefined || !ctx.store.revoke(token)) {
      sendOAuthError(res, 400, 'invalid_token', 'Token expired or revoked');
      return;
    }
    res.json({});
  });
  app.use('/oauth2.googleapis.com', oauth2);

  const openid = Router();
  openid.get('/v1/userinfo', (req, res) => {
    const token = ctx.store.findAccessToken('google', bearerToken(req));
    if (token === null) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      sendOAuthError(res, 401, 'invalid_request', 'Invalid Credentials');
      return;
    }
    res.json({ sub: token.grant.user.sub, ...userInfoClaims(req, token.grant) });
  });
  app.use('/openidconnect.googleapis.com', openid);
}
