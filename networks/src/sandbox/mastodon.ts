// Sandbox Mastodon: any number of instances, each under its own host (`/<host>/…`, the
// SOCIAL_SANDBOX_URL rule), so the host a person types in a test is "an instance" here
// (`mastodon.social` by default; others with their own limits through `setInstance`). Each
// imitates, with Mastodon's shapes and errors: the instance description (`/api/v2/instance`) and
// OAuth metadata, app registration (`POST /api/v1/apps`), the authorization code flow with PKCE
// (`/oauth/authorize` auto-approves as the sandbox's default user), `/oauth/token`,
// `/oauth/revoke`, `verify_credentials`, async media (`POST /api/v2/media` → 202, then
// `GET /api/v1/media/:id` 206 until processed), statuses with `Idempotency-Key` (an hour), a
// status's counts, the account's statuses, and the rate limits with `X-RateLimit-*` headers
// (300 calls per 5 minutes per account; 30 media uploads per 30 minutes). Errors are Mastodon's
// `{ error }` (422 validation, 401, 403 scopes, 404, 429).
import { createHash, randomBytes } from 'node:crypto';
import { measureMastodonLength } from '@pauta/core';
import { type Express, type NextFunction, type Request, type Response, Router } from 'express';
import { fileField, inspectImage, readMultipart, type SandboxImage, sha256Hex } from './images.js';
import { mastodonAccountId } from './mastodon-ids.js';
import { param, type SandboxContext, safeEqual, sendErrorPage, splitScopes } from './oauth-common.js';
import { renderPost } from './post-pages.js';
import type { SandboxPublishedPost } from './posts.js';
import type { SandboxUser } from './store.js';

export interface SandboxMastodonInstance {
  host: string;
  title: string;
  maxCharacters: number;
  maxMediaAttachments: number;
  charactersReservedPerUrl: number;
  imageSizeLimit: number;
  /** Whether the authorization server lists S256 (Mastodon 4.3+); false = an older instance. */
  pkce: boolean;
  /** False: `POST /api/v1/apps` answers 403 (an instance that closed app registration). */
  registrationsOpen: boolean;
}

interface MastodonApp {
  host: string;
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
}

interface MastodonCode {
  clientId: string;
  user: string;
  scopes: string[];
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
}

interface MastodonToken {
  host: string;
  clientId: string;
  user: string;
  scopes: string[];
  revoked: boolean;
}

interface MastodonMedia {
  id: string;
  host: string;
  owner: string;
  image: SandboxImage;
  /** GET reads that still answer 206 before the attachment is processed. */
  pendingReads: number;
  usedBy: string | null;
}

const SCOPES = [
  'read',
  'write',
  'follow',
  'push',
  'profile',
  'read:accounts',
  'read:statuses',
  'write:statuses',
  'write:media',
];
const IDEMPOTENCY_TTL_MS = 3_600_000;
const API_LIMIT = 300;
const API_WINDOW_MS = 5 * 60_000;
const MEDIA_LIMIT = 30;
const MEDIA_WINDOW_MS = 30 * 60_000;
const ALT_TEXT_MAX = 1500;
const CODE_TTL_MS = 10 * 60_000;
const MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

const DEFAULT_INSTANCE: SandboxMastodonInstance = {
  host: 'mastodon.social',
  title: 'Mastodon (sandbox)',
  maxCharacters: 500,
  maxMediaAttachments: 4,
  charactersReservedPerUrl: 23,
  imageSizeLimit: 16 * 1024 * 1024,
  pkce: true,
  registrationsOpen: true,
};

/** An instance's state: apps, codes, tokens, media, idempotency keys, rate-limit windows. */
export class SandboxMastodon {
  private readonly instances = new Map<string, SandboxMastodonInstance>();
  private readonly apps = new Map<string, MastodonApp>();
  private readonly codes = new Map<string, MastodonCode>();
  private readonly tokens = new Map<string, MastodonToken>();
  private readonly media = new Map<string, MastodonMedia>();
  private readonly idempotency = new Map<string, { statusId: string; at: number }>();
  private readonly windows = new Map<string, number[]>();
  /** Reads answered 206 before a new upload is processed (0: processed at once, 200). */
  processingReads = 1;
  /** The next authorization is refused by the person (`error=access_denied`). */
  denyNext = false;

