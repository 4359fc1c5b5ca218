// Pinterest's OAuth client (connect only, API v5): the dialog at www.pinterest.com/oauth/, the code
// exchanged at `POST https://api.pinterest.com/v5/oauth/token` with HTTP Basic client
// authentication (client id and secret), answering a 30-day access token and a 365-day refresh
// token (`expires_in`, `refresh_token_expires_in`); renewal is `grant_type=refresh_token` at the
// same endpoint. Pinterest documents no revocation endpoint: the person removes the app in their
// Pinterest settings ("Apps"). Beside the client, what connecting reads: `GET /v5/user_account`
// (username, account_type, follower_count) and `GET /v5/boards` (paged with `bookmark`).
// https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/
// https://developers.pinterest.com/docs/api/v5/oauth-token/
import { z } from 'zod';
import {
  bearer,
  commaScopeClient,
  type ErrorBodyClassifier,
  oauthCore,
  parseBody,
  readTokens,
  requestJson,
} from '../oauth/client.js';
import { kindFromStatus } from '../oauth/errors.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes, OAuthTokens } from '../oauth/types.js';
import { PINTEREST_API, PINTEREST_AUTHORIZE_URL } from './api.js';

/**
 * `boards:read` (the board picker), `pins:read` (the outcome lookup, analytics), `pins:write` and
 * `boards:write` (Pinterest's "Create boards and Pins" guide asks for both to create a pin on a
 * board), `user_accounts:read` (username, account type, followers). Trial access grants them to the
 * app's own collaborators; Standard access (after Pinterest's review) to everyone.
 * https://developers.pinterest.com/docs/work-with-organic-content-and-users/create-boards-and-pins/
 */
export const PINTEREST_SCOPES: OAuthScopes = {
  connect: ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'],
};

/** Boards read at most when connecting (Pinterest's page size is at most 250). */
const BOARD_PAGE = 100;
const BOARD_PAGES_MAX = 5;

/** A board the token's user owns: where Pauta pins. */
export interface PinterestBoard {
  id: string;
  name: string;
  /** PUBLIC, PROTECTED or SECRET. */
  privacy: string;
}

/** Who connected: the user account's username, and whether analytics exist (BUSINESS). */
export interface PinterestAccount {
  id: string;
  username: string;
  accountType: string;
  followerCount: number | null;
}

export interface PinterestOAuthProvider extends OAuthProvider {
  fetchAccount(accessToken: string): Promise<PinterestAccount>;
  /** The user's boards (all pages, up to 500), in Pinterest's order. */
  fetchBoards(accessToken: string): Promise<PinterestBoard[]>;
}

const accountSchema = z
  .object({
    id: z.string().optional(),
    username: z.string().min(1),
    account_type: z.string(),
    follower_count: z.number().optional(),
  })
  .passthrough();

const boardsSchema = z.object({
  items: z.array(
    z.object({ id: z.string().min(1), name: z.string(), privacy: z.string().optional() }).passthrough(),
  ),
  bookmark: z.string().nullable().optional(),
});

function codeOf(body: unknown): string | null {
  const code = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).code : undefined;
  return code === undefined || code === null ? null : String(code);
}

/** Pinterest answers errors as `{ code, message }` with the HTTP status. */
const classifyPinterestBody: ErrorBodyClassifier = (body, status) => ({
  kind: kindFromStatus(status),
  providerCode: codeOf(body),
});

/**
 * At the token endpoint: 401 = the app's credentials were refused (Basic auth), 400 = the code or
 * refresh token is not (or no longer) valid: the account must reconnect.
 */
const classifyTokenBody: ErrorBodyClassifier = (body, status) => ({
  kind: status === 401 ? 'invalid_client' : status === 400 ? 'invalid_grant' : kindFromStatus(status),
  providerCode: codeOf(body),
});

export function createPinterestOAuthClient(options: OAuthProviderOptions): PinterestOAuthProvider {
  const core = oauthCore('pinterest', PINTEREST_SCOPES, options, classifyPinterestBody);
  const { ctx, now } = core;
  const { clientId, clientSecret, redirectUri } = options;
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  const token = async (params: Record<string, string>): Promise<OAuthTokens> => {
    const body = await requestJson(
      { ...ctx, classifyError: classifyTokenBody },
      `${PINTEREST_API}/oauth/token`,
      {
        method: 'POST',
        headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params),
      },
    );
    return readTokens('pinterest', (body ?? {}) as Record<string, unknown>, now());
  };

  const fetchAccount = async (accessToken: string): Promise<PinterestAccount> => {
    const account = parseBody(
      ctx,
      accountSchema,
      await requestJson(ctx, `${PINTEREST_API}/user_account`, { headers: bearer(accessToken) }),
    );
    return {
      id: account.id ?? account.username,
      username: account.username,
      accountType: account.account_type,
      followerCount: account.follower_count ?? null,
    };
  };

  return {
    ...commaScopeClient('pinterest', PINTEREST_AUTHORIZE_URL, core, options),
    validateAuthorizationCode: (code) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refreshAccessToken: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async fetchUserInfo(accessToken) {
      const account = await fetchAccount(accessToken);
      return {
        providerUserId: account.id,
        email: null,
        emailVerified: false,
        name: account.username,
        firstName: null,
        lastName: null,
        avatarUrl: null,
        username: account.username,
      };
    },
    fetchAccount,
    async fetchBoards(accessToken) {
      const boards: PinterestBoard[] = [];
      let bookmark: string | null = null;
      for (let page = 0; page < BOARD_PAGES_MAX; page++) {
        const query = new URLSearchParams({ page_size: String(BOARD_PAGE) });
        if (bookmark !== null) query.set('bookmark', bookmark);
        const listed = parseBody(
          ctx,
          boardsSchema,
          await requestJson(ctx, `${PINTEREST_API}/boards?${query}`, { headers: bearer(accessToken) }),
        );
        for (const item of listed.items)
          boards.push({ id: item.id, name: item.name, privacy: item.privacy ?? 'PUBLIC' });
        bookmark = listed.bookmark ?? null;
        if (bookmark === null || bookmark === '') break;
      }
      return boards;
    },
  };
}
