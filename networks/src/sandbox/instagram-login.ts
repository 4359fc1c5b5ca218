// Sandbox Instagram API with Instagram Login: the authorization window at www.instagram.com (and
// api.instagram.com), the code exchange at api.instagram.com (`{ data: [{ access_token, user_id,
// permissions }] }`, a 1-hour token), and graph.instagram.com: `ig_exchange_token` (60 days),
// `ig_refresh_token` (only a valid token at least 24 hours old), `/me`, and the same IG user, media,
// container and insights calls as graph.facebook.com (instagram.ts), reached with the Instagram
// token of the account itself instead of a Page's. A sandbox user is the professional account linked
// to their first Page; a user with none logs in as a personal account (account_type PERSONAL).
import { randomBytes } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import { GRAPH_VERSION, graphToken, pick, requestedFields, sendGraphError } from './graph-common.js';
import {
  type InstagramAccess,
  instagramInsights,
  instagramUserFields,
  mountInstagramGraph,
  readInstagramObject,
} from './instagram.js';
import {
  avatarUrl,
  handleAuthorize,
  mountLongLivedTokenRoutes,
  param,
  redeemRequestCode,
  type SandboxContext,
  safeEqual,
} from './oauth-common.js';
import type { AccessToken, SandboxUser } from './store.js';

/** The professional account a sandbox user logs in as: their first Page's IG account, else none. */
function professionalAccountOf(user: SandboxUser): string | null {
  return user.pages.find((page) => page.instagramAccountId)?.instagramAccountId ?? null;
}

/** The IG user id `/me` answers: the professional account's, else a personal account's own. */
export function instagramLoginUserId(user: SandboxUser): string {
  return professionalAccountOf(user) ?? `17841499${user.sub.slice(-8)}`;
}

function sendInvalidToken(res: Response): void {
  sendGraphError(res, 190, 'Invalid OAuth access token - Cannot parse access token');
}

/** A valid Instagram Login token for this call, or null after answering error 190. */
function authenticatedInstagram(ctx: SandboxContext, req: Request, res: Response): AccessToken | null {
  const raw = graphToken(req);
  const token = ctx.store.findAccessToken('instagram', raw);
  if (token === null) {
    if (ctx.store.isRevoked('instagram', raw))
      sendGraphError(
        res,
        190,
        'Error validating access token: The user has not authorized application.',
        458,
      );
    else sendInvalidToken(res);
    return null;
  }
  return token;
}

/** On graph.instagram.com the token is the account's own: it reaches that professional account only. */
const INSTAGRAM_LOGIN_ACCESS: InstagramAccess = {
  authenticate: authenticatedInstagram,
  owns: (ctx, token, igUserId) =>
    professionalAccountOf(token.grant.user) === igUserId && ctx.store.findInstagramAccount(igUserId) !== null,
  scopes: {
    read: ['instagram_business_basic'],
    publish: ['instagram_business_basic', 'instagram_business_content_publish'],
    insights: ['instagram_business_basic', 'instagram_business_manage_insights'],
    comments: ['instagram_business_basic', 'instagram_business_manage_comments'],
  },
};

function mountTokenEndpoints(api: Router, graph: Router, ctx: SandboxContext): void {
  // Code → short-lived token (1 hour), with the permissions granted.
  api.post('/oauth/access_token', (req, res) => {
    const client = ctx.store.findClient('instagram', param(req, 'client_id'));
    const secret = param(req, 'client_secret');
    if (client === null || secret === undefined || !safeEqual(secret, client.clientSecret)) {
      res
        .status(400)
        .json({ error_type: 'OAuthException', code: 400, error_message: 'Invalid client_secret' });
      return;
    }
    if (param(req, 'grant_type') !== 'authorization_code') {
      res
        .status(400)
        .json({ error_type: 'OAuthException', code: 400, error_message: 'Unsupported grant_type' });
      return;
    }
    const result = redeemRequestCode(ctx, req, 'instagram', client.clientId, false);
    if (!result.ok) {
      res.status(400).json({
        error_type: 'OAuthException',
        code: 400,
        error_message: `Error validating verification code (${result.reason})`,
      });
      return;
    }
    const issued = ctx.store.issueTokens(result.grant, { refresh: false });
    res.json({
      data: [
        {
          access_token: issued.accessToken.token,
          user_id: instagramLoginUserId(result.grant.user),
          permissions: result.grant.scopes.join(','),
        },
      ],
    });
  });

  mountLongLivedTokenRoutes(graph, ctx, {
    network: 'instagram',
    grantPrefix: 'ig',
    sendError: (res, code, message) => sendGraphError(res, code, message),
    sendInvalidToken,
  });
}