  constructor(private readonly now: () => number = Date.now) {
    this.setInstance(DEFAULT_INSTANCE.host, {});
  }

  setInstance(host: string, input: Partial<Omit<SandboxMastodonInstance, 'host'>>): SandboxMastodonInstance {
    const instance = { ...DEFAULT_INSTANCE, ...this.instances.get(host), ...input, host };
    this.instances.set(host, instance);
    return instance;
  }

  instance(host: string): SandboxMastodonInstance | null {
    return this.instances.get(host) ?? null;
  }

  /** Apps registered at an instance (tests: "registered once per instance"). */
  appsAt(host: string): { clientId: string; name: string; redirectUris: string[]; scopes: string[] }[] {
    return [...this.apps.values()]
      .filter((app) => app.host === host)
      .map(({ clientId, name, redirectUris, scopes }) => ({ clientId, name, redirectUris, scopes }));
  }

  registerApp(host: string, input: { name: string; redirectUris: string[]; scopes: string[] }): MastodonApp {
    const app: MastodonApp = {
      host,
      clientId: randomBytes(24).toString('base64url'),
      clientSecret: randomBytes(24).toString('base64url'),
      ...input,
    };
    this.apps.set(app.clientId, app);
    return app;
  }

  findApp(host: string, clientId: string | undefined): MastodonApp | null {
    const app = clientId === undefined ? undefined : this.apps.get(clientId);
    return app?.host === host ? app : null;
  }

  issueCode(code: Omit<MastodonCode, 'expiresAt'>): string {
    const value = randomBytes(24).toString('base64url');
    this.codes.set(value, { ...code, expiresAt: this.now() + CODE_TTL_MS });
    return value;
  }

  takeCode(value: string): MastodonCode | null {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code !== undefined && code.expiresAt > this.now() ? code : null;
  }

  issueToken(token: Omit<MastodonToken, 'revoked'>): string {
    const value = randomBytes(32).toString('base64url');
    this.tokens.set(value, { ...token, revoked: false });
    return value;
  }

  /** Tests: a token of the default user at `host`, as if connected (every scope Pauta asks for). */
  findToken(value: string | null): MastodonToken | null {
    return value === null ? null : (this.tokens.get(value) ?? null);
  }

  /** Counts one call in an account's window; the answer's X-RateLimit-* values, or null when over. */
  take(key: string, limit: number, windowMs: number): { remaining: number; reset: number } | null {
    const now = this.now();
    const calls = (this.windows.get(key) ?? []).filter((at) => at > now - windowMs);
    const reset = (calls[0] ?? now) + windowMs;
    if (calls.length >= limit) {
      this.windows.set(key, calls);
      return null;
    }
    calls.push(now);
    this.windows.set(key, calls);
    return { remaining: limit - calls.length, reset };
  }

  addMedia(media: Omit<MastodonMedia, 'id' | 'pendingReads' | 'usedBy'>, id: string): MastodonMedia {
    const stored = { ...media, id, pendingReads: this.processingReads, usedBy: null };
    this.media.set(id, stored);
    return stored;
  }

  findMedia(id: string): MastodonMedia | null {
    return this.media.get(id) ?? null;
  }

  remembered(key: string): string | null {
    const seen = this.idempotency.get(key);
    return seen !== undefined && this.now() - seen.at < IDEMPOTENCY_TTL_MS ? seen.statusId : null;
  }

  remember(key: string, statusId: string): void {
    this.idempotency.set(key, { statusId, at: this.now() });
  }
}

function sendError(res: Response, status: number, error: string, description?: string): void {
  res.status(status).json(description === undefined ? { error } : { error, error_description: description });
}

