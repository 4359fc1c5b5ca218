// The sandbox's control surface: the in-process API tests call directly, and the same
// operations over HTTP under /__sandbox/ for the e2e suite and manual poking.
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { FACEBOOK_SCOPES } from '../facebook/oauth.js';
import { GOOGLE_SCOPES } from '../google/oauth.js';
import { INSTAGRAM_LOGIN_SCOPES } from '../instagram/login.js';
import { INSTAGRAM_SCOPES } from '../instagram/oauth.js';
import { LINKEDIN_SCOPES } from '../linkedin/oauth.js';
import type { OAuthScopes } from '../oauth/types.js';
import { PINTEREST_SCOPES } from '../pinterest/oauth.js';
import { THREADS_SCOPES } from '../threads/oauth.js';
import { TIKTOK_SCOPES } from '../tiktok/oauth.js';
import { X_SCOPES } from '../x/oauth.js';
import { ANTHROPIC_OUTPUT_MODES, type AnthropicOutputMode, AnthropicStandIn } from './anthropic.js';
import { type FaultInjector, type SandboxFault, sandboxFaultSchema } from './faults.js';
import { instagramLoginUserId } from './instagram-login.js';
import { SandboxMastodon, type SandboxMastodonInstance } from './mastodon.js';
import { pinterestBoards } from './pinterest-boards.js';
import {
  SANDBOX_PUBLISH_NETWORKS,
  type SandboxComment,
  type SandboxMetricsInput,
  type SandboxPostMetrics,
  SandboxPosts,
  type SandboxPublishedPost,
  type SandboxPublishNetwork,
  type SandboxUpload,
} from './posts.js';
import type { RecordedRequest, RequestMatch, RequestRecorder } from './recorder.js';
import {
  SANDBOX_NETWORKS,
  type SandboxNetwork,
  type SandboxStore,
  type SandboxUser,
  type SandboxUserInput,
} from './store.js';
import { threadsUserId } from './threads-ids.js';
import { SandboxTikTok, tiktokOpenId } from './tiktok.js';

/** What Pauta's flow of a client asks for: its connect scopes (Google's: sign-in's). */
function asked(scopes: OAuthScopes, purpose: keyof OAuthScopes = 'connect'): readonly string[] {
  return scopes[purpose] ?? [];
}

/**
 * Scopes a test token gets when none are given: everything the connect flows ask for (Facebook's
 * app: Facebook Login's and the Instagram accounts' reached through it).
 */
export const SANDBOX_TEST_TOKEN_SCOPES: Readonly<Record<SandboxNetwork, readonly string[]>> = {
  google: asked(GOOGLE_SCOPES, 'signIn'),
  facebook: [...new Set([...asked(FACEBOOK_SCOPES), ...asked(INSTAGRAM_SCOPES)])],
  // Instagram Login (instagram-login.ts).
  instagram: asked(INSTAGRAM_LOGIN_SCOPES),
  linkedin: asked(LINKEDIN_SCOPES),
  x: asked(X_SCOPES),
  threads: asked(THREADS_SCOPES),
  pinterest: asked(PINTEREST_SCOPES),
  tiktok: asked(TIKTOK_SCOPES),
};

/** The account id a test token stands for: Threads' own user id, a Pinterest board, else the sub. */
function sandboxPlatformUserId(network: SandboxNetwork, user: SandboxUser): string {
  if (network === 'threads') return threadsUserId(user);
  // Instagram Login: the account's id as Pauta stores it (the login, then the IG user id).
  if (network === 'instagram') return `iglogin:${instagramLoginUserId(user)}`;
  if (network === 'pinterest') return pinterestBoards(user)[0]?.id ?? user.sub;
  if (network === 'tiktok') return tiktokOpenId(user);
  return user.sub;
}

export interface IssueTokenInput {
  network: SandboxNetwork;
  /** A registered user key (default: the sandbox's default user). */
  user?: string;
  /** Default: SANDBOX_TEST_TOKEN_SCOPES[network]. */
  scopes?: readonly string[];
  /** Facebook: the Page token of this Page of the user instead of a user token. */
  pageId?: string;
  ttlSeconds?: number;
}

