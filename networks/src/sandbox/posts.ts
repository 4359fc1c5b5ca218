// What the sandbox networks have "published": posts per network with deterministic metrics
// (overridable by tests), Instagram media containers, and the artificial publish latency.
import { createHash } from 'node:crypto';
import { PLATFORMS, type Platform } from '@pauta/core';
import type { SandboxImage } from './images.js';

/** The sandbox imitates every network Pauta publishes to. */
export type SandboxPublishNetwork = Platform;

export const SANDBOX_PUBLISH_NETWORKS: readonly SandboxPublishNetwork[] = PLATFORMS;

export interface SandboxPublishedPost {
  network: SandboxPublishNetwork;
  /** The id the network answered (LinkedIn URN, `<page>_<post>`, tweet id, IG media id). */
  id: string;
  /** Person sub (LinkedIn, X), Page id (Facebook), IG user id (Instagram), organisation id (LinkedIn Pages). */
  authorId: string;
  /** The text exactly as received (LinkedIn: still little-text escaped). */
  text: string;
  imageUrl: string | null;
  /** The images the post carries, in order, as the network received them (empty: text only). */
  media: SandboxImage[];
  createdAt: string;
  /** Bluesky: the `app.bsky.feed.post` record as created (facets, embed), for the tests to read. */
  record?: unknown;
  /** The video the post carries, as the network assembled or fetched it (absent: no video). */
  video?: SandboxVideo;
  /** X, Threads: the post this one replies to (`in_reply_to_tweet_id`, `reply_to_id`); absent: not a reply. */
  inReplyToId?: string;
}

/**
 * A comment on a published post (Instagram's `POST /{ig-media-id}/comments`, Facebook's
 * `POST /{page-post-id}/comments`, LinkedIn's `POST /rest/socialActions/{urn}/comments`).
 */
export interface SandboxComment {
  network: SandboxPublishNetwork;
  id: string;
  /** The post (media) it comments on. */
  parentId: string;
  /** Who commented (the IG user id, the Page id, the member sub or the organisation id). */
  authorId: string;
  authorName: string;
  text: string;
  createdAt: string;
}

/**
 * What a sandbox network keeps of a video it received (fetched from `video_url` or assembled from
 * uploaded chunks): tests compare `sha256` with the file's to prove every byte arrived in order.
 */
export interface SandboxVideo {
  /** sha256 of the whole file, hex. */
  sha256: string;
  size: number;
  /** How the network published it (`REELS` on Instagram; `reel` or `page_video` on Facebook). */
  kind?: string;
  /** X, LinkedIn: the upload's declared media type. */
  mimeType?: string;
  /** How many pieces the bytes came in (X APPEND segments, LinkedIn parts). */
  chunks?: number;
  /** The cover: a frame (`thumbOffsetMs`) or an image the network received (sha256 of its bytes). */
  thumbOffsetMs?: number | null;
  coverSha256?: string | null;
  /** sha256 of the thumbnail image the network received (LinkedIn), null when none. */
  thumbnailSha256?: string | null;
  /** Instagram: `share_to_feed`. */
  shareToFeed?: boolean;
  /** Facebook Page video: the `title`; LinkedIn: `content.media.title`; null when none. */
  title?: string | null;
}

/**
 * An image uploaded to a network before the post that uses it (LinkedIn image, Facebook
 * unpublished photo, X media): invisible on its own, usable once by its owner until it expires.
 */
export interface SandboxUpload {
  id: string;
  network: SandboxPublishNetwork;
  /** Person sub (LinkedIn, X) or Page id (Facebook). */
  ownerId: string;
  /** null until the bytes arrive (LinkedIn: between initializeUpload and the PUT). */
  image: SandboxImage | null;
  /** LinkedIn: the upload URL's expiry; X: the media's (`expires_after_secs`). Epoch ms. */
  expiresAt: number;
  /** LinkedIn: the upload URL's secret path segment. */
  uploadKey: string | null;
  /** The post that used it. */
  usedBy: string | null;
}

export interface SandboxPostMetrics {
  reach: number;
  likes: number;
  comments: number;
  shares: number;
}

