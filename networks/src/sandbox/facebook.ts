// Sandbox Facebook: the Login dialog, the Graph token endpoint (code exchange and
// fb_exchange_token), /me and /me/accounts with Page tokens, in Graph API error shapes.
import { randomBytes } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import {
  avatarUrl,
  bearerToken,
  handleAuthorize,
  param,
  queryString,
  type SandboxContext,
  safeEqual,
  sendErrorPage,
} from './oauth-common.js';
import { type AccessToken, type CodeExchangeFailure, FACEBOOK_LONG_LIVED_TTL } from './store.js';

const GRAPH_VERSION = /^v\d+\.\d+$/;

/** Graph API errors: `{ error: { message, type, code, error_subcode?, fbtrace_id } }`, HTTP 400. */
function sendGraphError(res: Response, code: number, message: string, subcode?: number): void {
  res.status(400).json({
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(subcode === undefined ? {} : { error_subcode: subcode }),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });
}

const CODE_ERRORS: Record<CodeExchangeFailure, [string, number]> = {
  invalid_code: ['Invalid verification code format.', 36007],
  code_reused: ['This authorization code has been used.', 36009],
  code_expired: ['This authorization code has expired.', 36007],
  client_mismatch: ['Invalid verification code format.', 36007],
  redirect_mismatch: [
    'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
    36008,
  ],
  pkce_missing: ['Invalid code verifier.', 36007],
  pkce_mismatch: ['Invalid code verifier.', 36007],
};

function graphToken(req: Request): string | null {
  return queryString(req, 'access_token') ?? bearerToken(req);
}

function requestedFields(req: Request, defaults: string[]): string[] {
  const raw = queryString(req, 'fields');
  if (raw === undefined) return defaults;
  // `picture.type(large)` and `picture{url}` both ask for `picture`.
  return raw.split(',').map((f) => f.trim().split(/[.{]/)[0] ?? '');
}

function pick(source: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: source.id };
  for (const field of fields) {
    if (field in source && source[field] !== undefined) out[field] = source[field];
  }
  return out;
}

function versioned(handler: (req: Request, res: Response) => void) {
  return (req: Request, res: Response): void => {
    if (!GRAPH_VERSION.test(String(req.params.version))) {
      sendGraphError(res, 2500, `Unknown path components: /${String(req.params.version)}`);
      return;
    }
    handler(req, res);
  };
}

export function mountFacebook(app: Router, ctx: SandboxContext): void {
  const www = Router();
  www.get(
    '/:version/dialog/oauth',
    (req, res, next) => {
      if (GRAPH_VERSION.test(String(req.params.version))) next();
      else sendErrorPage(res, 'Sorry, something went wrong.', 'Unknown Graph API version.');
    },
    (req, res) => {
      handleAuthorize(
        ctx,
        {
          network: 'facebook',
          requirePkce: false,
          denyParams: {
            error: 'access_denied',
            error_code: '200',
            error_description: 'Permissions error',
            error_reason: 'user_denied',
          },
        },
        req,
        res,
      );
    },
  );
  app.use('/www.facebook.com', www);

  const graph = Router();
  const accessToken = versioned((req, res) => {
    const client = ctx.store.findClient('facebook', param(req, 'client_id'));
    if (client === null) {
      sendGraphError(res, 101, 'Error validating application. Invalid application ID.');
      return;
    }
    const secret = param(req, 'client_secret');
    if (secret === undefined || !safeEqual(secret, client.clientSecret)) {
      sendGraphError(res, 1, 'Error validating client secret.');
      return;
    }
    if (param(req, 'grant_type') === 'fb_exchange_token') {
      const current = ctx.store.findAccessToken('facebook', param(req, 'fb_exchange_token') ?? null);
      if (current === null || current.pageId !== null || current.grant.clientId !== client.clientId) {
        sendGraphError(res, 190, 'Error validating access token: The session has been invalidated.', 460);
        return;
      }
      const issued = ctx.store.issueTokens(current.grant, {
        refresh: false,
        ttlSeconds: FACEBOOK_LONG_LIVED_TTL,
      });
      res.json({
        access_token: issued.accessToken.token,
        token_type: 'bearer',
        expires_in: issued.expiresIn,
      });
      return;
    }
    const result = ctx.store.redeemCode({
      network: 'facebook',
      clientId: client.clientId,
      code: param(req, 'code'),
      redirectUri: param(req, 'redirect_uri'),
      codeVerifier: param(req, 'code_verifier'),
      verifyPkce: () => false,
    });
    if (!result.ok) {
      const [message, subcode] = CODE_ERRORS[result.reason];
      sendGraphError(res, 100, message, subcode);
      return;
    }
    const issued = ctx.store.issueTokens(result.grant, { refresh: false });
    res.json({ access_token: issued.accessToken.token, token_type: 'bearer', expires_in: issued.expiresIn });
  });
  graph.get('/:version/oauth/access_token', accessToken);
  graph.post('/:version/oauth/access_token', accessToken);

  const authenticated = (req: Request, res: Response): AccessToken | null => {
    const token = ctx.store.findAccessToken('facebook', graphToken(req));
    if (token === null) sendGraphError(res, 190, 'Invalid OAuth access token - Cannot parse access token');
    return token;
  };

  graph.get(
    '/:version/me',
    versioned((req, res) => {
      const token = authenticated(req, res);
      if (token === null) return;
      const { user, scopes } = token.grant;
      if (token.pageId !== null) {
        const page = user.pages.find((p) => p.id === token.pageId);
        res.json(pick({ id: token.pageId, name: page?.name }, requestedFields(req, ['id', 'name'])));
        return;
      }
      const profile: Record<string, unknown> = {
        id: user.sub,
        name: user.name,
        first_name: user.given_name,
        last_name: user.family_name,
        short_name: user.given_name,
        // Facebook only ever returns a confirmed email, and only with the email permission.
        email:
          scopes.includes('email') && user.email_verified && user.email !== null ? user.email : undefined,
        picture: { data: { height: 50, is_silhouette: false, url: avatarUrl(req, user), width: 50 } },
      };
      res.json(pick(profile, requestedFields(req, ['id', 'name'])));
    }),
  );

  graph.get(
    '/:version/me/accounts',
    versioned((req, res) => {
      const token = authenticated(req, res);
      if (token === null) return;
      const { user, scopes } = token.grant;
      const fields = requestedFields(req, [
        'id',
        'name',
        'access_token',
        'category',
        'category_list',
        'tasks',
      ]);
      // Without pages_show_list Facebook answers an empty list, not an error.
      const pages = token.pageId === null && scopes.includes('pages_show_list') ? user.pages : [];
      const data = pages.map((page) =>
        pick(
          {
            id: page.id,
            name: page.name,
            access_token: ctx.store.pageToken(token.grant, page).token,
            category: page.category,
            category_list: [{ id: '2500', name: page.category }],
            tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
          },
          fields,
        ),
      );
      const cursor = (id: string | undefined) => Buffer.from(id ?? '').toString('base64url');
      res.json({
        data,
        paging: { cursors: { before: cursor(pages[0]?.id), after: cursor(pages.at(-1)?.id) } },
      });
    }),
  );
  app.use('/graph.facebook.com', graph);
}