export interface IssuedTestToken {
  accessToken: string;
  /**
   * LinkedIn/X/Google: the user's sub; Facebook: the user's id, or the Page id for a Page token;
   * Threads: the user's Threads user id; Pinterest: the user's first board.
   */
  platformUserId: string;
  /** Facebook: the user's Pages, with their linked Instagram account ids. */
  pages: { id: string; name: string; instagramAccountId: string | null }[];
}

export interface NextAuthorizationInput {
  /** A registered user key, or a full identity planted for this one authorization. */
  user?: string | SandboxUserInput;
  /** Answer as a user who refused consent. */
  deny?: boolean;
  /**
   * LinkedIn: the access token's lifetime, and whether a refresh token comes (false: an app
   * without LinkedIn's partner refresh, whose token simply expires).
   */
  accessTokenTtlSeconds?: number;
  refreshToken?: boolean;
}

export class SandboxControl {
  constructor(
    readonly store: SandboxStore,
    private readonly recorder: RequestRecorder,
    private readonly faults: FaultInjector,
    readonly anthropic: AnthropicStandIn = new AnthropicStandIn(),
    readonly posts: SandboxPosts = new SandboxPosts(),
    /** Sandbox Mastodon's instances (`setInstance`: limits, PKCE, closed registration). */
    readonly mastodon: SandboxMastodon = new SandboxMastodon(),
    /** Sandbox TikTok's state: creators' settings, processing reads, audit, planted failures. */
    readonly tiktok: SandboxTikTok = new SandboxTikTok(),
  ) {}

  /** Makes `host` a Mastodon instance of the sandbox, or changes its limits. */
  setMastodonInstance(
    host: string,
    input: Partial<Omit<SandboxMastodonInstance, 'host'>> = {},
  ): SandboxMastodonInstance {
    return this.mastodon.setInstance(host, input);
  }

  /** What was published, oldest first, optionally for one network (for "exactly once" checks). */
  publishedPosts(network?: SandboxPublishNetwork): SandboxPublishedPost[] {
    return this.posts.list(network);
  }

  /** Comments on published posts (Instagram's first comments; X replies are posts with inReplyToId). */
  comments(network?: SandboxPublishNetwork): SandboxComment[] {
    return this.posts.listComments(network === undefined ? {} : { network });
  }

  /** Images uploaded before a post (LinkedIn images, Facebook unpublished photos, X media). */
  mediaUploads(network?: SandboxPublishNetwork): SandboxUpload[] {
    return this.posts.listUploads(network);
  }

  /** Forgets published posts (and the X duplicate memory), containers and metric overrides. */
  clearPublishedPosts(): void {
    this.posts.clear();
  }

  /** Sets some metrics of a post; true when the sandbox published it. */
  setPostMetrics(input: SandboxMetricsInput): boolean {
    return this.posts.setMetrics(input);
  }

  /** The metrics the networks report for a post (derived from its id unless set). */
  postMetrics(platformPostId: string): SandboxPostMetrics {
    return this.posts.metrics(platformPostId);
  }

  /** Delay before every publish call answers (recorded first, so waitForRequest fires at once). */
  setPublishLatency(ms: number): void {
    this.posts.publishLatencyMs = Math.max(0, ms);
  }

  /** Instagram containers answer IN_PROGRESS to this many status reads before FINISHED. */
  setInstagramProcessingChecks(checks: number): void {
    this.posts.instagramProcessingChecks = Math.max(0, checks);
  }

  /** X and LinkedIn videos answer in_progress / PROCESSING to this many status reads first. */
  setVideoProcessingChecks(checks: number): void {
    this.posts.videoProcessingChecks = Math.max(0, checks);
  }

