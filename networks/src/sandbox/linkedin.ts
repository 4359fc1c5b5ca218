// Sandbox LinkedIn: OAuth 2.0 with credentials in the body (no Basic auth, as Arctic notes),
// OpenID Connect userinfo at api.linkedin.com/v2/userinfo.
import { Router } from 'express';
import {
  avatarUrl,
  bearerToken,
  createIdToken,
  handleAuthorize,
  param,
  type SandboxContext,
  safeEqual,
  sendOAuthError,
  verifyS256,
} from './oauth-common.js';
import { type Grant, type IssuedTokens, LINKEDIN_REFRESH_TTL } from './store.js';

function tokenBody(issued: IssuedTokens, grant: Grant, clientSecret: string, now: number) {
  // LinkedIn reports granted scopes comma-separated.
  const body: Record<string, unknown> = {
    access_token: issued.accessToken.token,
    expires_in: issued.expiresIn,
    scope: grant.scopes.join(','),
    token_type: 'Bearer',
  };
  if (issued.refreshToken !== null) {
    body.refresh_token = issued.refreshToken.token;
    body.refresh_token_expires_in = LINKEDIN_REFRESH_TTL;
  }
  if (grant.scopes.includes('openid')) {
    const user = grant.user;
    const claims: Record<string, unknown> = {
      iss: 'https://www.linkedin.com/oauth',
      aud: grant.clientId,
      sub: user.sub,
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + 3600,
      locale: 'pt_BR',
    };
    if (grant.scopes.includes('email') && user.email !== null) {
      Object.assign(claims, { email: user.email, email_verified: user.email_verified });
    }
    if (grant.scopes.includes('profile')) {
      Object.assign(claims, { name: user.name, given_name: user.given_name, family_name: user.family_name });
    }
    body.id_token = createIdToken(claims, clientSecret);
  }
  return body;
}

export function mountLinkedIn(app: Router, ctx: SandboxContext): void {
  const www = Router();
  www.get('/oauth/v2/authorization', (req, res) => {
    handleAuthorize(
      ctx,
      {
        network: 'linkedin',
        requirePkce: false,
        denyParams: {
          error: 'user_cancelled_authorize',
          error_description: 'The user cancelled the authorization',
        },
      },
      req,
      res,
    );
  });
  www.post('/oauth/v2/accessToken', (req, res) => {
    const clientId = param(req, 'client_id');
    const clientSecret = param(req, 'client_secret');
    const client = ctx.store.findClient('linkedin', clientId);
    if (client === null || clientSecret === undefined || !safeEqual(clientSecret, client.clientSecret)) {
      sendOAuthError(res, 401, 'invalid_client', 'Client authentication failed');
      return;
    }
    const grantType = param(req, 'grant_type');
    const now = ctx.store.now();
    if (grantType === 'authorization_code') {
      const result = ctx.store.redeemCode({
        network: 'linkedin',
        clientId: client.clientId,
        code: param(req, 'code'),
        redirectUri: param(req, 'redirect_uri'),
        codeVerifier: param(req, 'code_verifier'),
        verifyPkce: verifyS256,
      });
      if (!result.ok) {
        const description =
          result.reason === 'redirect_mismatch'
            ? 'Unable to retrieve access token: redirect_uri does not match the redirect_uri used in the authorization code request'
            : 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.';
        sendOAuthError(res, 400, 'invalid_grant', description);
        return;
      }
      const issued = ctx.store.issueTokens(result.grant, { refresh: true });
      res.json(tokenBody(issued, result.grant, client.clientSecret, now));
      return;
    }
    if (grantType === 'refresh_token') {
      const issued = ctx.store.refresh('linkedin', client.clientId, param(req, 'refresh_token'));
      if (issued === null) {
        sendOAuthError(
          res,
          400,
          'invalid_grant',
          'The provided authorization grant or refresh token is invalid, expired or revoked.',
        );
        return;
      }
      res.json(tokenBody(issued, issued.accessToken.grant, client.clientSecret, now));
      return;
    }
    sendOAuthError(res, 400, 'unsupported_grant_type', 'Unsupported grant type');
  });
  app.use('/www.linkedin.com', www);

  const api = Router();
  api.get('/v2/userinfo', (req, res) => {
    const token = ctx.store.findAccessToken('linkedin', bearerToken(req));
    if (token === null) {
      res.status(401).json({ serviceErrorCode: 65600, message: 'Invalid access token', status: 401 });
      return;
    }
    const { user, scopes } = token.grant;
    if (!scopes.includes('openid')) {
      res.status(403).json({
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
        message: 'Not enough permissions to access: userinfo.GET.NO_VERSION',
        status: 403,
      });
      return;
    }
    const body: Record<string, unknown> = { sub: user.sub, locale: { country: 'BR', language: 'pt' } };
    if (scopes.includes('profile')) {
      Object.assign(body, {
        name: user.name,
        given_name: user.given_name,
        family_name: user.family_name,
        picture: avatarUrl(req, user),
      });
    }
    if (scopes.includes('email') && user.email !== null) {
      Object.assign(body, { email: user.email, email_verified: user.email_verified });
    }
    res.json(body);
  });
  app.use('/api.linkedin.com', api);
}
