// Sandbox YouTube (Data API v3), on the sandbox Google app's tokens: every test user has a channel
// (`UC…` from their sub, titled with their name, `@<username>`), except users whose username starts
// with `semcanal` (a Google account that never created one); the `no-email` user (Carla) hides
// her subscriber count. The endpoints Pauta calls, with Google's error shape
// (`{ error: { code, message, errors: [{ domain, reason, message }] } }`):
// - `GET www.googleapis.com/youtube/v3/channels?part=…&mine=true|id=…` (youtube.readonly), with
//   `contentDetails.relatedPlaylists.uploads` (the channel's uploads playlist, `UU…`);
// - `GET www.googleapis.com/youtube/v3/playlistItems?part=snippet&playlistId=UU…&maxResults=&pageToken=`:
//   the channel's uploads, newest first, 5 per page by default and 50 at most (private videos to
//   their own channel only), `nextPageToken` while more remain; an unknown playlist → 404;
// - `POST www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`: the
//   video resource validated (title 1–100 characters without < >, description ≤ 5,000 bytes
//   without < >, categoryId, privacyStatus, selfDeclaredMadeForKids a boolean — stricter than
//   YouTube, which falls back to the channel's default — and X-Upload-Content-Length/-Type), answers
//   the session URI in `Location` (`…&upload_id=<session>`); the token needs youtube.upload and a channel;
// - `PUT <session>` with `Content-Range: bytes a-b/SIZE`: a must be what the session holds, the body
//   b − a + 1 bytes, SIZE the declared one, every chunk but the last a multiple of 256 KiB; 308 with
//   `Range: bytes=0-N` until the last byte, then 201 with the video: one video per session, recorded
//   with the sha256 of the assembled bytes; `Content-Range: bytes */SIZE` (no body) asks the state;
//   an unknown session → 404;
// - `POST www.googleapis.com/upload/youtube/v3/thumbnails/set?videoId=…`: a JPEG or PNG ≤ 2 MB of the
//   token's own video, recorded on the post;
// - `GET www.googleapis.com/youtube/v3/videos?part=statistics&id=…`: the sandbox's growing metrics.
// A video's page (`www.youtube.com/shorts/<id>`) is served by post-pages.ts.
import { createHash, randomBytes } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import { inspectImage, type SandboxImage } from './images.js';
import { bearerToken, type SandboxContext } from './oauth-common.js';
import type { SandboxPublishedPost } from './posts.js';
import type { AccessToken, SandboxUser } from './store.js';

const HOST = 'www.googleapis.com';
const UPLOAD_SCOPE = 'https://www.googleapis.com/auth/youtube.upload';
const READ_SCOPES = [
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];
const WRITE_SCOPES = [
  UPLOAD_SCOPE,
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];
const CHUNK_UNIT = 256 * 1024;
const TITLE_MAX = 100;
const DESCRIPTION_MAX_BYTES = 5000;
const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
const PRIVACY = new Set(['public', 'unlisted', 'private']);
/** YouTube's assignable categories (videoCategories.list, region BR). */
const CATEGORIES = new Set([
  '1',
  '2',
  '10',
  '15',
  '17',
  '19',
  '20',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
]);
const PARTS = new Set([
  'snippet',
  'status',
  'contentDetails',
  'statistics',
  'id',
  'player',
  'recordingDetails',
  'localizations',
]);

export interface SandboxChannel {
  id: string;
  title: string;
  handle: string;
  subscribers: number;
  hiddenSubscriberCount: boolean;
}

/** What the sandbox kept of an uploaded video (tests assert it through the recorded post). */
export interface SandboxVideo {
  /** sha256 of the assembled bytes, hex. */
  sha256: string;
  size: number;
  mimeType: string;
  title: string;
  categoryId: string;
  privacyStatus: string;
  madeForKids: boolean;
  /** PUTs that carried bytes, in order (their Content-Range), for the tests. */
  chunks: string[];
  /** The thumbnail set on it, if any. */
  thumbnail: SandboxImage | null;
}

/** The channel of `user`, or null for a user without one (username `semcanal…`). */
export function sandboxChannel(user: SandboxUser): SandboxChannel | null {
  if (user.username.startsWith('semcanal')) return null;
  const hash = createHash('sha256').update(`youtube:${user.sub}`).digest();
  return {
    id: `UC${hash.toString('base64url').slice(0, 22)}`,
    title: user.name,
    handle: `@${user.username.toLowerCase()}`,
    subscribers: 100 + (hash.readUInt32BE(0) % 50_000),
    hiddenSubscriberCount: user.email === null,
  };
}

