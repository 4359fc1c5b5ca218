// Sandbox Bluesky (AT Protocol XRPC at bsky.social, https://docs.bsky.app/docs/api): app-password
// sessions (createSession, with its 30-per-5-minutes limit; refreshSession retiring the old
// refresh JWT; deleteSession), resolveHandle, getProfile, uploadBlob (≤ 1,000,000 bytes, an image
// whose bytes match its type), createRecord of `app.bsky.feed.post` (≤ 300 graphemes, facets'
// UTF-8 byte ranges, ≤ 4 images with alt text, blobs of the same account), listRecords and
// getPosts. Errors have XRPC's shape `{ error, message }`: 400 InvalidRequest / ExpiredToken /
// InvalidToken / BlobTooLarge, 401 AuthenticationRequired, 429 RateLimitExceeded with the
// `ratelimit-*` headers.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { measurePostLength, PLATFORM_TEXT_LIMITS } from '@pauta/core';
import { type Request, type Response, Router } from 'express';
import { jpegImage } from '../publishing/test-images.js';
import { inspectImage, type SandboxImage, sha256Hex } from './images.js';
import type { SandboxContext } from './oauth-common.js';

export const BLUESKY_HOST = 'bsky.social';
const ACCESS_TTL_S = 2 * 3600;
const REFRESH_TTL_S = 90 * 86_400;
const REFRESH_GRACE_MS = 2 * 3_600_000;
const BLOB_MAX_BYTES = 1_000_000;
const IMAGES_MAX = 4;
const TEXT_MAX_BYTES = 3000;
const SESSION_LIMIT = 30;
const SESSION_WINDOW_MS = 5 * 60_000;
const utf8 = new TextEncoder();

export interface SandboxBlueskyAccount {
  did: string;
  handle: string;
  email: string;
  displayName: string;
  /** The account's app password (xxxx-xxxx-xxxx-xxxx). */
  appPassword: string;
  followersCount: number;
}

/** The sandbox's Bluesky accounts: Ana connects; João is there to be mentioned. */
export const SANDBOX_BLUESKY_ACCOUNTS: readonly SandboxBlueskyAccount[] = [
  {
    did: 'did:plc:sandboxanasouza0000000000',
    handle: 'anasouza.bsky.social',
    email: 'ana@teste.pauta.dev',
    displayName: 'Ana Souza',
    appPassword: 'abcd-efgh-ijkl-mnop',
    followersCount: 1280,
  },
  {
    did: 'did:plc:sandboxjoaosilva000000000',
    handle: 'joao.bsky.social',
    email: 'joao@teste.pauta.dev',
    displayName: 'João Silva',
    appPassword: 'qrst-uvwx-yzab-cdef',
    followersCount: 42,
  },
];

interface Jwt {
  did: string;
  scope: 'com.atproto.appPass' | 'com.atproto.refresh';
  exp: number;
  /** When it was issued (epoch ms): deleteSession ends every session issued before it. */
  iat: number;
  jti: string;
}

interface Blob {
  cid: string;
  did: string;
  image: SandboxImage;
}

function sendXrpcError(
  res: Response,
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json({ error, message });
}

