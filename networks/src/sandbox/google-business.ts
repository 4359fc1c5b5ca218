// Sandbox Google Business Profile: each test user manages one business account with one verified
// location per Facebook Page of theirs (same names, so the default user has two and a user without
// Pages has none) and, when they have any, one unverified branch (`canOperateLocalPost: false`).
// The endpoints Pauta calls, with Google's shapes and errors (`{ error: { code, message, status } }`):
// - `GET mybusinessaccountmanagement.googleapis.com/v1/accounts`;
// - `GET mybusinessbusinessinformation.googleapis.com/v1/{account}/locations?readMask=…` (readMask required);
// - `POST mybusiness.googleapis.com/v4/{account}/{location}/localPosts` (validated: summary ≤ 1,500,
//   topicType, an EVENT/OFFER's `event.title` ≤ 58 and `schedule` (real dates, end not before start),
//   `event` only on those and `offer` only on an OFFER (its redeem link a URL), the button (no url
//   for CALL; an offer's button ignored, as Google does), one PHOTO fetched
//   from `sourceUrl`: JPEG/PNG, ≤ 5 MB, ≥ 250 × 250; the location the token's user's and
//   verified; 10 posts a minute per location → 429);
// - `GET …/localPosts` (newest first, `pageSize` ≤ 100, `pageToken`);
// the post's page on Search (`local.google.com/place?…&lpsid=`) is served by post-pages.ts.
// Tokens are the sandbox Google app's (sign-in's app): business.manage must have been granted.
import { createHash } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import { inspectImage, type SandboxImage, sha256Hex } from './images.js';
import { bearerToken, type SandboxContext } from './oauth-common.js';
import type { AccessToken, SandboxUser } from './store.js';

const SCOPE = 'https://www.googleapis.com/auth/business.manage';
const SUMMARY_MAX = 1500;
const EVENT_TITLE_MAX = 58;
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_MIN_SIDE = 250;
const EDITS_PER_MINUTE = 10;
const READ_MASK_FIELDS = new Set([
  'name',
  'title',
  'storefrontAddress',
  'metadata',
  'phoneNumbers',
  'websiteUri',
]);
const TOPICS = new Set(['STANDARD', 'EVENT', 'OFFER', 'ALERT']);
const ACTIONS = new Set(['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL']);
const FETCH_TIMEOUT_MS = 10_000;

export interface SandboxLocation {
  /** `accounts/{id}/locations/{id}`. */
  id: string;
  account: string;
  title: string;
  address: { addressLines: string[]; locality: string; administrativeArea: string; regionCode: string };
  verified: boolean;
}

function digits(seed: string, length: number): string {
  const hash = createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; out.length < length; i += 1) out += String(hash[i % hash.length]! % 10);
  return out;
}

/** The business account of `user` (`accounts/1…`). */
export function sandboxBusinessAccount(user: SandboxUser): string {
  return `accounts/1${digits(user.sub, 9)}`;
}

/** The locations `user` manages: one verified per Facebook Page, one unverified branch. */
export function sandboxLocations(user: SandboxUser): SandboxLocation[] {
  const account = sandboxBusinessAccount(user);
  const address = (street: string) => ({
    addressLines: [street],
    locality: 'São Paulo',
    administrativeArea: 'SP',
    regionCode: 'BR',
  });
  const verified = user.pages.map((page, index) => ({
    id: `${account}/locations/3${page.id.slice(-9)}`,
    account,
    title: page.name,
    address: address(`Rua Augusta, ${1000 + index * 10}`),
    verified: true,
  }));
  const first = user.pages[0];
  if (first === undefined) return [];
  return [
    ...verified,
    {
      id: `${account}/locations/4${first.id.slice(-9)}`,
      account,
      title: `${first.name} — Filial`,
      address: address('Avenida Paulista, 2000'),
      verified: false,
    },
  ];
}

function findLocation(ctx: SandboxContext, id: string): SandboxLocation | null {
  for (const user of ctx.store.allUsers()) {
    const found = sandboxLocations(user).find((location) => location.id === id);
    if (found) return found;
  }
  return null;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
};

/** Google's error body; `status` defaults to the code's canonical name. */
function googleError(res: Response, code: number, message: string, status?: string): void {
  res.status(code).json({ error: { code, message, status: status ?? STATUS_NAMES[code] ?? 'UNKNOWN' } });
}

