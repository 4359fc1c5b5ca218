// Mastodon's OAuth client (connect only), one per instance: the authorization code flow at
// `https://<host>/oauth/authorize` with the instance's own client id and secret (instance.ts
// registers them), PKCE (S256) where the instance's metadata lists it, the code exchanged at
// `POST /oauth/token`, the account read at `GET /api/v1/accounts/verify_credentials`, the token
// revoked at `POST /oauth/revoke`. Mastodon's tokens do not expire and there is no refresh token:
// an account stays connected until the person revokes Pauta at the instance (then 401: reconnect).
// https://docs.joinmastodon.org/methods/oauth/
// https://docs.joinmastodon.org/methods/accounts/#verify_credentials
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  bearer,
  type ErrorBodyClassifier,
  oauthCore,
  parseBody,
  postForm,
  requestJson,
} from '../oauth/client.js';
import { kindFromOAuthCode, kindFromStatus, OAuthProviderError } from '../oauth/errors.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes } from '../oauth/types.js';
import { rewriteAuthorizationUrl } from '../sandbox-url.js';
import { MASTODON_SCOPES, mastodonAccountKey } from './instance.js';

export const MASTODON_OAUTH_SCOPES: OAuthScopes = { connect: MASTODON_SCOPES };

const tokenSchema = z.object({
  access_token: z.string().min(1),
  scope: z.string().optional(),
});

export const accountSchema = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  display_name: z.string().optional(),
  avatar: z.string().optional(),
  followers_count: z.number().int().nonnegative().optional(),
});

/** Mastodon's errors: `{ error, error_description? }` (OAuth codes on the OAuth endpoints). */
const classifyMastodonBody: ErrorBodyClassifier = (body, status) => {
  const code =
    typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : null;
  const oauthCode = code !== null && /^[a-z_]+$/.test(code) ? code : null;
  return {
    kind: oauthCode === null ? kindFromStatus(status) : kindFromOAuthCode(oauthCode, null),
    providerCode: oauthCode,
  };
};

export function createMastodonOAuthClient(options: OAuthProviderOptions): OAuthProvider {
  const { instance } = options;
  if (instance === undefined) throw new Error('mastodon: the OAuth client needs its instance');
  const core = oauthCore('mastodon', MASTODON_OAUTH_SCOPES, options, classifyMastodonBody);
  const { ctx, defaultScopes, scopesOf } = core;
  const { clientId, clientSecret, redirectUri, sandboxUrl } = options;
  const base = `https://${instance.host}`;

  return {
    name: 'mastodon',
    usesPkce: instance.pkce,
    issuesRefreshTokens: false,
    defaultScopes,
    createAuthorizationURL(input) {
      const url = new URL(`${base}/oauth/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', scopesOf(input).join(' '));
      url.searchParams.set('state', input.state);
      if (instance.pkce) {
        const verifier = core.requireVerifier(input.codeVerifier);
        url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return rewriteAuthorizationUrl(url, sandboxUrl);
    },
    async validateAuthorizationCode(code, codeVerifier) {
      const params: Record<string, string> = {
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: redirectUri,
      };
      if (instance.pkce) params.code_verifier = core.requireVerifier(codeVerifier);
      const answer = parseBody(ctx, tokenSchema, await postForm(ctx, `${base}/oauth/token`, params));
      return {
        accessToken: answer.access_token,
        // Mastodon's tokens never expire and come without a refresh token.
        refreshToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        idToken: null,
        scopes: (answer.scope ?? '').split(/\s+/).filter((scope) => scope !== ''),
      };
    },
    async refreshAccessToken() {
      throw new OAuthProviderError(
        'invalid_grant',
        'mastodon',
        'mastodon: tokens do not expire and cannot be refreshed; reconnect the account',
      );
    },
    async fetchUserInfo(accessToken) {
      const account = parseBody(
        ctx,
        accountSchema,
        await requestJson(ctx, `${base}/api/v1/accounts/verify_credentials`, {
          headers: bearer(accessToken),
        }),
      );
      return {
        providerUserId: mastodonAccountKey(account.id, instance.host),
        email: null,
        emailVerified: false,
        name: account.display_name === undefined || account.display_name === '' ? null : account.display_name,
        firstName: null,
        lastName: null,
        avatarUrl: account.avatar ?? null,
        username: `${account.username}@${instance.host}`,
      };
    },
    async revokeToken(token) {
      await postForm(ctx, `${base}/oauth/revoke`, {
        client_id: clientId,
        client_secret: clientSecret,
        token,
      });
    },
  };
}
