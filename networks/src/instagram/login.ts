// Instagram API with Instagram Login (no Facebook Page needed), the second way to connect an
// Instagram professional account: the authorization window at www.instagram.com, the code exchanged
// at api.instagram.com for a short-lived token (1 hour), at once exchanged on graph.instagram.com for
// a long-lived one (`ig_exchange_token`, 60 days), renewed with `ig_refresh_token` while it is valid
// and at least 24 hours old. Like Threads, Instagram issues no refresh token: the long-lived token is
// its own renewal credential, so Pauta stores it as both. No revocation endpoint is documented.
// The account remembers this login in its id (`instagramLoginUserId`): the publisher then calls
// graph.instagram.com with the Instagram token instead of graph.facebook.com with a Page token.
// https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login
import { z } from 'zod';
import type { ConnectedAccount, ConnectSteps } from '../connect/types.js';
import { ConnectRefusedError } from '../connect/types.js';
import {
  commaScopeClient,
  type ErrorBodyClassifier,
  oauthCore,
  parseBody,
  readTokens,
  requestJson,
} from '../oauth/client.js';
import { kindFromGraphError, kindFromStatus } from '../oauth/errors.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes, OAuthTokens } from '../oauth/types.js';

export const INSTAGRAM_LOGIN_AUTHORIZE_URL = 'https://www.instagram.com/oauth/authorize';
export const INSTAGRAM_LOGIN_TOKEN_URL = 'https://api.instagram.com/oauth/access_token';
export const INSTAGRAM_LOGIN_GRAPH = 'https://graph.instagram.com';

/**
 * `instagram_business_basic` (the account and its media), `instagram_business_content_publish`
 * (containers and media_publish), `instagram_business_manage_insights` (metrics),
 * `instagram_business_manage_comments` (the first comment; optional). Each needs Meta's
 * App Review before people without a role on the app can grant it (docs/instagram-login.md).
 */
export const INSTAGRAM_LOGIN_SCOPES: OAuthScopes = {
  connect: [
    'instagram_business_basic',
    'instagram_business_content_publish',
    'instagram_business_manage_insights',
    'instagram_business_manage_comments',
  ],
};

/** Without these Pauta cannot publish: a connection that lacks one is refused at once. */
export const INSTAGRAM_LOGIN_PUBLISH_PERMISSIONS: readonly string[] = [
  'instagram_business_basic',
  'instagram_business_content_publish',
];

/** What marks an account connected with Instagram Login (its platform_user_id). */
const LOGIN_PREFIX = 'iglogin:';

/** The stored id of an account connected with Instagram Login: the login, then the IG user id. */
export function instagramLoginUserId(igUserId: string): string {
  return `${LOGIN_PREFIX}${igUserId}`;
}

/**
 * Which login an Instagram account used, from its stored id: Instagram Login (`iglogin:<id>`,
 * graph.instagram.com) or Facebook Login (the bare IG user id, graph.facebook.com).
 */
export function instagramLoginOf(platformUserId: string): { igUserId: string; instagramLogin: boolean } {
  return platformUserId.startsWith(LOGIN_PREFIX)
    ? { igUserId: platformUserId.slice(LOGIN_PREFIX.length), instagramLogin: true }
    : { igUserId: platformUserId, instagramLogin: false };
}

/** The code answer: `{ data: [{ access_token, user_id, permissions }] }` (older apps: flat). */
const codeEntrySchema = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.string(), z.number()]),
  permissions: z.union([z.string(), z.array(z.string())]).optional(),
});
const codeAnswerSchema = z.union([z.object({ data: z.array(codeEntrySchema).min(1) }), codeEntrySchema]);

const meSchema = z.object({
  user_id: z.union([z.string(), z.number()]),
  username: z.string().optional(),
  name: z.string().optional(),
  account_type: z.string().optional(),
  profile_picture_url: z.string().optional(),
});

/**
 * graph.instagram.com answers errors as Graph does (`{ error: { message, type, code } }`);
 * api.instagram.com's code exchange flat (`{ error_type, code, error_message }`).
 */
const classifyInstagramBody: ErrorBodyClassifier = (body, status) => {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (typeof record.error_message === 'string') {
    const message = record.error_message;
    const kind = /client.?secret|client.?id|invalid platform app/i.test(message)
      ? 'invalid_client'
      : /code|token/i.test(message)
        ? 'invalid_grant'
        : kindFromStatus(status);
    return { kind, providerCode: record.error_type === undefined ? null : String(record.error_type) };
  }
  const error = record.error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return { kind: kindFromGraphError(body, status), providerCode: code === undefined ? null : String(code) };
};

function permissionList(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  return list.map((scope) => scope.trim()).filter((scope) => scope !== '');
}