export function mountInstagramLogin(app: Router, ctx: SandboxContext): void {
  const web = Router();
  web.get('/oauth/authorize', (req, res) => {
    handleAuthorize(
      ctx,
      {
        network: 'instagram',
        requirePkce: false,
        denyParams: {
          error: 'access_denied',
          error_reason: 'user_denied',
          error_description: 'The user denied your request.',
        },
      },
      req,
      res,
    );
  });
  for (const host of ['www.instagram.com', 'instagram.com']) app.use(`/${host}`, web);

  const api = Router();
  const graph = Router();
  mountTokenEndpoints(api, graph, ctx);
  // The older host of the same dialog (Basic Display's): web's own route is /oauth/authorize.
  api.use(web);
  app.use('/api.instagram.com', api);

  // `/me`: the logged-in account (user_id = the IG user id publishing uses; account_type).
  const me = (req: Request, res: Response) => {
    const token = authenticatedInstagram(ctx, req, res);
    if (token === null) return;
    const user = token.grant.user;
    const igUserId = instagramLoginUserId(user);
    const professional = professionalAccountOf(user) !== null;
    const fields = professional ? (instagramUserFields(ctx, req, igUserId) ?? {}) : {};
    const all: Record<string, unknown> = {
      ...fields,
      id: `${igUserId.slice(0, -1)}9`,
      user_id: igUserId,
      username: professional ? fields.username : `${user.username}.pessoal`,
      name: user.name,
      account_type: professional ? 'BUSINESS' : 'PERSONAL',
      profile_picture_url: professional ? fields.profile_picture_url : avatarUrl(req, user),
    };
    res.json(pick(all, requestedFields(req, ['id'])));
  };

  // graph.instagram.com takes versioned (`/v21.0/...`) and unversioned paths alike.
  const versionless = Router({ mergeParams: true });
  versionless.get('/me', me);
  versionless.get('/:id/insights', (req, res) => {
    const token = authenticatedInstagram(ctx, req, res);
    if (token === null) return;
    const id = String(req.params.id);
    if (!instagramInsights(ctx, req, res, token, id, INSTAGRAM_LOGIN_ACCESS))
      sendGraphError(res, 100, `Unsupported get request. Object with ID '${id}' does not exist`, 33);
  });
  versionless.get('/:id', (req, res, next) => {
    const id = String(req.params.id);
    if (id === 'access_token' || id === 'refresh_access_token') return next();
    const token = authenticatedInstagram(ctx, req, res);
    if (token === null) return;
    if (!readInstagramObject(ctx, req, res, token, id, INSTAGRAM_LOGIN_ACCESS))
      sendGraphError(res, 100, `Unsupported get request. Object with ID '${id}' does not exist`, 33);
  });
  // The container flow of instagram.ts, mounted under `/:version` like graph.facebook.com's.
  const publishing = Router();
  mountInstagramGraph(publishing, ctx, INSTAGRAM_LOGIN_ACCESS);
  graph.use((req, _res, next) => {
    // An unversioned publishing call reads as the current version (graph.instagram.com defaults it).
    const first = req.path.split('/')[1] ?? '';
    if (!GRAPH_VERSION.test(first) && /\/media(_publish)?$/.test(req.path)) req.url = `/v21.0${req.url}`;
    next();
  });
  graph.use(publishing);
  graph.use('/:version', (req, res, next) => {
    if (!GRAPH_VERSION.test(String(req.params.version))) return next();
    versionless(req, res, next);
  });
  graph.use(versionless);
  app.use('/graph.instagram.com', graph);
}

/** What a fault without a body answers on graph.instagram.com (Graph's shape). */
export function instagramLoginFaultBody(status: number): unknown {
  const error = (code: number, message: string, transient: boolean) => ({
    error: {
      message,
      type: 'OAuthException',
      code,
      is_transient: transient,
      fbtrace_id: randomBytes(6).toString('hex'),
    },
  });
  if (status === 429) return error(4, 'Application request limit reached', true);
  if (status >= 500)
    return error(2, 'An unexpected error has occurred. Please retry your request later.', true);
  return error(100, 'Invalid parameter', false);
}