/** The call's token with business.manage, or null after answering 401/403. */
function businessToken(ctx: SandboxContext, req: Request, res: Response): AccessToken | null {
  const token = ctx.store.findAccessToken('google', bearerToken(req));
  if (token === null) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
    googleError(
      res,
      401,
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    );
    return null;
  }
  if (!token.grant.scopes.includes(SCOPE)) {
    googleError(res, 403, 'Request had insufficient authentication scopes.');
    return null;
  }
  return token;
}

function locationToJson(location: SandboxLocation, mask: Set<string>): Record<string, unknown> {
  const full: Record<string, unknown> = {
    name: location.id.slice(location.account.length + 1),
    title: location.title,
    storefrontAddress: { ...location.address, languageCode: 'pt-BR' },
    metadata: {
      canOperateLocalPost: location.verified,
      hasVoiceOfMerchant: location.verified,
      mapsUri: `https://maps.google.com/maps?cid=${location.id.split('/').at(-1)}`,
    },
  };
  return Object.fromEntries(Object.entries(full).filter(([key]) => mask.has(key)));
}

/** A schedule's Date (+ TimeOfDay, midnight when absent) as a comparable number, or null when not a real one. */
function instantOf(date: unknown, time: unknown): number | null {
  if (typeof date !== 'object' || date === null) return null;
  const { year, month, day } = date as Record<string, unknown>;
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  const at = new Date(Date.UTC(year as number, (month as number) - 1, day as number));
  if (at.getUTCMonth() !== (month as number) - 1 || at.getUTCDate() !== day) return null;
  const clock = (time ?? {}) as Record<string, unknown>;
  const hours = clock.hours ?? 0;
  const minutes = clock.minutes ?? 0;
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return null;
  if ((hours as number) < 0 || (hours as number) > 23 || (minutes as number) < 0 || (minutes as number) > 59)
    return null;
  return at.getTime() + ((hours as number) * 60 + (minutes as number)) * 60_000;
}