/** The professional account behind an Instagram Login token (`GET graph.instagram.com/me`). */
export interface InstagramLoginProfile {
  igUserId: string;
  username: string | null;
  name: string | null;
  accountType: string | null;
  avatarUrl: string | null;
}

export interface InstagramLoginProvider extends OAuthProvider {
  readonly name: 'instagram_login';
  fetchProfile(accessToken: string): Promise<InstagramLoginProfile>;
}

export function createInstagramLoginClient(options: OAuthProviderOptions): InstagramLoginProvider {
  const core = oauthCore('instagram_login', INSTAGRAM_LOGIN_SCOPES, options, classifyInstagramBody);
  const { ctx, now } = core;
  const { clientId, clientSecret, redirectUri } = options;

  /** A long-lived token answer as tokens: the token is also what renews it. */
  const longLived = (data: unknown, scopes: string[]): OAuthTokens => {
    const tokens = readTokens('instagram_login', (data ?? {}) as Record<string, unknown>, now());
    return {
      ...tokens,
      refreshToken: tokens.accessToken,
      refreshTokenExpiresAt: tokens.accessTokenExpiresAt,
      scopes,
    };
  };

  const fetchProfile = async (accessToken: string): Promise<InstagramLoginProfile> => {
    const query = new URLSearchParams({
      fields: 'user_id,username,name,account_type,profile_picture_url',
      access_token: accessToken,
    });
    const me = parseBody(ctx, meSchema, await requestJson(ctx, `${INSTAGRAM_LOGIN_GRAPH}/me?${query}`, {}));
    return {
      igUserId: String(me.user_id),
      username: me.username ?? null,
      name: me.name ?? null,
      accountType: me.account_type ?? null,
      avatarUrl: me.profile_picture_url ?? null,
    };
  };

  return {
    ...commaScopeClient('instagram_login', INSTAGRAM_LOGIN_AUTHORIZE_URL, core, options),
    async validateAuthorizationCode(code) {
      const answer = parseBody(
        ctx,
        codeAnswerSchema,
        await requestJson(ctx, INSTAGRAM_LOGIN_TOKEN_URL, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: clientId,
            client_secret: clientSecret,
            grant_type: 'authorization_code',
            redirect_uri: redirectUri,
            code,
          }),
        }),
      );
      const short = 'data' in answer ? answer.data[0]! : answer;
      // The short-lived token lasts an hour: exchange it now for the 60-day one.
      const query = new URLSearchParams({
        grant_type: 'ig_exchange_token',
        client_secret: clientSecret,
        access_token: short.access_token,
      });
      return longLived(
        await requestJson(ctx, `${INSTAGRAM_LOGIN_GRAPH}/access_token?${query}`, {}),
        permissionList(short.permissions),
      );
    },
    async refreshAccessToken(token) {
      const query = new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: token });
      return longLived(
        await requestJson(ctx, `${INSTAGRAM_LOGIN_GRAPH}/refresh_access_token?${query}`, {}),
        [],
      );
    },
    fetchProfile,
    async fetchUserInfo(accessToken) {
      const me = await fetchProfile(accessToken);
      return {
        providerUserId: me.igUserId,
        email: null,
        emailVerified: false,
        name: me.name,
        firstName: null,
        lastName: null,
        avatarUrl: me.avatarUrl,
        username: me.username,
      };
    },
  };
}

/** Business and Creator accounts publish through the API; a personal account cannot. */
function isProfessional(accountType: string | null): boolean {
  const type = (accountType ?? '').toUpperCase();
  return type === 'BUSINESS' || type === 'MEDIA_CREATOR' || type === 'CREATOR';
}

/**
 * After the code exchange: the permissions granted must allow publishing, and the account must be
 * professional (a personal account is refused with `personal_account`); then it is the account.
 */
export const INSTAGRAM_LOGIN_CONNECT: ConnectSteps['complete'] = async (client, tokens, scopes) => {
  const provider = client as InstagramLoginProvider;
  // The code answer lists the permissions granted (the person may untick some).
  const granted = tokens.scopes.length > 0 ? tokens.scopes : scopes;
  const missing = INSTAGRAM_LOGIN_PUBLISH_PERMISSIONS.filter((permission) => !granted.includes(permission));
  if (missing.length > 0)
    throw new ConnectRefusedError('login_permissions_declined', {
      message: 'permissões do Instagram recusadas',
      details: { missing },
    });
  const me = await provider.fetchProfile(tokens.accessToken);
  if (!isProfessional(me.accountType))
    throw new ConnectRefusedError('personal_account', {
      message: 'conta pessoal do Instagram',
      details: { accountType: me.accountType },
    });
  const account: ConnectedAccount = {
    platformUserId: instagramLoginUserId(me.igUserId),
    platformUsername: me.username ?? me.name,
    name: me.name,
    email: null,
    avatarUrl: me.avatarUrl,
    pageName: null,
    scopes: granted,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
  };
  return { kind: 'connected', account };
};