/** What a fault without a body answers on bsky.social (FaultInjector's per-host default). */
export function blueskyFaultBody(status: number): unknown {
  if (status === 429) return { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' };
  if (status === 401) return { error: 'AuthenticationRequired', message: 'Authentication Required' };
  if (status >= 500) return { error: 'InternalServerError', message: 'Internal Server Error' };
  return { error: 'InvalidRequest', message: 'Invalid request' };
}

/**
 * The sandbox signs its JWTs (HMAC with a fixed key) instead of keeping them, so the sessions of
 * Pauta's connected accounts survive a sandbox restart (issue 13); only what ended them (a
 * refresh JWT used, deleteSession) is kept, in memory.
 */
const SIGNING_KEY = 'pauta-sandbox-bluesky';

function sign(data: string): string {
  return createHmac('sha256', SIGNING_KEY).update(data).digest('base64url');
}

function jwt(payload: Jwt): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ typ: 'at+jwt', alg: 'HS256' })}.${part({ ...payload, sub: payload.did })}`;
  return `${body}.${sign(body)}`;
}

/** The payload of a JWT this sandbox signed, or null. */
function verify(token: string): Jwt | null {
  const [header, payload, signature] = token.split('.');
  if (header === undefined || payload === undefined || signature !== sign(`${header}.${payload}`))
    return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isObject(claims) && typeof claims.did === 'string' ? (claims as unknown as Jwt) : null;
  } catch {
    return null;
  }
}

function cidOf(bytes: Uint8Array | string): string {
  return `bafyrei${createHash('sha256')
    .update(bytes)
    .digest('base64url')
    .toLowerCase()
    .replace(/[^a-z2-7]/gu, 'a')
    .slice(0, 52)}`;
}

/** A record key: a TID-like base32 string of the time (13 characters, sortable). */
function tid(now: number, counter: number): string {
  const alphabet = '234567abcdefghijklmnopqrstuvwxyz';
  let value = BigInt(now) * 1000n + BigInt(counter % 1000);
  let out = '';
  for (let i = 0; i < 13; i += 1) {
    out = alphabet[Number(value & 31n)]! + out;
    value >>= 5n;
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a post record is invalid (the PDS's lexicon validation), or null. */
function invalidPost(record: Record<string, unknown>, blobs: Map<string, Blob>, did: string): string | null {
  if (record.$type !== 'app.bsky.feed.post') return 'Invalid $type: must be app.bsky.feed.post';
  const { text } = record;
  if (typeof text !== 'string') return 'Record/text must be a string';
  if (measurePostLength('bluesky', text) > PLATFORM_TEXT_LIMITS.bluesky)
    return `Record/text must not be longer than ${PLATFORM_TEXT_LIMITS.bluesky} graphemes`;
  const bytes = utf8.encode(text).length;
  if (bytes > TEXT_MAX_BYTES) return `Record/text must not be longer than ${TEXT_MAX_BYTES} characters`;
  if (typeof record.createdAt !== 'string' || Number.isNaN(Date.parse(record.createdAt)))
    return 'Record/createdAt must be an valid atproto datetime';
  if (record.facets !== undefined) {
    if (!Array.isArray(record.facets)) return 'Record/facets must be an array';
    for (const [i, facet] of record.facets.entries()) {
      const index = isObject(facet) ? facet.index : null;
      const start = isObject(index) ? index.byteStart : null;
      const end = isObject(index) ? index.byteEnd : null;
      if (
        !Number.isInteger(start) ||
        !Number.isInteger(end) ||
        (start as number) < 0 ||
        (end as number) > bytes ||
        (start as number) >= (end as number)
      )
        return `Record/facets/${i}/index must be a byte range within the text (0–${bytes})`;
      const features = isObject(facet) ? facet.features : null;
      if (!Array.isArray(features) || features.length === 0)
        return `Record/facets/${i}/features must not be empty`;
      for (const feature of features) {
        const type = isObject(feature) ? feature.$type : null;
        if (type === 'app.bsky.richtext.facet#link' && typeof (feature as { uri?: unknown }).uri === 'string')
          continue;
        if (
          type === 'app.bsky.richtext.facet#mention' &&
          /^did:/u.test(String((feature as { did?: unknown }).did))
        )
          continue;
        if (
          type === 'app.bsky.richtext.facet#tag' &&
          typeof (feature as { tag?: unknown }).tag === 'string' &&
          [...String((feature as { tag: string }).tag)].length <= 64
        )
          continue;
        return `Record/facets/${i}/features has an invalid feature`;
      }
    }
  }
  if (record.embed !== undefined) {
    const embed = record.embed;
    if (!isObject(embed)) return 'Record/embed must be an object';
    if (embed.$type === 'app.bsky.embed.images') {
      if (!Array.isArray(embed.images) || embed.images.length === 0)
        return 'Record/embed/images must not be empty';
      if (embed.images.length > IMAGES_MAX)
        return `Record/embed/images must not have more than ${IMAGES_MAX} elements`;
      for (const [i, image] of embed.images.entries()) {
        if (!isObject(image) || typeof image.alt !== 'string')
          return `Record/embed/images/${i}/alt must be a string`;
        const ref = isObject(image.image) && isObject(image.image.ref) ? image.image.ref.$link : null;
        const blob = typeof ref === 'string' ? blobs.get(ref) : undefined;
        if (blob?.did !== did) return `Could not find blob: ${String(ref)}`;
        const ratio = image.aspectRatio;
        if (
          ratio !== undefined &&
          (!isObject(ratio) ||
            !Number.isInteger(ratio.width) ||
            !Number.isInteger(ratio.height) ||
            (ratio.width as number) < 1 ||
            (ratio.height as number) < 1)
        )
          return `Record/embed/images/${i}/aspectRatio must have positive integer width and height`;
      }
    } else if (embed.$type === 'app.bsky.embed.external') {
      const external = embed.external;
      if (
        !isObject(external) ||
        typeof external.uri !== 'string' ||
        typeof external.title !== 'string' ||
        typeof external.description !== 'string'
      )
        return 'Record/embed/external must have uri, title and description';
    } else return 'Record/embed has an unsupported $type';
  }
  return null;
}

/** Procedures without input refuse a body, as the PDS does (refreshSession, deleteSession). */
function hasBody(req: Request): boolean {
  return Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
}

function refuseBody(res: Response): void {
  sendXrpcError(res, 400, 'InvalidRequest', 'A request body was provided when none was expected');
}

export function mountBluesky(app: Router, ctx: SandboxContext): void {
  const accounts = new Map(SANDBOX_BLUESKY_ACCOUNTS.map((account) => [account.did, account]));
  /**
   * Refresh JWTs already used, and when: the PDS rotates the refresh JWT but accepts a used one
   * again for a 2-hour grace period (seen on the real PDS, tools/bluesky-real), then refuses it.
   */
  const retired = new Map<string, number>();
  const endedAt = new Map<string, number>();
  const blobs = new Map<string, Blob>();
  const sessionAttempts = new Map<string, number[]>();
  let counter = 0;

  const findAccount = (identifier: string) =>
    SANDBOX_BLUESKY_ACCOUNTS.find(
      (account) =>
        account.handle === identifier.toLowerCase() ||
        account.email === identifier.toLowerCase() ||
        account.did === identifier,
    );

  const issue = (did: string) => {
    const now = Math.floor(Date.now() / 1000);
    const token = (scope: Jwt['scope'], ttlSeconds: number): string =>
      jwt({ did, scope, exp: now + ttlSeconds, iat: Date.now(), jti: randomBytes(8).toString('hex') });
    const accessJwt = token('com.atproto.appPass', ACCESS_TTL_S);
    const refreshJwt = token('com.atproto.refresh', REFRESH_TTL_S);
    const account = accounts.get(did)!;
    return {
      accessJwt,
      refreshJwt,
      did,
      handle: account.handle,
      email: account.email,
      emailConfirmed: true,
      active: true,
    };
  };

  /** The session of a call: its Bearer JWT of the expected scope, or the XRPC error sent. */
  const authed = (req: Request, res: Response, scope: Jwt['scope']): Jwt | null => {
    const header = req.get('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (token === '') {
      sendXrpcError(res, 401, 'AuthenticationRequired', 'Authentication Required');
      return null;
    }
    const session = verify(token);
    const ended =
      session !== null &&
      ((retired.get(session.jti) ?? Number.POSITIVE_INFINITY) + REFRESH_GRACE_MS <= Date.now() ||
        session.iat <= (endedAt.get(session.did) ?? -1));
    if (session === null || session.scope !== scope || ended || !accounts.has(session.did)) {
      sendXrpcError(res, 400, 'InvalidToken', 'Token could not be verified');
      return null;
    }
    if (session.exp * 1000 <= Date.now()) {
      sendXrpcError(res, 400, 'ExpiredToken', 'Token has expired');
      return null;
    }
    return session;
  };

  const xrpc = Router();
  xrpc.post('/com.atproto.server.createSession', (req, res) => {
    const body = isObject(req.body) ? req.body : {};
    const identifier = typeof body.identifier === 'string' ? body.identifier : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (identifier === '' || password === '')
      return sendXrpcError(
        res,
        400,
        'InvalidRequest',
        'Input must have the properties "identifier", "password"',
      );
    const now = Date.now();
    const key = identifier.toLowerCase();
    const recent = (sessionAttempts.get(key) ?? []).filter((at) => at > now - SESSION_WINDOW_MS);
    if (recent.length >= SESSION_LIMIT) {
      const reset = Math.ceil((recent[0]! + SESSION_WINDOW_MS) / 1000);
      return sendXrpcError(res, 429, 'RateLimitExceeded', 'Rate Limit Exceeded', {
        'ratelimit-limit': String(SESSION_LIMIT),
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(reset),
        'ratelimit-policy': `${SESSION_LIMIT};w=${SESSION_WINDOW_MS / 1000}`,
      });
    }
    sessionAttempts.set(key, [...recent, now]);
    const account = findAccount(identifier);
    if (account === undefined || account.appPassword !== password)
      return sendXrpcError(res, 401, 'AuthenticationRequired', 'Invalid identifier or password');
    res.json(issue(account.did));
  });
  xrpc.post('/com.atproto.server.refreshSession', (req, res) => {
    if (hasBody(req)) return refuseBody(res);
    const session = authed(req, res, 'com.atproto.refresh');
    if (session === null) return;
    // The old refresh JWT is retired: usable again only within the grace period.
    if (!retired.has(session.jti)) retired.set(session.jti, Date.now());
    res.json(issue(session.did));
  });
  xrpc.post('/com.atproto.server.deleteSession', (req, res) => {
    if (hasBody(req)) return refuseBody(res);
    const session = authed(req, res, 'com.atproto.refresh');
    if (session === null) return;
    endedAt.set(session.did, Date.now());
    res.status(200).end();
  });
  xrpc.get('/com.atproto.server.describeServer', (_req, res) => {
    res.json({
      did: 'did:web:bsky.social',
      availableUserDomains: ['.bsky.social'],
      inviteCodeRequired: false,
    });
  });
  xrpc.get('/com.atproto.identity.resolveHandle', (req, res) => {
    const handle = String(req.query.handle ?? '').toLowerCase();
    const account = SANDBOX_BLUESKY_ACCOUNTS.find((candidate) => candidate.handle === handle);
    if (account === undefined) return sendXrpcError(res, 400, 'InvalidRequest', 'Unable to resolve handle');
    res.json({ did: account.did });
  });
  xrpc.get('/app.bsky.actor.getProfile', (req, res) => {
    if (authed(req, res, 'com.atproto.appPass') === null) return;
    const account = findAccount(String(req.query.actor ?? ''));
    if (account === undefined) return sendXrpcError(res, 400, 'InvalidRequest', 'Profile not found');
    res.json({
      did: account.did,
      handle: account.handle,
      displayName: account.displayName,
      avatar: `https://cdn.bsky.app/img/avatar/plain/${account.did}/sandbox@jpeg`,
      followersCount: account.followersCount,
      followsCount: 12,
      postsCount: ctx.posts.listByAuthor('bluesky', account.did).length,
    });
  });
  xrpc.post('/com.atproto.repo.uploadBlob', async (req, res) => {
    const session = authed(req, res, 'com.atproto.appPass');
    if (session === null) return;
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (bytes.length === 0) return sendXrpcError(res, 400, 'InvalidRequest', 'Request body is empty');
    if (bytes.length > BLOB_MAX_BYTES)
      return sendXrpcError(
        res,
        400,
        'BlobTooLarge',
        `This file is too large. It is ${bytes.length} bytes but the maximum size is ${BLOB_MAX_BYTES} bytes.`,
      );
    const declared = (req.get('content-type') ?? '').split(';')[0]!.trim();
    const inspected = inspectImage(bytes);
    if (inspected === null || inspected.mimeType !== declared)
      return sendXrpcError(
        res,
        400,
        'InvalidRequest',
        `Wrong type of file. It is ${inspected?.mimeType ?? 'unknown'} but it must match ${declared || 'its Content-Type'}.`,
      );
    await ctx.posts.latency();
    const cid = cidOf(bytes);
    blobs.set(cid, {
      cid,
      did: session.did,
      image: {
        sha256: sha256Hex(bytes),
        size: bytes.length,
        mimeType: inspected.mimeType,
        width: inspected.width,
        height: inspected.height,
        altText: '',
      },
    });
    res.json({
      blob: { $type: 'blob', ref: { $link: cid }, mimeType: inspected.mimeType, size: bytes.length },
    });
  });
  xrpc.post('/com.atproto.repo.createRecord', async (req, res) => {
    const session = authed(req, res, 'com.atproto.appPass');
    if (session === null) return;
    const body = isObject(req.body) ? req.body : {};
    if (body.repo !== session.did && body.repo !== accounts.get(session.did)?.handle)
      return sendXrpcError(res, 400, 'InvalidRequest', 'Input/repo must be the authenticated account');
    if (body.collection !== 'app.bsky.feed.post')
      return sendXrpcError(res, 400, 'InvalidRequest', 'Unsupported collection');
    const record = isObject(body.record) ? body.record : null;
    if (record === null) return sendXrpcError(res, 400, 'InvalidRequest', 'Input/record must be an object');
    const invalid = invalidPost(record, blobs, session.did);
    if (invalid !== null)
      return sendXrpcError(res, 400, 'InvalidRequest', `Invalid app.bsky.feed.post record: ${invalid}`);
    // A reply: `reply.root` and `reply.parent` strong refs (at:// uri and cid), as the lexicon requires.
    let inReplyToId: string | undefined;
    if (record.reply !== undefined) {
      const reply = isObject(record.reply) ? record.reply : {};
      for (const field of ['root', 'parent'] as const) {
        const ref = isObject(reply[field]) ? (reply[field] as Record<string, unknown>) : {};
        if (typeof ref.uri !== 'string' || !ref.uri.startsWith('at://') || typeof ref.cid !== 'string')
          return sendXrpcError(
            res,
            400,
            'InvalidRequest',
            `Invalid app.bsky.feed.post record: Record/reply/${field} must be a strong ref (uri, cid)`,
          );
      }
      inReplyToId = String((reply.parent as Record<string, unknown>).uri);
    }
    await ctx.posts.latency();
    counter += 1;
    const rkey = tid(Date.now(), counter);
    const uri = `at://${session.did}/app.bsky.feed.post/${rkey}`;
    const embed = isObject(record.embed) ? record.embed : null;
    const media =
      embed?.$type === 'app.bsky.embed.images' && Array.isArray(embed.images)
        ? embed.images.map((image: Record<string, Record<string, Record<string, string>>>) => ({
            ...blobs.get(image.image!.ref!.$link!)!.image,
            altText: String(image.alt),
          }))
        : [];
    ctx.posts.add({
      network: 'bluesky',
      id: uri,
      authorId: session.did,
      text: String(record.text),
      imageUrl: null,
      media,
      record,
      ...(inReplyToId === undefined ? {} : { inReplyToId }),
    });
    res.json({ uri, cid: cidOf(JSON.stringify(record)), validationStatus: 'valid' });
  });
  xrpc.get('/com.atproto.repo.listRecords', (req, res) => {
    const did = String(req.query.repo ?? '');
    if (!accounts.has(did)) return sendXrpcError(res, 400, 'InvalidRequest', `Could not find repo: ${did}`);
    const limit = Math.min(100, Math.max(1, Number(req.query.limit ?? 50) || 50));
    const posts = ctx.posts.listByAuthor('bluesky', did);
    const start = typeof req.query.cursor === 'string' ? Number(req.query.cursor) : 0;
    const page = posts.slice(start, start + limit);
    res.json({
      records: page.map((post) => ({
        uri: post.id,
        cid: cidOf(JSON.stringify(post.record ?? post.text)),
        value: post.record ?? { text: post.text, createdAt: post.createdAt },
      })),
      ...(start + limit < posts.length ? { cursor: String(start + limit) } : {}),
    });
  });
  xrpc.get('/app.bsky.feed.getPosts', (req, res) => {
    if (authed(req, res, 'com.atproto.appPass') === null) return;
    const uris = ([] as unknown[]).concat(req.query.uris ?? []).map(String);
    if (uris.length > 25)
      return sendXrpcError(res, 400, 'InvalidRequest', 'uris must not have more than 25 elements');
    const posts = uris.flatMap((uri) => {
      const post = ctx.posts.find('bluesky', uri);
      if (post === null) return [];
      const metrics = ctx.posts.metrics(uri);
      const author = accounts.get(post.authorId)!;
      return [
        {
          uri,
          // The record's cid, as createRecord and listRecords answer it.
          cid: cidOf(JSON.stringify(post.record ?? post.text)),
          author: { did: author.did, handle: author.handle, displayName: author.displayName },
          record: post.record,
          likeCount: metrics.likes,
          repostCount: metrics.shares,
          replyCount: metrics.comments,
          quoteCount: 0,
          indexedAt: post.createdAt,
        },
      ];
    });
    res.json({ posts });
  });
  app.use(`/${BLUESKY_HOST}/xrpc`, xrpc);

  // A site the tests' posts link to (Bluesky's link card reads its page and image).
  app.get(`/${LINK_SITE}/blog/:slug`, (req, res) => {
    res
      .type('html')
      .send(
        `<!doctype html><html><head><title>Blog — ${req.params.slug}</title>` +
          `<meta property="og:title" content="Como planejar o mês &amp; não surtar">` +
          `<meta name="og:description" content="Um roteiro simples para agências pequenas.">` +
          `<meta property="og:image" content="/capa.jpg"></head><body>Post</body></html>`,
      );
  });
  app.get(`/${LINK_SITE}/capa.jpg`, (_req, res) => {
    res.type('image/jpeg').send(LINK_THUMB);
  });
}

/** The tests' linked site: its pages carry Open Graph tags and a cover image. */
export const LINK_SITE = 'www.exemplo.com.br';
const LINK_THUMB = jpegImage(1200, 630, 7);