/** Why the LocalPost is invalid (Google's INVALID_ARGUMENT message), or null. */
export function localPostProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'Invalid JSON payload received.';
  const post = body as Record<string, unknown>;
  const topic = post.topicType ?? 'STANDARD';
  if (typeof topic !== 'string' || !TOPICS.has(topic)) return `Invalid value at 'local_post.topic_type'`;
  const summary = post.summary;
  if (summary !== undefined && typeof summary !== 'string') return "Invalid value at 'local_post.summary'";
  if (
    topic === 'STANDARD' &&
    (typeof summary !== 'string' || summary.trim() === '') &&
    post.media === undefined
  )
    return 'Request contains an invalid argument. (summary is required)';
  if (typeof summary === 'string' && [...summary].length > SUMMARY_MAX)
    return `Request contains an invalid argument. (summary exceeds ${SUMMARY_MAX} characters)`;
  if (topic === 'EVENT' || topic === 'OFFER') {
    const event = post.event as Record<string, unknown> | undefined;
    if (typeof event?.title !== 'string' || event.title.trim() === '')
      return 'Request contains an invalid argument. (event.title is required)';
    if ([...event.title].length > EVENT_TITLE_MAX)
      return `Request contains an invalid argument. (event.title exceeds ${EVENT_TITLE_MAX} characters)`;
    const schedule = event.schedule as Record<string, unknown> | undefined;
    if (typeof schedule?.startDate !== 'object' || typeof schedule.endDate !== 'object')
      return 'Request contains an invalid argument. (event.schedule needs startDate and endDate)';
    const start = instantOf(schedule.startDate, schedule.startTime);
    const end = instantOf(schedule.endDate, schedule.endTime ?? { hours: 23, minutes: 59 });
    if (start === null) return "Invalid value at 'local_post.event.schedule.start_date'";
    if (end === null) return "Invalid value at 'local_post.event.schedule.end_date'";
    if (end < start)
      return 'Request contains an invalid argument. (event.schedule end must not be before start)';
  } else if (post.event !== undefined) {
    return 'Request contains an invalid argument. (event is only for EVENT and OFFER posts)';
  }
  if (post.offer !== undefined) {
    if (topic !== 'OFFER') return 'Request contains an invalid argument. (offer is only for OFFER posts)';
    const offer = post.offer as Record<string, unknown>;
    const url = offer.redeemOnlineUrl;
    if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\/[^\s]+\.[^\s]+$/.test(url)))
      return "Invalid value at 'local_post.offer.redeem_online_url'";
    for (const key of ['couponCode', 'termsConditions'] as const)
      if (offer[key] !== undefined && typeof offer[key] !== 'string')
        return `Invalid value at 'local_post.offer.${key === 'couponCode' ? 'coupon_code' : 'terms_conditions'}'`;
  }
  if (post.callToAction !== undefined) {
    const action = post.callToAction as Record<string, unknown>;
    if (typeof action.actionType !== 'string' || !ACTIONS.has(action.actionType))
      return "Invalid value at 'local_post.call_to_action.action_type'";
    if (action.actionType !== 'CALL' && (typeof action.url !== 'string' || !/^https?:\/\//.test(action.url)))
      return 'Request contains an invalid argument. (callToAction.url is required)';
    if (action.actionType === 'CALL' && action.url !== undefined)
      return 'Request contains an invalid argument. (callToAction.url must be unset for CALL)';
  }
  if (post.media !== undefined) {
    if (!Array.isArray(post.media) || post.media.length !== 1)
      return 'Request contains an invalid argument. (one media item per post)';
    const item = post.media[0] as Record<string, unknown>;
    if (item.mediaFormat !== 'PHOTO') return "Invalid value at 'local_post.media[0].media_format'";
    if (typeof item.sourceUrl !== 'string' || !/^https?:\/\//.test(item.sourceUrl))
      return 'Request contains an invalid argument. (media.sourceUrl is required)';
  }
  return null;
}

/** Downloads and checks the post's photo as Google does: a problem message, or the image kept. */
async function fetchPhoto(url: string): Promise<SandboxImage | string> {
  let bytes: Buffer;
  try {
    const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) return 'Request contains an invalid argument. (media could not be fetched)';
    bytes = Buffer.from(await response.arrayBuffer());
  } catch {
    return 'Request contains an invalid argument. (media could not be fetched)';
  }
  const image = inspectImage(bytes);
  if (image === null || (image.mimeType !== 'image/jpeg' && image.mimeType !== 'image/png'))
    return 'Request contains an invalid argument. (photo must be JPG or PNG)';
  if (bytes.length > PHOTO_MAX_BYTES)
    return 'Request contains an invalid argument. (photo must be at most 5 MB)';
  if (image.width < PHOTO_MIN_SIDE || image.height < PHOTO_MIN_SIDE)
    return 'Request contains an invalid argument. (photo must be at least 250 x 250 pixels)';
  return { sha256: sha256Hex(bytes), size: bytes.length, ...image, altText: '' };
}

function searchUrl(location: string, postId: string): string {
  return `https://local.google.com/place?id=${location.split('/').at(-1)}&use=posts&lpsid=${postId}`;
}

export function mountGoogleBusiness(app: Router, ctx: SandboxContext): void {
  const accounts = Router();
  accounts.get('/v1/accounts', (req, res) => {
    const token = businessToken(ctx, req, res);
    if (token === null) return;
    const user = token.grant.user;
    res.json({
      accounts:
        user.pages.length === 0
          ? []
          : [
              {
                name: sandboxBusinessAccount(user),
                accountName: user.name,
                type: 'PERSONAL',
                verificationState: 'VERIFIED',
              },
            ],
    });
  });
  app.use('/mybusinessaccountmanagement.googleapis.com', accounts);

  const information = Router();
  information.get('/v1/accounts/:account/locations', (req, res) => {
    const token = businessToken(ctx, req, res);
    if (token === null) return;
    const mask = typeof req.query.readMask === 'string' ? req.query.readMask.split(',') : [];
    if (mask.length === 0 || mask.some((field) => !READ_MASK_FIELDS.has(field))) {
      googleError(res, 400, 'Request contains an invalid argument. (read_mask)');
      return;
    }
    const account = `accounts/${req.params.account}`;
    if (sandboxBusinessAccount(token.grant.user) !== account) {
      googleError(res, 403, 'The caller does not have permission');
      return;
    }
    const fields = new Set(mask);
    res.json({
      locations: sandboxLocations(token.grant.user).map((location) => locationToJson(location, fields)),
    });
  });
  app.use('/mybusinessbusinessinformation.googleapis.com', information);

  /** The location of the path when the token's user manages it; else null after answering. */
  const ownLocation = (req: Request, res: Response, token: AccessToken): SandboxLocation | null => {
    const id = `accounts/${req.params.account}/locations/${req.params.location}`;
    const location = findLocation(ctx, id);
    if (location === null) {
      googleError(res, 404, 'Requested entity was not found.');
      return null;
    }
    if (!sandboxLocations(token.grant.user).some((own) => own.id === id)) {
      googleError(res, 403, 'The caller does not have permission');
      return null;
    }
    return location;
  };

  const v4 = Router();
  v4.post('/v4/accounts/:account/locations/:location/localPosts', async (req, res) => {
    const token = businessToken(ctx, req, res);
    if (token === null) return;
    const location = ownLocation(req, res, token);
    if (location === null) return;
    if (!location.verified) {
      googleError(res, 400, 'Location is not verified and cannot create local posts.', 'FAILED_PRECONDITION');
      return;
    }
    const now = ctx.store.now();
    // The location's posts of the last minute (the sandbox's published posts: cleared with them).
    const edits = ctx.posts
      .listByAuthor('google_business', location.id)
      .filter((post) => now - Date.parse(post.createdAt) < 60_000);
    if (edits.length >= EDITS_PER_MINUTE) {
      googleError(
        res,
        429,
        "Quota exceeded for quota metric 'Edits' and limit 'Edits per minute per location'.",
      );
      return;
    }
    const problem = localPostProblem(req.body);
    if (problem !== null) {
      googleError(res, 400, problem);
      return;
    }
    const body = req.body as Record<string, unknown>;
    const media = body.media as Array<{ sourceUrl: string }> | undefined;
    const photo = media === undefined ? null : await fetchPhoto(media[0]!.sourceUrl);
    if (typeof photo === 'string') {
      googleError(res, 400, photo);
      return;
    }
    await ctx.posts.latency();
    const postId = ctx.posts.nextNumber();
    const name = `${location.id}/localPosts/${postId}`;
    const at = new Date(now).toISOString();
    // Google ignores an offer's button (callToAction is "ignored for topic type OFFER").
    const { callToAction, ...kept } = body;
    const answer: Record<string, unknown> = {
      ...(body.topicType === 'OFFER'
        ? kept
        : { ...kept, ...(callToAction === undefined ? {} : { callToAction }) }),
      name,
      languageCode: body.languageCode ?? 'pt-BR',
      topicType: body.topicType ?? 'STANDARD',
      state: 'LIVE',
      createTime: at,
      updateTime: at,
      searchUrl: searchUrl(location.id, postId),
      ...(media === undefined
        ? {}
        : {
            media: [
              {
                name: `${location.id}/media/${postId}`,
                mediaFormat: 'PHOTO',
                googleUrl: media[0]!.sourceUrl,
              },
            ],
          }),
    };
    ctx.posts.add({
      network: 'google_business',
      id: name,
      authorId: location.id,
      text: typeof body.summary === 'string' ? body.summary : '',
      imageUrl: null,
      media: photo === null ? [] : [photo],
      record: answer,
    });
    res.json(answer);
  });

  v4.get('/v4/accounts/:account/locations/:location/localPosts', (req, res) => {
    const token = businessToken(ctx, req, res);
    if (token === null) return;
    const location = ownLocation(req, res, token);
    if (location === null) return;
    const size = Number(req.query.pageSize ?? 20);
    if (!Number.isInteger(size) || size < 1 || size > 100) {
      googleError(res, 400, 'Request contains an invalid argument. (page_size)');
      return;
    }
    const start = typeof req.query.pageToken === 'string' ? Number(req.query.pageToken) : 0;
    const all = ctx.posts
      .listByAuthor('google_business', location.id)
      // The LocalPost as answered at creation is kept as the published post's record.
      .flatMap((post) => (typeof post.record === 'object' && post.record !== null ? [post.record] : []));
    const page = all.slice(start, start + size);
    res.json({
      localPosts: page,
      ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
    });
  });
  app.use('/mybusiness.googleapis.com', v4);
}

/** A location's title for the post page (post-pages.ts). */
export function sandboxLocationTitle(ctx: SandboxContext, id: string): string | null {
  return findLocation(ctx, id)?.title ?? null;
}