  /** An access token as if the user had connected the account (no browser round trip). */
  issueToken(input: IssueTokenInput): IssuedTestToken {
    const user = input.user === undefined ? this.store.defaultUser() : this.store.findUser(input.user);
    if (user === null) throw new Error(`Unknown sandbox user ${String(input.user)}`);
    const token = this.store.issueTestToken({
      network: input.network,
      user,
      scopes: [...(input.scopes ?? SANDBOX_TEST_TOKEN_SCOPES[input.network])],
      ...(input.pageId === undefined ? {} : { pageId: input.pageId }),
      ...(input.ttlSeconds === undefined ? {} : { ttlSeconds: input.ttlSeconds }),
    });
    return {
      accessToken: token.token,
      platformUserId: token.pageId ?? sandboxPlatformUserId(input.network, user),
      pages: user.pages.map((p) => ({
        id: p.id,
        name: p.name,
        instagramAccountId: p.instagramAccountId ?? null,
      })),
    };
  }

  /** What the Anthropic stand-in answers to the next `times` drafting requests ('ok' clears). */
  setNextAnthropicOutput(mode: AnthropicOutputMode, times = 1): void {
    this.anthropic.setNextOutput(mode, times);
  }

  /** The Anthropic stand-in's simulated output speed in tokens per second (null or 0: at once). */
  setAnthropicOutputSpeed(tokensPerSecond: number | null): void {
    this.anthropic.setOutputSpeed(tokensPerSecond);
  }

  /** Recorded requests, oldest first, optionally filtered. Credentials are redacted. */
  requests(match: RequestMatch = {}): RecordedRequest[] {
    return this.recorder.list(match);
  }

  clearRequests(): void {
    this.recorder.clear();
  }

  /** Resolves when a matching request arrives (the "request received" signal). */
  waitForRequest(match: RequestMatch, timeoutMs?: number): Promise<RecordedRequest> {
    return this.recorder.waitFor(match, timeoutMs);
  }