export interface SandboxMetricsInput {
  platformPostId: string;
  reach?: number;
  likes?: number;
  comments?: number;
  shares?: number;
}

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface SandboxMediaContainer {
  id: string;
  /** Whose container: Instagram's (absent, as in snapshots written before Threads) or Threads'. */
  network?: 'threads';
  /** The IG user id, or the Threads user id. */
  igUserId: string;
  imageUrl: string;
  /** The caption (Instagram) or the post's text (Threads). */
  caption: string;
  /**
   * `IMAGE` (one image or a carousel item), `CAROUSEL` (children in `children`), `TEXT` (Threads),
   * `REELS` (Instagram video, fetched from `video_url`: `video`).
   */
  mediaType: 'IMAGE' | 'CAROUSEL' | 'TEXT' | 'REELS';
  /** REELS: the video Instagram fetched (null until fetched, or when the fetch failed). */
  video?: SandboxVideo | null;
  /** Threads: the text post's `link_attachment`. */
  linkAttachment?: string | null;
  /** Threads: the post this container replies to (`reply_to_id`); absent: not a reply. */
  replyToId?: string | null;
  /** Threads: why the container ended in ERROR (`error_message`, e.g. FAILED_DOWNLOADING_IMAGE). */
  errorMessage?: string | null;
  isCarouselItem: boolean;
  children: string[];
  altText: string;
  /** The image Instagram fetched from `imageUrl` (null for a CAROUSEL container). */
  image: SandboxImage | null;
  /** Status reads so far; FINISHED once `instagramProcessingChecks` reads answered IN_PROGRESS. */
  checks: number;
  /** Set when the container can never finish (e.g. `sandbox_status=ERROR` on the image URL). */
  forcedStatus: 'ERROR' | 'EXPIRED' | null;
  publishedMediaId: string | null;
}

/** What `SandboxPosts` keeps across restarts (see persistence.ts). */
export interface SandboxPostsSnapshot {
  posts: SandboxPublishedPost[];
  metricOverrides: [string, Partial<SandboxPostMetrics>][];
  containers: SandboxMediaContainer[];
  uploads?: SandboxUpload[];
  /** Absent in snapshots written before first comments. */
  comments?: SandboxComment[];
  lastNumber: string;
}

export interface SandboxPostsOptions {
  /** Delay before every publish call answers (benchmarks). Default 0. */
  publishLatencyMs?: number;
  /** Instagram containers answer IN_PROGRESS to this many status reads first. Default 1. */
  instagramProcessingChecks?: number;
  /** X and LinkedIn videos answer in_progress/PROCESSING to this many status reads first. Default 1. */
  videoProcessingChecks?: number;
  now?: () => number;
}

/** Deterministic, non-trivial metrics from the post id: reach 100–20,000, 1–8 % likes. */
export function derivedMetrics(id: string): SandboxPostMetrics {
  const hash = createHash('sha256').update(id).digest();
  const reach = 100 + (hash.readUInt32BE(0) % 19_901);
  const likes = Math.floor((reach * (1 + (hash.readUInt8(4) % 8))) / 100);
  const comments = Math.floor((likes * (5 + (hash.readUInt8(5) % 26))) / 100);
  const shares = Math.floor((likes * (hash.readUInt8(6) % 20)) / 100);
  return { reach, likes, comments, shares };
}

/** How fast a sandbox post's numbers grow: about 4 % after 15 min, 15 % after 1 h, 98 % after 24 h. */
export const METRICS_GROWTH_MS = 6 * 3_600_000;

/**
 * The share of its final numbers a post has `ageMs` after publishing: 1 − e^(−age/6 h), a
 * deterministic function of time, so early reads show small numbers that grow (issue 13).
 */
export function metricsGrowth(ageMs: number): number {
  return 1 - Math.exp(-Math.max(0, ageMs) / METRICS_GROWTH_MS);
}

/** `derivedMetrics(id)` as they are `ageMs` after publishing. */
export function grownMetrics(id: string, ageMs: number): SandboxPostMetrics {
  const share = metricsGrowth(ageMs);
  const final = derivedMetrics(id);
  const grow = (n: number) => Math.round(n * share);
  return {
    reach: grow(final.reach),
    likes: grow(final.likes),
    comments: grow(final.comments),
    shares: grow(final.shares),
  };
}

