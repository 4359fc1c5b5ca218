// The contract between the worker and each network's publishing adapter: what a publish call
// needs, what it returns, and how a failure is classified (which decides retry vs. stop).
import type { Platform, PublishErrorCode } from '@pauta/core';

export interface PublishTarget {
  /** Person URN id (LinkedIn `sub`), Page id (Facebook), user id (X), IG user id. */
  platformUserId: string;
  accessToken: string;
}

/**
 * One image of a post, as the worker hands it to an adapter (in the post's order). The adapters
 * that upload bytes (LinkedIn, Facebook, X) send `bytes`; Instagram fetches `url` itself.
 */
export interface PublishMedia {
  /** image/jpeg, image/png, image/gif or image/webp (checked against the network's list). */
  mimeType: string;
  /** Alternative text; empty when the owner gave none. */
  altText: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  /** A signed, expiring, publicly fetchable URL of the same bytes (Instagram fetches it). */
  url: string;
}

/**
 * A post's video as the worker hands it to an adapter (docs/media.md, "Publicar vídeo"). It is
 * never loaded whole in memory: the adapters that upload bytes (X's APPEND, LinkedIn's parts,
 * YouTube's and TikTok's chunks, Facebook's transfer phase) read them range by range with `read`;
 * those whose network fetches the file (Instagram's `video_url`) send `url`. Only passed to a
 * network whose descriptor has `capabilities.video`; the facts were checked against the network's
 * `videoLimits` when the video was added and again before publishing.
 */
export interface PublishVideo {
  /** video/mp4 or video/quicktime. */
  mimeType: string;
  sizeBytes: number;
  durationSeconds: number;
  width: number;
  height: number;
  frameRate: number;
  /** Bytes [start, end) of the file (end ≤ sizeBytes): one chunk of an upload. */
  read(start: number, end: number): Promise<Uint8Array>;
  /** A signed, expiring, publicly fetchable URL of the same bytes (valid at least an hour). */
  url: string;
  /** The cover the person chose; null: the network picks one. */
  cover: PublishVideoCover | null;
}

export interface PublishVideoCover {
  /** The frame chosen, in seconds from the start; null when the cover is an uploaded image. */
  timeSeconds: number | null;
  /** The cover as a JPEG or PNG (the chosen frame drawn by the browser, or the uploaded image). */
  image: { mimeType: string; width: number; height: number; bytes: Uint8Array; url: string };
}

/**
 * What the person chose for this post on its network (the profile's `postOptions`: YouTube's
 * privacy, TikTok's privacy level, Google's post type and button), validated when saved. A key the
 * person never set is absent: the adapter uses the field's default.
 */
export type PostOptionValues = Readonly<Record<string, string | boolean | null>>;

export interface PublishRequest {
  target: PublishTarget;
  title: string;
  text: string;
  /** The post's images, in order (within the network's `mediaLimits`, checked by `checkMedia`). */
  media?: readonly PublishMedia[];
  /** The post's video (a post has images or one video, never both). */
  video?: PublishVideo;
  /** The network's post options the person chose (`NetworkProfile.postOptions`). */
  options?: PostOptionValues;
  /** Instagram without `media`: one image at a public URL (kept for callers that have only a URL). */
  imageUrl?: string | null;
}

export interface PublishResult {
  platformPostId: string;
  /** Public link to the post on the network, when the network gives enough to build one. */
  url: string | null;
  /**
   * What failed after the post was published without failing it (YouTube: the cover could not be
   * set as the thumbnail): the worker logs them. No tokens.
   */
  warnings?: readonly string[];
}

/**
 * How a failure must be handled (architecture §5, RELIABILITY W3):
 * - `retryable`: the request surely did not create a post (connection refused, 502/503/504);
 * - `rate_limited`: 429; wait `retryAfterMs` and try again without using an attempt;
 * - `auth`: 401 — refresh the token once and try again, then it is permanent;
 * - `permanent`: the network refused the post (validation, duplicate, permissions) — never retry;
 * - `unknown`: the request may have been processed (timeout or reset after sending, 500) — never
 *   retry automatically: a duplicate post is worse than a late one.
 */
export type PublishFailureKind = 'retryable' | 'rate_limited' | 'auth' | 'permanent' | 'unknown';

export class PublishError extends Error {
  override name = 'PublishError';
  constructor(
    readonly kind: PublishFailureKind,
    /** What the owner is told (core publishErrorMessages). */
    readonly code: PublishErrorCode,
    /** Technical detail for publishing_logs (no tokens). */
    message: string,
    readonly details: {
      status?: number;
      retryAfterMs?: number;
      /** The network's own code (`190/463`, `187`, `ACCESS_DENIED`, `ECONNRESET`). */
      networkCode?: string;
      /** What the owner is told: the network's error table (`<network>/errors.ts`), pt-BR. */
      reason?: string;
    } = {},
  ) {
    super(message);
  }
}

export interface PostMetrics {
  reach: number | null;
  likes: number | null;
  comments: number | null;
}

export interface MetricsRequest {
  target: PublishTarget;
  platformPostIds: string[];
}