  addFault(fault: SandboxFault): void {
    this.faults.add(fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** How many requests `hold` faults are holding now. */
  heldRequests(): number {
    return this.faults.heldCount();
  }

  /** Lets every request held by a `hold` fault go on (handled as if it had just arrived). */
  releaseHeld(): number {
    return this.faults.releaseHeld();
  }

  /** Adds or replaces a test user, selectable with `?sandbox_user=<key>`. */
  setUser(key: string, user: SandboxUserInput): SandboxUser {
    return this.store.setUser(key, user);
  }

  /** Decides what the next authorization on this network returns (consumed once). */
  setNextAuthorization(network: SandboxNetwork, next: NextAuthorizationInput): void {
    if (next.deny === true) {
      this.store.setNextAuthorization(network, { deny: true });
      return;
    }
    const input = next.user ?? null;
    let user: SandboxUser | null;
    if (input === null) user = this.store.defaultUser();
    else if (typeof input === 'string') user = this.store.findUser(input);
    else user = this.store.setUser(`planted-${input.sub}`, input);
    if (user === null) throw new Error(`Unknown sandbox user ${String(input)}`);
    const tokens = {
      ...(next.accessTokenTtlSeconds === undefined
        ? {}
        : { accessTokenTtlSeconds: next.accessTokenTtlSeconds }),
      ...(next.refreshToken === undefined ? {} : { refreshToken: next.refreshToken }),
    };
    this.store.setNextAuthorization(network, {
      deny: false,
      user,
      ...(Object.keys(tokens).length === 0 ? {} : { tokens }),
    });
  }

  /** Revokes a token and everything issued with it (the user removed the app). */
  revokeToken(token: string): boolean {
    return this.store.revoke(token);
  }

  /** Expires an access token now (its refresh token keeps working). */
  expireAccessToken(token: string): boolean {
    return this.store.expireAccessToken(token);
  }

  /** Clears recorded requests, faults, queued Anthropic answers and a speed set here. */
  reset(): void {
    this.recorder.clear();
    this.faults.clear();
    this.anthropic.reset();
    this.tiktok.reset();
  }
}

const userSchema = z.strictObject({
  sub: z.string().min(1).max(200),
  email: z.string().max(320).nullable().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
  name: z.string().max(400).optional(),
  username: z.string().max(100).optional(),
  pages: z
    .array(
      z.strictObject({
        id: z.string().max(100),
        name: z.string().max(200),
        category: z.string().max(200),
        instagramAccountId: z.string().max(100).nullable().optional(),
        instagramUsername: z.string().max(100).nullable().optional(),
      }),
    )
    .max(50)
    .optional(),
});

const networkSchema = z.enum(SANDBOX_NETWORKS as [SandboxNetwork, ...SandboxNetwork[]]);

const controlSchemas = {
  faults: z.union([sandboxFaultSchema, z.array(sandboxFaultSchema).max(100)]),
  user: z.strictObject({ key: z.string().min(1).max(100), user: userSchema }),
  next: z.strictObject({
    network: networkSchema,
    user: z.union([z.string().max(100), userSchema]).optional(),
    deny: z.boolean().optional(),
    accessTokenTtlSeconds: z.int().min(1).max(100_000_000).optional(),
    refreshToken: z.boolean().optional(),
  }),
  token: z.strictObject({ token: z.string().min(1).max(4096) }),
  anthropicNext: z.strictObject({
    mode: z.enum(ANTHROPIC_OUTPUT_MODES),
    times: z.int().min(1).max(1000).optional(),
  }),
  anthropicSpeed: z.strictObject({ tokensPerSecond: z.number().min(0).max(1_000_000).nullable() }),
  metrics: z.strictObject({
    platformPostId: z.string().min(1).max(200),
    reach: z.int().min(0).optional(),
    likes: z.int().min(0).optional(),
    comments: z.int().min(0).optional(),
    shares: z.int().min(0).optional(),
  }),
  latency: z.strictObject({ ms: z.int().min(0).max(600_000) }),
  instagramProcessing: z.strictObject({ checks: z.int().min(0).max(1000) }),
  mastodonInstance: z.strictObject({
    host: z.string().regex(/^[a-z0-9.-]{4,253}$/),
    title: z.string().max(200).optional(),
    maxCharacters: z.int().min(1).max(100_000).optional(),
    maxMediaAttachments: z.int().min(1).max(100).optional(),
    charactersReservedPerUrl: z.int().min(1).max(1000).optional(),
    imageSizeLimit: z.int().min(1).optional(),
    pkce: z.boolean().optional(),
    registrationsOpen: z.boolean().optional(),
  }),
  postsQuery: z.object({ network: z.enum(SANDBOX_PUBLISH_NETWORKS).optional() }),
  issueToken: z.strictObject({
    network: networkSchema,
    user: z.string().min(1).max(100).optional(),
    scopes: z.array(z.string().min(1).max(200)).max(50).optional(),
    pageId: z.string().min(1).max(100).optional(),
    ttlSeconds: z.int().min(1).max(100_000_000).optional(),
  }),
  match: z.object({
    host: z.string().optional(),
    pathPrefix: z.string().optional(),
    method: z.string().optional(),
  }),
};

function parseOr400<T>(schema: z.ZodType<T>, value: unknown, res: Response): T | null {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  res.status(400).json({ error: 'invalid_control_request', issues: result.error.issues });
  return null;
}

function avatarSvg(initials: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    '<rect width="96" height="96" rx="48" fill="#ff1981"/>' +
    `<text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`
  );
}

export function createControlRouter(control: SandboxControl): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ ok: true, networks: SANDBOX_NETWORKS });
  });
  router.get('/requests', (req, res) => {
    const match = parseOr400(controlSchemas.match, req.query, res);
    if (match !== null) res.json({ requests: control.requests(match) });
  });
  router.delete('/requests', (_req, res) => {
    control.clearRequests();
    res.status(204).end();
  });
  router.post('/faults', (req: Request, res: Response) => {
    const faults = parseOr400(controlSchemas.faults, req.body, res);
    if (faults === null) return;
    for (const fault of Array.isArray(faults) ? faults : [faults]) control.addFault(fault);
    res.status(201).json({ ok: true });
  });
  router.delete('/faults', (_req, res) => {
    control.clearFaults();
    res.status(204).end();
  });
  router.get('/faults/held', (_req, res) => {
    res.json({ held: control.heldRequests() });
  });
  router.post('/faults/release', (_req, res) => {
    res.json({ released: control.releaseHeld() });
  });
  router.post('/users', (req, res) => {
    const input = parseOr400(controlSchemas.user, req.body, res);
    if (input !== null) res.status(201).json({ user: control.setUser(input.key, input.user) });
  });
  router.post('/next-authorization', (req, res) => {
    const input = parseOr400(controlSchemas.next, req.body, res);
    if (input === null) return;
    try {
      control.setNextAuthorization(input.network, input);
      res.status(201).json({ ok: true });
    } catch (error) {
      res.status(400).json({ error: 'invalid_control_request', message: (error as Error).message });
    }
  });
  router.post('/revoke', (req, res) => {
    const input = parseOr400(controlSchemas.token, req.body, res);
    if (input !== null) res.json({ revoked: control.revokeToken(input.token) });
  });
  router.post('/expire', (req, res) => {
    const input = parseOr400(controlSchemas.token, req.body, res);
    if (input !== null) res.json({ expired: control.expireAccessToken(input.token) });
  });
  router.post('/anthropic/next', (req, res) => {
    const input = parseOr400(controlSchemas.anthropicNext, req.body, res);
    if (input === null) return;
    control.setNextAnthropicOutput(input.mode, input.times);
    res.status(201).json({ ok: true });
  });
  router.post('/anthropic/speed', (req, res) => {
    const input = parseOr400(controlSchemas.anthropicSpeed, req.body, res);
    if (input === null) return;
    control.setAnthropicOutputSpeed(input.tokensPerSecond);
    res.status(201).json({ ok: true });
  });
  router.get('/posts', (req, res) => {
    const query = parseOr400(controlSchemas.postsQuery, req.query, res);
    if (query !== null) res.json({ posts: control.publishedPosts(query.network) });
  });
  router.get('/comments', (req, res) => {
    const query = parseOr400(controlSchemas.postsQuery, req.query, res);
    if (query !== null) res.json({ comments: control.comments(query.network) });
  });
  router.get('/media-uploads', (req, res) => {
    const query = parseOr400(controlSchemas.postsQuery, req.query, res);
    if (query !== null) res.json({ uploads: control.mediaUploads(query.network) });
  });
  router.delete('/posts', (_req, res) => {
    control.clearPublishedPosts();
    res.status(204).end();
  });
  router.post('/metrics', (req, res) => {
    const input = parseOr400(controlSchemas.metrics, req.body, res);
    if (input === null) return;
    const known = control.setPostMetrics(input);
    res.status(201).json({ ok: true, known, metrics: control.postMetrics(input.platformPostId) });
  });
  router.post('/publish-latency', (req, res) => {
    const input = parseOr400(controlSchemas.latency, req.body, res);
    if (input === null) return;
    control.setPublishLatency(input.ms);
    res.status(201).json({ ok: true });
  });
  router.post('/instagram/processing', (req, res) => {
    const input = parseOr400(controlSchemas.instagramProcessing, req.body, res);
    if (input === null) return;
    control.setInstagramProcessingChecks(input.checks);
    res.status(201).json({ ok: true });
  });
  // X and LinkedIn videos: in_progress / PROCESSING reads before ready (same body as Instagram's).
  router.post('/video/processing', (req, res) => {
    const input = parseOr400(controlSchemas.instagramProcessing, req.body, res);
    if (input === null) return;
    control.setVideoProcessingChecks(input.checks);
    res.status(201).json({ ok: true });
  });
  router.post('/mastodon/instances', (req, res) => {
    const input = parseOr400(controlSchemas.mastodonInstance, req.body, res);
    if (input === null) return;
    const { host, ...limits } = input;
    res.status(201).json(control.setMastodonInstance(host, limits));
  });
  router.post('/tokens', (req, res) => {
    const input = parseOr400(controlSchemas.issueToken, req.body, res);
    if (input === null) return;
    try {
      res.status(201).json(control.issueToken(input));
    } catch (error) {
      res.status(400).json({ error: 'invalid_control_request', message: (error as Error).message });
    }
  });
  router.get('/avatars/:file', (req, res) => {
    const sub = String(req.params.file).replace(/\.svg$/, '');
    const users = control.store.allUsers().filter((u) => u.sub === sub);
    const user = users[0];
    const initials = user === undefined ? '?' : `${user.given_name.charAt(0)}${user.family_name.charAt(0)}`;
    res.type('image/svg+xml').send(avatarSvg(initials.replace(/[<>&"']/g, '')));
  });
  return router;
}