export class SandboxPosts {
  publishLatencyMs: number;
  instagramProcessingChecks: number;
  videoProcessingChecks: number;
  private readonly now: () => number;
  private posts: SandboxPublishedPost[] = [];
  private readonly byId = new Map<string, SandboxPublishedPost>();
  private readonly metricOverrides = new Map<string, Partial<SandboxPostMetrics>>();
  private readonly containers = new Map<string, SandboxMediaContainer>();
  private readonly uploads = new Map<string, SandboxUpload>();
  private comments: SandboxComment[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private lastNumber = 0n;

  constructor(options: SandboxPostsOptions = {}) {
    this.publishLatencyMs = options.publishLatencyMs ?? 0;
    this.instagramProcessingChecks = options.instagramProcessingChecks ?? 1;
    this.videoProcessingChecks = options.videoProcessingChecks ?? 1;
    this.now = options.now ?? Date.now;
  }

  snapshot(): SandboxPostsSnapshot {
    return {
      posts: this.posts.map((p) => ({ ...p })),
      metricOverrides: [...this.metricOverrides].map(([id, m]) => [id, { ...m }]),
      containers: [...this.containers.values()].map((c) => ({ ...c })),
      uploads: [...this.uploads.values()].map((u) => ({ ...u })),
      comments: this.comments.map((c) => ({ ...c })),
      lastNumber: this.lastNumber.toString(),
    };
  }

  restore(snapshot: SandboxPostsSnapshot): void {
    this.clear();
    for (const post of snapshot.posts) {
      const stored = { ...post, media: post.media ?? [] };
      this.posts.push(stored);
      this.byId.set(stored.id, stored);
    }
    for (const [id, metrics] of snapshot.metricOverrides) this.metricOverrides.set(id, { ...metrics });
    for (const container of snapshot.containers) {
      // Snapshots written before carousels lack the newer fields.
      const defaults = { mediaType: 'IMAGE', isCarouselItem: false, children: [], altText: '', image: null };
      this.containers.set(container.id, { ...defaults, ...container } as SandboxMediaContainer);
    }
    for (const upload of snapshot.uploads ?? []) this.uploads.set(upload.id, { ...upload });
    this.comments = (snapshot.comments ?? []).map((c) => ({ ...c }));
    this.lastNumber = BigInt(snapshot.lastNumber);
  }

  /** A unique, increasing, snowflake-like number (unique across sandbox restarts too). */
  nextNumber(): string {
    const candidate = (BigInt(this.now()) - 1_288_834_974_657n) << 22n;
    this.lastNumber = candidate > this.lastNumber ? candidate : this.lastNumber + 1n;
    return this.lastNumber.toString();
  }

  /** The current time of the sandbox (epoch ms; tests may move it). */
  nowMs(): number {
    return this.now();
  }

  add(
    post: Omit<SandboxPublishedPost, 'createdAt' | 'media'> & { media?: SandboxImage[] },
  ): SandboxPublishedPost {
    const stored: SandboxPublishedPost = {
      ...post,
      media: post.media ?? [],
      createdAt: new Date(this.now()).toISOString(),
    };
    this.posts.push(stored);
    this.byId.set(stored.id, stored);
    return stored;
  }

  find(network: SandboxPublishNetwork, id: string): SandboxPublishedPost | null {
    const post = this.byId.get(id);
    return post?.network === network ? post : null;
  }

  /** The author's posts on a network, newest first (the networks' "recent posts" listings). */
  listByAuthor(network: SandboxPublishNetwork, authorId: string): SandboxPublishedPost[] {
    return this.posts.filter((p) => p.network === network && p.authorId === authorId).reverse();
  }

  list(network?: SandboxPublishNetwork): SandboxPublishedPost[] {
    return this.posts
      .filter((p) => network === undefined || p.network === network)
      .map((p) => ({
        ...p,
        media: p.media.map((m) => ({ ...m })),
        ...(p.video === undefined ? {} : { video: { ...p.video } }),
      }));
  }

  /** A new comment; `idOf` shapes its id from a fresh number (Facebook: `<post>_<comment>`). */
  addComment(
    comment: Omit<SandboxComment, 'id' | 'createdAt'>,
    idOf: (number: string) => string = (number) => number,
  ): SandboxComment {
    const stored: SandboxComment = {
      ...comment,
      id: idOf(this.nextNumber()),
      createdAt: new Date(this.now()).toISOString(),
    };
    this.comments.push(stored);
    return { ...stored };
  }

  /** Comments, oldest first (Instagram lists a media's comments in that order); by post or network. */
  listComments(filter: { network?: SandboxPublishNetwork; parentId?: string } = {}): SandboxComment[] {
    return this.comments
      .filter(
        (c) =>
          (filter.network === undefined || c.network === filter.network) &&
          (filter.parentId === undefined || c.parentId === filter.parentId),
      )
      .map((c) => ({ ...c }));
  }

  createUpload(input: {
    network: SandboxPublishNetwork;
    ownerId: string;
    image: SandboxImage | null;
    ttlMs: number;
    uploadKey?: string;
  }): SandboxUpload {
    const upload: SandboxUpload = {
      id: this.nextNumber(),
      network: input.network,
      ownerId: input.ownerId,
      image: input.image,
      expiresAt: this.now() + input.ttlMs,
      uploadKey: input.uploadKey ?? null,
      usedBy: null,
    };
    this.uploads.set(upload.id, upload);
    return upload;
  }

  findUpload(network: SandboxPublishNetwork, id: string): SandboxUpload | null {
    const upload = this.uploads.get(id);
    return upload?.network === network ? upload : null;
  }

  /** Every upload still held (tests: "the retry uploaded again, the orphan was never posted"). */
  listUploads(network?: SandboxPublishNetwork): SandboxUpload[] {
    return [...this.uploads.values()]
      .filter((u) => network === undefined || u.network === network)
      .map((u) => ({ ...u }));
  }

  isExpired(upload: SandboxUpload): boolean {
    return this.now() > upload.expiresAt;
  }

  /** Forgets every published post, container and metrics override. */
  clear(): void {
    this.posts = [];
    this.byId.clear();
    this.metricOverrides.clear();
    this.containers.clear();
    this.uploads.clear();
    this.comments = [];
  }

  /** X refuses the same text twice from the same author (as long as the sandbox remembers). */
  isDuplicate(network: SandboxPublishNetwork, authorId: string, text: string): boolean {
    return this.posts.some((p) => p.network === network && p.authorId === authorId && p.text === text);
  }

  /** A post's numbers now: grown since it was published (an unknown id: its final numbers). */
  metrics(id: string): SandboxPostMetrics {
    const post = this.byId.get(id);
    const base = post ? grownMetrics(id, this.now() - Date.parse(post.createdAt)) : derivedMetrics(id);
    return { ...base, ...this.metricOverrides.get(id) };
  }

  /** Overrides some metrics of a post; true when the sandbox published that post. */
  setMetrics(input: SandboxMetricsInput): boolean {
    const { platformPostId, ...values } = input;
    const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    this.metricOverrides.set(platformPostId, { ...this.metricOverrides.get(platformPostId), ...defined });
    return this.byId.has(platformPostId);
  }

  createContainer(input: {
    network?: 'threads';
    igUserId: string;
    imageUrl: string;
    caption: string;
    mediaType?: 'IMAGE' | 'CAROUSEL' | 'TEXT' | 'REELS';
    video?: SandboxVideo | null;
    linkAttachment?: string | null;
    replyToId?: string | null;
    errorMessage?: string | null;
    isCarouselItem?: boolean;
    children?: string[];
    altText?: string;
    image?: SandboxImage | null;
  }): SandboxMediaContainer {
    let forcedStatus: SandboxMediaContainer['forcedStatus'] = null;
    if (input.imageUrl !== '') {
      try {
        const status = new URL(input.imageUrl).searchParams.get('sandbox_status');
        if (status === 'ERROR' || status === 'EXPIRED') forcedStatus = status;
      } catch {
        forcedStatus = 'ERROR';
      }
    }
    if (input.errorMessage != null) forcedStatus = 'ERROR';
    const container: SandboxMediaContainer = {
      id: this.nextNumber(),
      ...(input.network === undefined ? {} : { network: input.network }),
      ...(input.linkAttachment == null ? {} : { linkAttachment: input.linkAttachment }),
      ...(input.replyToId == null ? {} : { replyToId: input.replyToId }),
      ...(input.errorMessage == null ? {} : { errorMessage: input.errorMessage }),
      ...(input.video === undefined ? {} : { video: input.video }),
      igUserId: input.igUserId,
      imageUrl: input.imageUrl,
      caption: input.caption,
      mediaType: input.mediaType ?? 'IMAGE',
      isCarouselItem: input.isCarouselItem ?? false,
      children: input.children ?? [],
      altText: input.altText ?? '',
      image: input.image ?? null,
      checks: 0,
      forcedStatus,
      publishedMediaId: null,
    };
    this.containers.set(container.id, container);
    return container;
  }

  /** A container of Instagram (default) or of Threads. */
  findContainer(id: string, network: 'instagram' | 'threads' = 'instagram'): SandboxMediaContainer | null {
    const container = this.containers.get(id);
    return container !== undefined && (container.network ?? 'instagram') === network ? container : null;
  }

  containerStatus(container: SandboxMediaContainer): ContainerStatus {
    if (container.publishedMediaId !== null) return 'PUBLISHED';
    if (container.forcedStatus !== null) return container.forcedStatus;
    return container.checks >= this.instagramProcessingChecks ? 'FINISHED' : 'IN_PROGRESS';
  }

  /** A status read (`GET /<container>?fields=status_code`): processing advances with reads. */
  checkContainer(container: SandboxMediaContainer): ContainerStatus {
    const status = this.containerStatus(container);
    container.checks += 1;
    return status;
  }

  /** Waits the configured publish latency (after the request was recorded). */
  latency(): Promise<void> {
    const ms = this.publishLatencyMs;
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