function mediaJson(media: MastodonMedia, base: string): Record<string, unknown> {
  const ready = media.pendingReads <= 0;
  return {
    id: media.id,
    type: 'image',
    url: ready
      ? `${base}/system/media_attachments/${media.id}/original.${media.image.mimeType.split('/')[1]}`
      : null,
    preview_url: `${base}/system/media_attachments/${media.id}/small.jpg`,
    remote_url: null,
    meta: { original: { width: media.image.width, height: media.image.height } },
    description: media.image.altText === '' ? null : media.image.altText,
    blurhash: 'UFBWY:8_0Jxv%MRjt7t79t9F-;M{t7ofWBj[',
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The status text as Mastodon renders it: paragraphs, line breaks, links as anchors. */
function renderContent(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((paragraph) =>
    escapeHtml(paragraph)
      .replace(
        /\bhttps?:\/\/[^\s<>"]+/g,
        (url) => `<a href="${url}" rel="nofollow noopener" target="_blank">${url}</a>`,
      )
      .replace(/\n/g, '<br />'),
  );
  return paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');
}

export function mountMastodon(app: Express, ctx: SandboxContext, mastodon: SandboxMastodon): void {
  const router = Router({ mergeParams: true });
  const hostOf = (req: Request): string => String(req.params.host);
  const baseOf = (req: Request): string => `https://${hostOf(req)}`;
  const userOf = (key: string): SandboxUser | null =>
    ctx.store.allUsers().find((user) => user.sub === key) ?? null;

  const accountJson = (req: Request, user: SandboxUser): Record<string, unknown> => ({
    id: mastodonAccountId(user),
    username: user.username,
    acct: user.username,
    display_name: user.name,
    locked: false,
    bot: false,
    created_at: '2023-01-01T00:00:00.000Z',
    note: '',
    url: `${baseOf(req)}/@${user.username}`,
    avatar: `${req.protocol}://${req.get('host') ?? '127.0.0.1'}/__sandbox/avatars/${encodeURIComponent(user.sub)}.svg`,
    followers_count: 100 + (Number(mastodonAccountId(user).slice(-3)) % 900),
    following_count: 42,
    statuses_count: ctx.posts.listByAuthor('mastodon', `${mastodonAccountId(user)}@${hostOf(req)}`).length,
  });

  const statusJson = (
    req: Request,
    post: SandboxPublishedPost,
    user: SandboxUser,
  ): Record<string, unknown> => {
    const metrics = ctx.posts.metrics(post.id);
    return {
      id: post.id,
      created_at: post.createdAt,
      visibility: 'public',
      language: 'pt',
      uri: `${baseOf(req)}/users/${user.username}/statuses/${post.id}`,
      url: `${baseOf(req)}/@${user.username}/${post.id}`,
      content: renderContent(post.text),
      in_reply_to_id: post.inReplyToId ?? null,
      replies_count: metrics.comments,
      reblogs_count: metrics.shares,
      favourites_count: metrics.likes,
      sensitive: false,
      spoiler_text: '',
      media_attachments: post.media.map((image, index) => ({
        id: `${post.id}${index}`,
        type: 'image',
        description: image.altText === '' ? null : image.altText,
      })),
      account: accountJson(req, user),
    };
  };

  /** The call's token (Bearer), its scope and the account's window; answers the error otherwise. */
  const authenticated = (
    req: Request,
    res: Response,
    scope: string,
  ): { token: MastodonToken; user: SandboxUser } | null => {
    const raw = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
    const token = mastodon.findToken(raw);
    if (token === null || token.host !== hostOf(req)) {
      sendError(res, 401, 'The access token is invalid');
      return null;
    }
    if (token.revoked) {
      sendError(res, 401, 'The access token was revoked');
      return null;
    }
    const user = userOf(token.user);
    if (user === null) {
      sendError(res, 401, 'The access token is invalid');
      return null;
    }
    const [family] = scope.split(':');
    if (!token.scopes.includes(scope) && !token.scopes.includes(family!)) {
      sendError(res, 403, 'This action is outside the authorized scopes');
      return null;
    }
    const window = mastodon.take(`${token.host}:${token.user}`, API_LIMIT, API_WINDOW_MS);
    const reset =
      window?.reset ??
      mastodon.take(`${token.host}:${token.user}`, Number.MAX_SAFE_INTEGER, API_WINDOW_MS)!.reset;
    res.setHeader('X-RateLimit-Limit', String(API_LIMIT));
    res.setHeader('X-RateLimit-Remaining', String(window?.remaining ?? 0));
    res.setHeader('X-RateLimit-Reset', new Date(reset).toISOString());
    if (window === null) {
      sendError(res, 429, 'Too many requests');
      return null;
    }
    return { token, user };
  };

  // Only hosts that are instances here; any other host falls through to the other networks / 404.
  router.use((req: Request, _res: Response, next: NextFunction) => {
    next(mastodon.instance(hostOf(req)) === null ? 'router' : undefined);
  });

  router.get('/api/v2/instance', (req, res) => {
    const instance = mastodon.instance(hostOf(req))!;
    res.json({
      domain: instance.host,
      title: instance.title,
      version: instance.pkce ? '4.3.2' : '4.2.10',
      source_url: 'https://github.com/mastodon/mastodon',
      description: 'Uma instância de teste do sandbox da Pauta.',
      usage: { users: { active_month: 1234 } },
      languages: ['pt', 'en'],
      configuration: {
        urls: { streaming: `wss://${instance.host}` },
        accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
        statuses: {
          max_characters: instance.maxCharacters,
          max_media_attachments: instance.maxMediaAttachments,
          characters_reserved_per_url: instance.charactersReservedPerUrl,
        },
        media_attachments: {
          supported_mime_types: [...MIME_TYPES, 'video/mp4'],
          description_limit: ALT_TEXT_MAX,
          image_size_limit: instance.imageSizeLimit,
          image_matrix_limit: 33_177_600,
          video_size_limit: 103_809_024,
          video_frame_rate_limit: 120,
          video_matrix_limit: 8_294_400,
        },
        polls: {
          max_options: 4,
          max_characters_per_option: 50,
          min_expiration: 300,
          max_expiration: 2_629_746,
        },
      },
      registrations: { enabled: true, approval_required: false, message: null },
    });
  });

  router.get('/.well-known/oauth-authorization-server', (req, res) => {
    const instance = mastodon.instance(hostOf(req))!;
    if (!instance.pkce) {
      sendError(res, 404, 'Record not found');
      return;
    }
    const base = baseOf(req);
    res.json({
      issuer: `${base}/`,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      scopes_supported: SCOPES,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      app_registration_endpoint: `${base}/api/v1/apps`,
    });
  });

  router.post('/api/v1/apps', (req, res) => {
    const instance = mastodon.instance(hostOf(req))!;
    if (!instance.registrationsOpen) {
      sendError(res, 403, 'This action is not allowed');
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const name = typeof body.client_name === 'string' ? body.client_name.trim() : '';
    const uris = (
      Array.isArray(body.redirect_uris) ? body.redirect_uris : String(body.redirect_uris ?? '').split(/\s+/)
    )
      .map(String)
      .filter((uri) => uri !== '');
    const scopes = splitScopes(typeof body.scopes === 'string' ? body.scopes : 'read');
    if (name === '') return sendError(res, 422, "Validation failed: Application name can't be blank");
    if (name.length > 60)
      return sendError(
        res,
        422,
        'Validation failed: Application name is too long (maximum is 60 characters)',
      );
    if (
      uris.length === 0 ||
      uris.some((uri) => !/^(https?:\/\/[^\s]+|urn:ietf:wg:oauth:2\.0:oob)$/.test(uri))
    )
      return sendError(res, 422, 'Validation failed: Redirect URI must be an absolute URI.');
    if (scopes.some((scope) => !SCOPES.includes(scope)))
      return sendError(res, 422, 'Validation failed: Scopes are invalid');
    const registered = mastodon.registerApp(hostOf(req), { name, redirectUris: uris, scopes });
    res.json({
      id: String(1000 + mastodon.appsAt(hostOf(req)).length),
      name,
      website: typeof body.website === 'string' ? body.website : null,
      scopes,
      redirect_uri: uris.join('\n'),
      redirect_uris: uris,
      client_id: registered.clientId,
      client_secret: registered.clientSecret,
      client_secret_expires_at: 0,
      vapid_key: 'BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M=',
    });
  });

  router.get('/oauth/authorize', (req, res) => {
    const app = mastodon.findApp(hostOf(req), param(req, 'client_id'));
    if (app === null)
      return sendErrorPage(res, 'invalid_client', 'Client authentication failed due to unknown client.');
    const redirectUri = param(req, 'redirect_uri') ?? '';
    if (!app.redirectUris.includes(redirectUri))
      return sendErrorPage(res, 'invalid_redirect_uri', 'The redirect uri included is not valid.');
    const target = new URL(redirectUri);
    const state = param(req, 'state');
    if (state !== undefined) target.searchParams.set('state', state);
    const scopes = splitScopes(param(req, 'scope') ?? 'read');
    if (param(req, 'response_type') !== 'code' || scopes.some((scope) => !app.scopes.includes(scope))) {
      target.searchParams.set(
        'error',
        scopes.some((s) => !app.scopes.includes(s)) ? 'invalid_scope' : 'unsupported_response_type',
      );
      return res.redirect(302, target.toString());
    }
    const method = param(req, 'code_challenge_method');
    const challenge = param(req, 'code_challenge') ?? null;
    if (challenge !== null && method !== 'S256') {
      target.searchParams.set('error', 'invalid_request');
      return res.redirect(302, target.toString());
    }
    if (mastodon.denyNext) {
      mastodon.denyNext = false;
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set(
        'error_description',
        'The resource owner or authorization server denied the request.',
      );
      return res.redirect(302, target.toString());
    }
    const user = ctx.store.defaultUser();
    target.searchParams.set(
      'code',
      mastodon.issueCode({ clientId: app.clientId, user: user.sub, scopes, redirectUri, challenge }),
    );
    res.redirect(302, target.toString());
  });

  /** Client authentication of the token and revoke endpoints (body or HTTP Basic). */
  const clientOf = (req: Request): MastodonApp | null => {
    let clientId = param(req, 'client_id');
    let secret = param(req, 'client_secret');
    const basic = req.headers.authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
    if (basic !== undefined) {
      const [id, pass] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    const app = mastodon.findApp(hostOf(req), clientId);
    return app !== null && secret !== undefined && safeEqual(secret, app.clientSecret) ? app : null;
  };

  router.post('/oauth/token', (req, res) => {
    const app = clientOf(req);
    if (app === null)
      return sendError(
        res,
        401,
        'invalid_client',
        'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
      );
    if (param(req, 'grant_type') !== 'authorization_code')
      return sendError(
        res,
        400,
        'unsupported_grant_type',
        'The authorization grant type is not supported by the authorization server.',
      );
    const invalidGrant = () =>
      sendError(
        res,
        400,
        'invalid_grant',
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
      );
    const code = mastodon.takeCode(param(req, 'code') ?? '');
    if (code === null || code.clientId !== app.clientId || code.redirectUri !== param(req, 'redirect_uri'))
      return invalidGrant();
    if (code.challenge !== null) {
      const verifier = param(req, 'code_verifier') ?? '';
      if (!safeEqual(createHash('sha256').update(verifier).digest('base64url'), code.challenge))
        return invalidGrant();
    }
    const accessToken = mastodon.issueToken({
      host: hostOf(req),
      clientId: app.clientId,
      user: code.user,
      scopes: code.scopes,
    });
    res.json({
      access_token: accessToken,
      token_type: 'Bearer',
      scope: code.scopes.join(' '),
      created_at: Math.floor(Date.now() / 1000),
    });
  });

  router.post('/oauth/revoke', (req, res) => {
    const app = clientOf(req);
    if (app === null)
      return sendError(res, 403, 'unauthorized_client', 'You are not authorized to revoke this token');
    const token = mastodon.findToken(param(req, 'token') ?? null);
    if (token !== null && token.clientId === app.clientId) token.revoked = true;
    // RFC 7009: an unknown token is not an error.
    res.json({});
  });

  router.get('/api/v1/accounts/verify_credentials', (req, res) => {
    const auth = authenticated(req, res, 'read:accounts');
    if (auth !== null)
      res.json({ ...accountJson(req, auth.user), source: { privacy: 'public', language: 'pt' } });
  });

  router.post('/api/v2/media', async (req, res) => {
    const auth = authenticated(req, res, 'write:media');
    if (auth === null) return;
    const instance = mastodon.instance(hostOf(req))!;
    if (mastodon.take(`${auth.token.host}:${auth.token.user}:media`, MEDIA_LIMIT, MEDIA_WINDOW_MS) === null)
      return sendError(res, 429, 'Too many requests');
    const form = await readMultipart(req.get('content-type'), req.body);
    const bytes = form === null ? null : await fileField(form, 'file');
    if (form === null || bytes === null || bytes.length === 0)
      return sendError(res, 422, "Validation failed: File can't be blank");
    const image = inspectImage(bytes);
    if (image === null || !MIME_TYPES.includes(image.mimeType))
      return sendError(res, 422, 'Validation failed: File content type is invalid, File is invalid');
    if (bytes.length > instance.imageSizeLimit)
      return sendError(
        res,
        422,
        `Validation failed: File file size must be less than ${Math.round(instance.imageSizeLimit / 1_048_576)} MB`,
      );
    const description = String(form.get('description') ?? '');
    if ([...description].length > ALT_TEXT_MAX)
      return sendError(
        res,
        422,
        `Validation failed: Description is too long (maximum is ${ALT_TEXT_MAX} characters)`,
      );
    const media = mastodon.addMedia(
      {
        host: hostOf(req),
        owner: auth.user.sub,
        image: { sha256: sha256Hex(bytes), size: bytes.length, ...image, altText: description },
      },
      ctx.posts.nextNumber(),
    );
    res.status(media.pendingReads > 0 ? 202 : 200).json(mediaJson(media, baseOf(req)));
  });

  router.get('/api/v1/media/:id', (req, res) => {
    const auth = authenticated(req, res, 'write:media');
    if (auth === null) return;
    const media = mastodon.findMedia(String(req.params.id));
    if (media === null || media.owner !== auth.user.sub || media.host !== hostOf(req))
      return sendError(res, 404, 'Record not found');
    if (media.pendingReads > 0) {
      media.pendingReads -= 1;
      return res.status(206).json(mediaJson({ ...media, pendingReads: media.pendingReads + 1 }, baseOf(req)));
    }
    res.json(mediaJson(media, baseOf(req)));
  });

  router.post('/api/v1/statuses', async (req, res) => {
    const auth = authenticated(req, res, 'write:statuses');
    if (auth === null) return;
    const { user } = auth;
    const accountKey = `${mastodonAccountId(user)}@${hostOf(req)}`;
    const key = req.get('idempotency-key');
    const idempotencyKey = key === undefined ? null : `${hostOf(req)}:${user.sub}:${key}`;
    const seen = idempotencyKey === null ? null : mastodon.remembered(idempotencyKey);
    if (seen !== null) {
      const post = ctx.posts.find('mastodon', seen)!;
      return res.json(statusJson(req, post, user));
    }
    const instance = mastodon.instance(hostOf(req))!;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = typeof body.status === 'string' ? body.status : '';
    const ids = (
      Array.isArray(body.media_ids)
        ? body.media_ids
        : body['media_ids[]'] === undefined
          ? []
          : [body['media_ids[]']].flat()
    ).map(String);
    // A reply (`in_reply_to_id`): to a status that exists on this instance, else 404.
    const inReplyToId =
      typeof body.in_reply_to_id === 'string' && body.in_reply_to_id !== '' ? body.in_reply_to_id : null;
    if (inReplyToId !== null && ctx.posts.find('mastodon', inReplyToId) === null)
      return sendError(res, 404, 'Record not found');
    const visibility = typeof body.visibility === 'string' ? body.visibility : 'public';
    if (!['public', 'unlisted', 'private', 'direct'].includes(visibility))
      return sendError(res, 422, `Validation failed: Visibility is not included in the list`);
    if (text.trim() === '' && ids.length === 0)
      return sendError(res, 422, "Validation failed: Text can't be blank");
    if (measureMastodonLength(text, instance.charactersReservedPerUrl) > instance.maxCharacters)
      return sendError(
        res,
        422,
        `Validation failed: Text character limit of ${instance.maxCharacters} exceeded`,
      );
    if (ids.length > instance.maxMediaAttachments)
      return sendError(
        res,
        422,
        `Validation failed: Cannot attach more than ${instance.maxMediaAttachments} files`,
      );
    const media = ids.map((id) => mastodon.findMedia(id));
    const missing = ids.filter((_, index) => {
      const item = media[index];
      return (
        item === null ||
        item === undefined ||
        item.owner !== user.sub ||
        item.host !== hostOf(req) ||
        item.usedBy !== null
      );
    });
    if (missing.length > 0)
      return sendError(
        res,
        422,
        `Validation failed: Media with IDs ${missing.join(', ')} not found or already attached to another post`,
      );
    if (media.some((item) => item!.pendingReads > 0))
      return sendError(
        res,
        422,
        'Validation failed: Cannot attach files that have not finished processing. Try again in a moment!',
      );
    await ctx.posts.latency();
    const post = ctx.posts.add({
      network: 'mastodon',
      id: ctx.posts.nextNumber(),
      authorId: accountKey,
      text,
      imageUrl: null,
      media: media.map((item) => ({ ...item!.image })),
      ...(inReplyToId === null ? {} : { inReplyToId }),
    });
    for (const item of media) item!.usedBy = post.id;
    if (idempotencyKey !== null) mastodon.remember(idempotencyKey, post.id);
    res.json(statusJson(req, post, user));
  });

  router.get('/api/v1/statuses/:id', (req, res) => {
    const auth = authenticated(req, res, 'read:statuses');
    if (auth === null) return;
    const post = ctx.posts.find('mastodon', String(req.params.id));
    const author =
      post === null
        ? null
        : ctx.store.allUsers().find((u) => `${mastodonAccountId(u)}@${hostOf(req)}` === post.authorId);
    if (post === null || author === undefined || author === null)
      return sendError(res, 404, 'Record not found');
    res.json(statusJson(req, post, author));
  });

  router.get('/api/v1/accounts/:id/statuses', (req, res) => {
    const auth = authenticated(req, res, 'read:statuses');
    if (auth === null) return;
    const author = ctx.store.allUsers().find((u) => mastodonAccountId(u) === String(req.params.id));
    if (author === undefined) return sendError(res, 404, 'Record not found');
    const limit = Math.min(40, Math.max(1, Number(req.query.limit ?? 20) || 20));
    const maxId = typeof req.query.max_id === 'string' ? BigInt(req.query.max_id) : null;
    const all = ctx.posts
      .listByAuthor('mastodon', `${mastodonAccountId(author)}@${hostOf(req)}`)
      .filter((post) => maxId === null || BigInt(post.id) < maxId)
      .filter((post) => req.query.exclude_replies !== 'true' || post.inReplyToId === undefined);
    const page = all.slice(0, limit);
    if (all.length > limit && page.length > 0) {
      const last = page.at(-1)!.id;
      res.setHeader(
        'Link',
        `<${baseOf(req)}/api/v1/accounts/${req.params.id}/statuses?max_id=${last}>; rel="next"`,
      );
    }
    res.json(page.map((post) => statusJson(req, post, author)));
  });

  // "Ver na rede" in sandbox mode: the status's public page, at its URL on the instance.
  router.get('/@:user/:id', (req, res) => {
    renderPost(ctx, res, ctx.posts.find('mastodon', String(req.params.id)), 'mastodon');
  });

  app.use('/:host', router);
}