export interface PublishCallOptions {
  /** Aborts every request of the call (the worker's one deadline, NETWORK_TIMEOUT_MS). */
  signal?: AbortSignal;
  /**
   * When `signal` will fire (epoch ms). With images, the final create call is sent only when
   * enough of it is left (`SEND_RESERVE_MS`): a create cut off by the deadline would be a doubtful
   * outcome, while stopping before it is a plain retry (docs/publishing.md, "Posts with images").
   */
  deadline?: number;
  /**
   * Called once, right before the request that creates the visible post (after every invisible
   * media step): the worker commits `send_started_at` there, so a crash flags only posts whose
   * create request was actually leaving (docs/publishing.md, "Flag only what was sent"). When it
   * throws, nothing visible was sent and the adapter rethrows the error unchanged.
   */
  beforeSend?: () => Promise<void>;
  /**
   * The same for every send of one claimed version of a post (the worker passes the post's id and
   * version): a network that honours an idempotency key (Mastodon's `Idempotency-Key`, kept an
   * hour) answers a repeated create with the post it already made instead of a second one.
   */
  idempotencyKey?: string;
}

/** Looking for a post whose outcome is unknown (docs/publishing.md, "Asking the network"). */
export interface LookupRequest {
  target: PublishTarget;
  /** The post's text exactly as Pauta sent it. */
  text: string;
  /** The post, if it exists, was created between these (send_started_at, and the lookup's time). */
  since: Date;
  until: Date;
}

export type LookupResult =
  | { kind: 'found'; platformPostId: string; url: string | null }
  /** The listing covered the whole window and no post matches: safe to send again. */
  | { kind: 'absent' }
  /** The network cannot tell (the lookup failed, the match is ambiguous, the listing is partial). */
  | { kind: 'unknown'; reason: string };

/** A first comment under a published post (docs/first-comment.md). */
export interface FirstCommentRequest {
  target: PublishTarget;
  /** The post's id at the network (PublishResult.platformPostId). */
  platformPostId: string;
  /** The comment's text, already checked against the network's limit. */
  text: string;
}

/** Looking for a first comment whose outcome is unknown: the post's comments by the account. */
export interface FirstCommentLookup extends FirstCommentRequest {
  /** The comment, if it exists, was created after this (its send, less a slack). */
  since: Date;
}

export interface NetworkAdapter {
  readonly platform: Platform;
  /**
   * Present when the descriptor's `capabilities.firstComment`: posts `text` as a comment on (or a
   * reply to) the published post. One request; its failures are classified like a publish's
   * (`unknown` when it may have landed). Returns the comment's id at the network.
   */
  publishFirstComment?(
    request: FirstCommentRequest,
    options?: { signal?: AbortSignal },
  ): Promise<{ id: string }>;
  /**
   * Lists the post's comments (replies) by the account and matches the text: `found` with its id,
   * `absent` when the listing is complete and none matches, `unknown` otherwise. Never throws.
   */
  lookupFirstComment?(request: FirstCommentLookup, options?: { signal?: AbortSignal }): Promise<LookupResult>;
  publish(request: PublishRequest, options?: PublishCallOptions): Promise<PublishResult>;
  /**
   * Present when the descriptor's `capabilities.lookup`: the account's recent posts matched by
   * exact normalised text within the window. Read-only; never throws (a failure is `unknown`).
   */
  lookupRecentPost?(request: LookupRequest, options?: { signal?: AbortSignal }): Promise<LookupResult>;
  /**
   * Metrics for published posts; a post missing from the map, or mapped to null, has no metrics
   * available (e.g. LinkedIn personal profiles): show 'indisponível', never 0.
   */
  fetchMetrics(request: MetricsRequest): Promise<Map<string, PostMetrics | null>>;
}

/** A public web page (or image) read for a link card. */
export interface LinkPage {
  url: string;
  /** The answer's media type, lower case, without parameters (`text/html`, `image/jpeg`). */
  contentType: string;
  bytes: Uint8Array;
}

/**
 * A GET of a page a post links to, that refuses private addresses and stops at `maxBytes` and its
 * time limit; null for anything but a complete 2xx answer. The worker passes db's
 * `fetchPublicPage` (the webhooks' address guard); under SOCIAL_SANDBOX_URL the sandbox serves it.
 */
export type LinkPageFetcher = (url: string, limits: { maxBytes: number }) => Promise<LinkPage | null>;

export interface AdapterOptions {
  /** The fetch to use (createNetworkFetch(sandboxUrl) rewrites to the sandbox). */
  fetch: typeof globalThis.fetch;
  /** Reads the first link's page for a link card (Bluesky); absent: the post goes without a card. */
  fetchLinkPage?: LinkPageFetcher;
  /**
   * Per-request timeout. The worker passes NETWORK_TIMEOUT_MS, which its boot check keeps below
   * half of STALE_CLAIM_MS (docs/publishing.md, "Timing"). Default 20 s.
   */
  timeoutMs?: number;
  /** LinkedIn-Version header (YYYYMM); configurable because LinkedIn sunsets versions (426). */
  linkedinVersion?: string;
  /** Graph API version for Facebook and Instagram, e.g. 'v21.0'. */
  graphVersion?: string;
  /** Facebook app secret, for appsecret_proof on Graph calls. */
  facebookAppSecret?: string;
  /**
   * Read post analytics that need an opt-in scope (LinkedIn: r_member_postAnalytics, switched on
   * by LINKEDIN_POST_ANALYTICS). Off: the network answers no metrics, without a call.
   */
  postAnalytics?: boolean;
}