/** The sandbox video record of a published YouTube post. */
export function sandboxVideoOf(post: SandboxPublishedPost): SandboxVideo | null {
  const record = post.record as { video?: SandboxVideo } | undefined;
  return record?.video ?? null;
}

interface Session {
  id: string;
  userSub: string;
  channelId: string;
  size: number;
  mimeType: string;
  resource: {
    title: string;
    description: string;
    categoryId: string;
    privacyStatus: string;
    madeForKids: boolean;
  };
  held: number;
  hash: ReturnType<typeof createHash>;
  chunks: string[];
  videoId: string | null;
}

function youtubeError(
  res: Response,
  code: number,
  reason: string,
  message: string,
  domain = 'youtube.api',
): void {
  res.status(code).json({ error: { code, message, errors: [{ message, domain, reason }] } });
}

function query(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

/** A channel's uploads playlist: YouTube names it after the channel, `UC…` → `UU…`. */
export function uploadsPlaylistOf(channelId: string): string {
  return `UU${channelId.slice(2)}`;
}

export function mountYouTube(app: Router, ctx: SandboxContext): void {
  const sessions = new Map<string, Session>();
  const router = Router();

  /** The call's token with one of `scopes`, or null after answering 401/403. */
  const tokenFor = (req: Request, res: Response, scopes: readonly string[]): AccessToken | null => {
    const token = ctx.store.findAccessToken('google', bearerToken(req));
    if (token === null) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      youtubeError(res, 401, 'authError', 'Invalid Credentials', 'global');
      return null;
    }
    if (!scopes.some((scope) => token.grant.scopes.includes(scope))) {
      youtubeError(
        res,
        403,
        'insufficientPermissions',
        'Request had insufficient authentication scopes.',
        'global',
      );
      return null;
    }
    return token;
  };

  const videoResource = (post: SandboxPublishedPost) => {
    const video = sandboxVideoOf(post);
    return {
      kind: 'youtube#video',
      etag: createHash('sha256').update(post.id).digest('base64url').slice(0, 27),
      id: post.id,
      snippet: {
        publishedAt: post.createdAt,
        channelId: post.authorId,
        title: video?.title ?? '',
        description: post.text,
        categoryId: video?.categoryId ?? '22',
      },
      status: {
        uploadStatus: 'uploaded',
        privacyStatus: video?.privacyStatus ?? 'public',
        selfDeclaredMadeForKids: video?.madeForKids ?? false,
      },
    };
  };

  router.get('/youtube/v3/channels', (req, res) => {
    const token = tokenFor(req, res, READ_SCOPES);
    if (token === null) return;
    const part = query(req, 'part');
    if (part === undefined || part === '') {
      youtubeError(res, 400, 'required', 'Required parameter: part', 'global');
      return;
    }
    const mine = query(req, 'mine') === 'true';
    const ids = query(req, 'id')?.split(',') ?? [];
    if (!mine && ids.length === 0) {
      youtubeError(
        res,
        400,
        'missingRequiredParameter',
        'No filter selected. Expected one of: mine, id, forHandle, forUsername, managedByMe, categoryId',
      );
      return;
    }
    const users = mine ? [token.grant.user] : ctx.store.allUsers();
    const channels = users
      .map((user) => sandboxChannel(user))
      .filter((channel): channel is SandboxChannel => channel !== null && (mine || ids.includes(channel.id)));
    const parts = new Set(part.split(','));
    res.json({
      kind: 'youtube#channelListResponse',
      pageInfo: { totalResults: channels.length, resultsPerPage: 5 },
      items: channels.map((channel) => ({
        kind: 'youtube#channel',
        id: channel.id,
        ...(parts.has('snippet')
          ? {
              snippet: {
                title: channel.title,
                description: '',
                customUrl: channel.handle,
                thumbnails: {
                  default: { url: `https://yt3.ggpht.com/${channel.id}=s88`, width: 88, height: 88 },
                },
              },
            }
          : {}),
        ...(parts.has('contentDetails')
          ? { contentDetails: { relatedPlaylists: { likes: '', uploads: uploadsPlaylistOf(channel.id) } } }
          : {}),
        ...(parts.has('statistics')
          ? {
              statistics: {
                viewCount: String(channel.subscribers * 40),
                hiddenSubscriberCount: channel.hiddenSubscriberCount,
                ...(channel.hiddenSubscriberCount ? {} : { subscriberCount: String(channel.subscribers) }),
                videoCount: String(ctx.posts.listByAuthor('youtube', channel.id).length),
              },
            }
          : {}),
      })),
    });
  });

  router.get('/youtube/v3/playlistItems', (req, res) => {
    const token = tokenFor(req, res, READ_SCOPES);
    if (token === null) return;
    const part = query(req, 'part');
    const playlistId = query(req, 'playlistId');
    if (part === undefined || part === '' || playlistId === undefined || playlistId === '') {
      youtubeError(
        res,
        400,
        'missingRequiredParameter',
        'Required parameters: part and a filter (playlistId or id)',
        'global',
      );
      return;
    }
    const max = Number(query(req, 'maxResults') ?? '5');
    if (!Number.isInteger(max) || max < 0 || max > 50) {
      youtubeError(res, 400, 'invalidValue', 'Invalid value for parameter maxResults (0 to 50)');
      return;
    }
    const owner = ctx.store
      .allUsers()
      .map((user) => sandboxChannel(user))
      .find((channel) => channel !== null && uploadsPlaylistOf(channel.id) === playlistId);
    if (owner === undefined || owner === null) {
      youtubeError(
        res,
        404,
        'playlistNotFound',
        "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
      );
      return;
    }
    const mine = sandboxChannel(token.grant.user)?.id === owner.id;
    const videos = ctx.posts
      .listByAuthor('youtube', owner.id)
      .filter((post) => mine || sandboxVideoOf(post)?.privacyStatus !== 'private');
    const start = Number(query(req, 'pageToken') ?? '0');
    if (!Number.isInteger(start) || start < 0 || start > videos.length) {
      youtubeError(res, 400, 'invalidPageToken', 'The request specifies an invalid page token.');
      return;
    }
    const page = videos.slice(start, start + max);
    const next = start + max < videos.length ? String(start + max) : null;
    res.json({
      kind: 'youtube#playlistItemListResponse',
      ...(next === null ? {} : { nextPageToken: next }),
      pageInfo: { totalResults: videos.length, resultsPerPage: max },
      items: page.map((post, index) => {
        const video = videoResource(post);
        return {
          kind: 'youtube#playlistItem',
          id: `${playlistId}.${post.id}`,
          snippet: {
            publishedAt: post.createdAt,
            channelId: owner.id,
            title: video.snippet.title,
            description: video.snippet.description,
            playlistId,
            position: start + index,
            resourceId: { kind: 'youtube#video', videoId: post.id },
          },
        };
      }),
    });
  });

  router.get('/youtube/v3/videos', (req, res) => {
    const token = tokenFor(req, res, READ_SCOPES);
    if (token === null) return;
    const part = query(req, 'part');
    const ids =
      query(req, 'id')
        ?.split(',')
        .filter((id) => id !== '') ?? [];
    if (part === undefined || part === '' || ids.length === 0) {
      youtubeError(
        res,
        400,
        'missingRequiredParameter',
        'Required parameters: part and a filter (id)',
        'global',
      );
      return;
    }
    if (ids.length > 50) {
      youtubeError(res, 400, 'tooManyIds', 'The id parameter takes at most 50 video ids');
      return;
    }
    const channel = sandboxChannel(token.grant.user);
    const items = ids.flatMap((id) => {
      const post = ctx.posts.find('youtube', id);
      if (post === null) return [];
      // A private video is listed to its own channel only.
      if (sandboxVideoOf(post)?.privacyStatus === 'private' && post.authorId !== channel?.id) return [];
      const metrics = ctx.posts.metrics(id);
      return [
        {
          ...videoResource(post),
          statistics: {
            viewCount: String(metrics.reach),
            likeCount: String(metrics.likes),
            favoriteCount: '0',
            commentCount: String(metrics.comments),
          },
        },
      ];
    });
    res.json({
      kind: 'youtube#videoListResponse',
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      items,
    });
  });

  router.post('/upload/youtube/v3/videos', (req, res) => {
    const token = tokenFor(req, res, WRITE_SCOPES);
    if (token === null) return;
    const channel = sandboxChannel(token.grant.user);
    if (channel === null) {
      youtubeError(res, 401, 'youtubeSignupRequired', 'Unauthorized', 'youtube.header');
      return;
    }
    if (query(req, 'uploadType') !== 'resumable') {
      youtubeError(res, 400, 'badRequest', "Pauta's uploads use uploadType=resumable", 'global');
      return;
    }
    const parts = (query(req, 'part') ?? '').split(',');
    if (
      parts.length === 0 ||
      parts.some((part) => !PARTS.has(part)) ||
      !parts.includes('snippet') ||
      !parts.includes('status')
    ) {
      youtubeError(res, 400, 'unexpectedPart', `Unexpected or missing part: ${query(req, 'part') ?? ''}`);
      return;
    }
    const size = Number(req.headers['x-upload-content-length']);
    const mimeType = String(req.headers['x-upload-content-type'] ?? '');
    if (!Number.isSafeInteger(size) || size <= 0) {
      youtubeError(
        res,
        400,
        'badRequest',
        'X-Upload-Content-Length must be the file size in bytes',
        'global',
      );
      return;
    }
    if (!mimeType.startsWith('video/') && mimeType !== 'application/octet-stream') {
      youtubeError(res, 400, 'badContent', `Media type '${mimeType}' is not supported.`, 'global');
      return;
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      youtubeError(res, 400, 'badRequest', 'The video resource must be JSON', 'global');
      return;
    }
    const body = (req.body ?? {}) as { snippet?: Record<string, unknown>; status?: Record<string, unknown> };
    const snippet = body.snippet ?? {};
    const status = body.status ?? {};
    const title = snippet.title;
    if (
      typeof title !== 'string' ||
      title.trim() === '' ||
      [...title].length > TITLE_MAX ||
      /[<>]/.test(title)
    ) {
      youtubeError(
        res,
        400,
        'invalidTitle',
        'The request metadata specifies an invalid or empty video title.',
      );
      return;
    }
    const description = snippet.description ?? '';
    if (
      typeof description !== 'string' ||
      Buffer.byteLength(description, 'utf8') > DESCRIPTION_MAX_BYTES ||
      /[<>]/.test(description)
    ) {
      youtubeError(
        res,
        400,
        'invalidDescription',
        'The request metadata specifies an invalid video description.',
      );
      return;
    }
    const categoryId = snippet.categoryId;
    if (typeof categoryId !== 'string' || !CATEGORIES.has(categoryId)) {
      youtubeError(
        res,
        400,
        'invalidCategoryId',
        'The snippet.categoryId property specifies an invalid category ID.',
      );
      return;
    }
    const privacyStatus = status.privacyStatus;
    const madeForKids = status.selfDeclaredMadeForKids;
    if (
      typeof privacyStatus !== 'string' ||
      !PRIVACY.has(privacyStatus) ||
      typeof madeForKids !== 'boolean'
    ) {
      youtubeError(
        res,
        400,
        'invalidVideoMetadata',
        'The request metadata is invalid (status.privacyStatus, status.selfDeclaredMadeForKids).',
      );
      return;
    }
    const id = randomBytes(24).toString('base64url');
    sessions.set(id, {
      id,
      userSub: token.grant.user.sub,
      channelId: channel.id,
      size,
      mimeType,
      resource: { title, description, categoryId, privacyStatus, madeForKids },
      held: 0,
      hash: createHash('sha256'),
      chunks: [],
      videoId: null,
    });
    res.setHeader(
      'Location',
      `https://${HOST}/upload/youtube/v3/videos?uploadType=resumable&part=${parts.join(',')}&upload_id=${id}`,
    );
    res.status(200).end();
  });

  /** 308 with what the session holds (no Range while it holds nothing). */
  const incomplete = (res: Response, session: Session) => {
    if (session.held > 0) res.setHeader('Range', `bytes=0-${session.held - 1}`);
    res.setHeader('Content-Length', '0');
    res.status(308).end();
  };

  router.put('/upload/youtube/v3/videos', (req, res) => {
    const session = sessions.get(query(req, 'upload_id') ?? '');
    if (session === undefined) {
      youtubeError(res, 404, 'notFound', 'Not Found: no upload session with this upload_id', 'global');
      return;
    }
    const token = ctx.store.findAccessToken('google', bearerToken(req));
    if (token === null || token.grant.user.sub !== session.userSub) {
      youtubeError(res, 401, 'authError', 'Invalid Credentials', 'global');
      return;
    }
    const range = String(req.headers['content-range'] ?? '');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const created = () => {
      const post = session.videoId === null ? null : ctx.posts.find('youtube', session.videoId);
      res.status(201).json(post === null ? {} : videoResource(post));
    };
    const status = /^bytes \*\/(\d+)$/.exec(range);
    if (status !== null) {
      if (Number(status[1]) !== session.size || body.length > 0) {
        youtubeError(res, 400, 'badRequest', 'Invalid Content-Range for a status request', 'global');
        return;
      }
      if (session.videoId !== null) created();
      else incomplete(res, session);
      return;
    }
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (match === null) {
      youtubeError(res, 400, 'badRequest', `Failed to parse Content-Range header: ${range}`, 'global');
      return;
    }
    const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // A completed session takes nothing more: it answers its one video (never a second).
    if (session.videoId !== null) {
      created();
      return;
    }
    const problem =
      total !== session.size
        ? `the total ${total} is not the declared X-Upload-Content-Length ${session.size}`
        : start !== session.held
          ? `the chunk starts at ${start} but the session holds ${session.held} bytes`
          : end < start || end >= total
            ? `the range ${start}-${end} is outside the file`
            : body.length !== end - start + 1
              ? `the body has ${body.length} bytes, the range says ${end - start + 1}`
              : end + 1 < total && body.length % CHUNK_UNIT !== 0
                ? `a chunk other than the last must be a multiple of 256 KiB (${body.length} bytes)`
                : null;
    if (problem !== null) {
      youtubeError(res, 400, 'badRequest', `Invalid upload chunk: ${problem}`, 'global');
      return;
    }
    if (!String(req.headers['content-type'] ?? '').startsWith(session.mimeType.split('/')[0] ?? 'video')) {
      youtubeError(res, 400, 'badContent', 'The chunk must carry the declared media type', 'global');
      return;
    }
    session.hash.update(body);
    session.held = end + 1;
    session.chunks.push(range);
    if (session.held < session.size) {
      incomplete(res, session);
      return;
    }
    const videoId = createHash('sha256')
      .update(`${session.id}:${ctx.posts.nextNumber()}`)
      .digest('base64url')
      .slice(0, 11);
    const video: SandboxVideo = {
      sha256: session.hash.digest('hex'),
      size: session.size,
      mimeType: session.mimeType,
      title: session.resource.title,
      categoryId: session.resource.categoryId,
      privacyStatus: session.resource.privacyStatus,
      madeForKids: session.resource.madeForKids,
      chunks: [...session.chunks],
      thumbnail: null,
    };
    ctx.posts.add({
      network: 'youtube',
      id: videoId,
      authorId: session.channelId,
      text: session.resource.description,
      imageUrl: null,
      record: { video },
      // As every sandbox network records a video post (tests compare the bytes' sha256).
      video: {
        sha256: video.sha256,
        size: video.size,
        mimeType: video.mimeType,
        chunks: video.chunks.length,
        title: video.title,
      },
    });
    session.videoId = videoId;
    created();
  });

  router.post('/upload/youtube/v3/thumbnails/set', (req, res) => {
    const token = tokenFor(req, res, WRITE_SCOPES);
    if (token === null) return;
    const post = ctx.posts.find('youtube', query(req, 'videoId') ?? '');
    const channel = sandboxChannel(token.grant.user);
    if (post === null || post.authorId !== channel?.id) {
      youtubeError(res, 404, 'videoNotFound', 'The video that you are trying to update cannot be found.');
      return;
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (body.length === 0) {
      youtubeError(res, 400, 'mediaBodyRequired', 'The request does not include the image content.');
      return;
    }
    const image = inspectImage(body);
    if (
      image === null ||
      (image.mimeType !== 'image/jpeg' && image.mimeType !== 'image/png') ||
      body.length > THUMBNAIL_MAX_BYTES
    ) {
      youtubeError(
        res,
        400,
        'invalidImage',
        'The provided image content is invalid (JPEG or PNG, up to 2 MB).',
      );
      return;
    }
    const video = sandboxVideoOf(post);
    if (video !== null)
      video.thumbnail = {
        sha256: createHash('sha256').update(body).digest('hex'),
        size: body.length,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        altText: '',
      };
    res.json({
      kind: 'youtube#thumbnailSetResponse',
      items: [{ default: { url: `https://i.ytimg.com/vi/${post.id}/default.jpg`, width: 120, height: 90 } }],
    });
  });

  app.use(`/${HOST}`, router);
}

/** The channel title of a sandbox YouTube post's author (post pages). */
export function sandboxChannelTitle(ctx: SandboxContext, channelId: string): string | null {
  for (const user of ctx.store.allUsers()) {
    const channel = sandboxChannel(user);
    if (channel?.id === channelId) return `${channel.title} (${channel.handle})`;
  }
  return null;
}
