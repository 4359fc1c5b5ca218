// Sandbox X (Twitter API v2): OAuth 2.0 with PKCE and HTTP Basic client authentication,
// rotating refresh tokens when `offline.access` was granted, and GET /2/users/me.
import { Router } from 'express';
import {
  authenticateClient,
  avatarUrl,
  bearerToken,
  handleAuthorize,
  param,
  queryString,
  readClientCredentials,
  type SandboxContext,
  sendOAuthError,
  verifyS256,
} from './oauth-common.js';
import type { Grant, IssuedTokens } from './store.js';

function tokenBody(issued: IssuedTokens, grant: Grant) {
  const body: Record<string, unknown> = {
    token_type: 'bearer',
    expires_in: issued.expiresIn,
    access_token: issued.accessToken.token,
    scope: grant.scopes.join(' '),
  };
  if (issued.refreshToken !== null) body.refresh_token = issued.refreshToken.token;
  return body;
}

function problem(status: number, title: string) {
  return { title, type: 'about:blank', status, detail: title };
}

export function mountX(app: Router, ctx: SandboxContext): void {
  const web = Router();
  web.get('/i/oauth2/authorize', (req, res) => {
    handleAuthorize(
      ctx,
      { network: 'x', requirePkce: true, denyParams: { error: 'access_denied' } },
      req,
      res,
    );
  });
  app.use('/twitter.com', web);
  app.use('/x.com', web);

  const api = Router();
  api.post('/2/oauth2/token', (req, res) => {
    // Confidential clients must use HTTP Basic.
    const credentials = readClientCredentials(req);
    const check = credentials.method === 'basic' ? authenticateClient(ctx, 'x', credentials) : null;
    if (check === null || !check.ok) {
      sendOAuthError(res, 401, 'invalid_client', 'Missing valid authorization header');
      return;
    }
    const { client } = check;
    const grantType = param(req, 'grant_type');
    if (grantType === 'authorization_code') {
      const result = ctx.store.redeemCode({
        network: 'x',
        clientId: client.clientId,
        code: param(req, 'code'),
        redirectUri: param(req, 'redirect_uri'),
        codeVerifier: param(req, 'code_verifier'),
        verifyPkce: verifyS256,
      });
      if (!result.ok) {
        sendOAuthError(res, 400, 'invalid_grant', 'Value passed for the authorization code was invalid.');
        return;
      }
      // Without offline.access X issues no refresh token.
      const issued = ctx.store.issueTokens(result.grant, {
        refresh: result.grant.scopes.includes('offline.access'),
      });
      res.json(tokenBody(issued, result.grant));
      return;
    }
    if (grantType === 'refresh_token') {
      const issued = ctx.store.refresh('x', client.clientId, param(req, 'refresh_token'));
      if (issued === null) {
        sendOAuthError(res, 400, 'invalid_grant', 'Value passed for the token was invalid.');
        return;
      }
      res.json(tokenBody(issued, issued.accessToken.grant));
      return;
    }
    sendOAuthError(res, 400, 'invalid_request', 'Missing required parameter [grant_type].');
  });
  api.post('/2/oauth2/revoke', (req, res) => {
    const token = param(req, 'token');
    if (token !== undefined) ctx.store.revoke(token);
    res.json({ revoked: true });
  });
  api.get('/2/users/me', (req, res) => {
    const token = ctx.store.findAccessToken('x', bearerToken(req));
    if (token === null) {
      res.status(401).json(problem(401, 'Unauthorized'));
      return;
    }
    const { user, scopes } = token.grant;
    if (!scopes.includes('users.read') || !scopes.includes('tweet.read')) {
      res.status(403).json(problem(403, 'Forbidden'));
      return;
    }
    const fields = (queryString(req, 'user.fields') ?? '').split(',');
    const data: Record<string, unknown> = { id: user.sub, name: user.name, username: user.username };
    if (fields.includes('profile_image_url')) data.profile_image_url = avatarUrl(req, user);
    if (fields.includes('public_metrics')) {
      data.public_metrics = {
        followers_count: 128,
        following_count: 64,
        tweet_count: 42,
        listed_count: 1,
        like_count: 256,
      };
    }
    if (fields.includes('verified')) data.verified = false;
    res.json({ data });
  });
  app.use('/api.twitter.com', api);
  app.use('/api.x.com', api);
}
