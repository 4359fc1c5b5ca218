// What a network module declares about itself (networks/src/<network>/index.ts), so that server,
// worker and scripts read one registry (registry.ts) instead of switching on the network.
import type { MediaLimits, NetworkBudget, Platform, VideoLimits } from '@pauta/core';
import type { ConnectedAccount, ConnectSteps } from './connect/types.js';
import type { OAuthProvider, OAuthProviderName, OAuthProviderOptions, OAuthScopes } from './oauth/types.js';
import type { AdapterOptions, NetworkAdapter } from './publishing/types.js';
import type { NetworkWriting } from './writing.js';

/** The two environment variables holding an app's client id and secret at the provider. */
export interface CredentialVariables {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** An OAuth client Pauta runs: a network's own, or a sign-in-only provider (Google). */
export interface OAuthClientDescriptor {
  readonly name: OAuthProviderName;
  /** Its name in the Diagnóstico and the sign-in buttons ('Google', 'X (Twitter)'). */
  readonly label: string;
  /** null: no installation-wide app; each server of the network issues its own (Mastodon). */
  readonly credentials: CredentialVariables | null;
  /** Scopes per flow; `signIn` present = a sign-in button, `connect` = accounts can be connected. */
  readonly scopes: OAuthScopes;
  /**
   * The sandbox app whose credentials stand in under SOCIAL_SANDBOX_URL when it is another
   * client's (Instagram: Facebook Login, so the sandbox's Facebook app); else its own.
   */
  readonly sandboxApp?: OAuthProviderName;
  /**
   * pt-BR: what the network requires of the app before it can publish, beyond the credentials and
   * scopes (Google Business Profile: the approved API access application; quota 0 until then).
   * The Diagnóstico shows it with the redirect URLs. A function reads the installation's env (TikTok:
   * whether TIKTOK_APP_AUDITED says the app passed TikTok's audit).
   */
  readonly accessRequirement?: string | ((env: Readonly<Record<string, unknown>>) => string);
  create(options: OAuthProviderOptions): OAuthProvider;
}

export interface FollowersOptions {
  fetch: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** Whose followers: the connected account's id at the network (Page id, IG user id…) and token. */
export interface FollowersTarget {
  platformUserId: string;
  accessToken: string;
}

/** A follower count could not be read (no answer, or an error status). */
export class FollowersUnavailableError extends Error {
  override readonly name = 'FollowersUnavailableError';
  constructor(
    readonly platform: Platform,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(`${platform}: follower count unavailable${status === null ? '' : ` (${status})`}`, options);
  }
}

/**
 * What the network supports, as implemented by its module (registry.test.ts checks each flag
 * against the code):
 * - `connect`: an account can be connected in Contas Conectadas (an OAuth client with connect scopes);
 * - `refresh`: tokens are renewed before they expire (refresh token, or Facebook's re-exchange);
 * - `revoke`: tokens can be revoked at the network when a user's data is erased;
 * - `metrics`: published posts' reach/likes/comments can be read back; `'opt-in'`: only when the
 *   installation switches on the network's `postAnalytics` (its scope needs the network's approval);
 * - `followers`: the connected account's follower count is shown;
 * - `media`: whether a post needs an image ('required'), may carry images ('optional': uploaded
 *   through the network's media flow when the post has them, text alone otherwise), or the
 *   publisher sends text only ('none'). The limits are `mediaLimits` below;
 * - `video`, `firstComment`: a video in a post, a first comment under it (false everywhere today);
 * - `lookup`: the publisher can list the account's recent posts (`lookupRecentPost`), so an
 *   unknown outcome is resolved by asking the network (docs/publishing.md, "Asking the network");
 * - `refusesDuplicateText`: the network refuses a post whose text repeats one of the account's
 *   recent posts (X: 403 "duplicate content"), so a recurring post's next occurrence needs a
 *   variation of its text (docs/recurring-posts.md). Absent = false.
 */
export interface NetworkCapabilities {
  readonly connect: boolean;
  /** A post can carry a video (none does yet: images only, docs/media.md). */
  readonly video: boolean;
  /** A first comment is posted under the published post (none does yet). */
  readonly firstComment: boolean;
  readonly refresh: boolean;
  readonly revoke: boolean;
  readonly metrics: boolean | 'opt-in';
  readonly followers: boolean;
  readonly media: 'none' | 'optional' | 'required';
  readonly lookup: boolean;
  readonly refusesDuplicateText?: boolean;
}

export interface PublisherOptions extends AdapterOptions {
  /** The network's app secret (`credentials.clientSecret`); Facebook signs Graph calls with it. */
  appSecret?: string;
  /**
   * Instagram: how many times a media container's status is read, and the pause between reads;
   * TikTok: the post's status after the last chunk.
   */
  statusPollAttempts?: number;
  statusPollIntervalMs?: number;
  /** TikTok: the app passed TikTok's audit (TIKTOK_APP_AUDITED); before it every post is private. */
  appAudited?: boolean;
}

/**
 * Post analytics behind a switch (LinkedIn: LINKEDIN_POST_ANALYTICS=1). Requesting their scope on
 * an app the network has not approved for it makes every connection fail, so they stay off until
 * the administrator turns them on; the owner is told why metrics are missing.
 */
export interface PostAnalyticsOptIn {
  /** The environment variable that turns them on (`1` or `true`). */
  readonly flag: string;
  /** Added to the connect scopes when on. */
  readonly scopes: readonly string[];
  /** pt-BR: shown beside the missing metrics while the switch is off. */
  readonly disabledReason: string;
  /** pt-BR: shown while on but the account was connected without the scopes. */
  readonly scopeMissingReason: string;
}

/**
 * A network whose accounts log in through a form instead of an OAuth redirect (Bluesky: handle and
 * app password). Its session client connects (`login`), renews the session's tokens
 * (`refreshAccessToken`, single-flight like every refresh: worker/src/publish/tokens.ts) and ends
 * it (`revokeToken`); the form's fields are the browser profile's `connectForm`.
 */
export interface SessionConnect {
  /** The env variable naming the default server (left empty in the form). */
  readonly defaultServiceVariable: string;
  /** OAUTH_FAILED reasons the login may answer (their pt-BR texts: the profile's `refusals`). */
  readonly refusals: readonly string[];
  create(options: {
    fetch: typeof globalThis.fetch;
    timeoutMs?: number;
    defaultService?: string;
  }): OAuthProvider & {
    login(fields: SessionLoginFields): Promise<ConnectedAccount>;
    /** The default server answers (doctor): its URL, or a SessionProbeError saying why not. */
    probe(): Promise<string>;
  };
}

/** The default server of a form network did not answer as one (doctor's check). */
export class SessionProbeError extends Error {
  override readonly name = 'SessionProbeError';
  constructor(
    readonly service: string,
    readonly detail: string,
  ) {
    super(`${service}: ${detail}`);
  }
}

/** What the connect form sends (the profile's `connectForm` field names). */
export interface SessionLoginFields {
  identifier: string;
  password: string;
  service?: string;
}

/**
 * A cap the network itself puts on published posts in a moving window (Instagram's
 * `content_publishing_limit`, Threads' `threads_publishing_limit`): the pre-flight counts the
 * posts in the window before the chosen time — the post's account's where the network's budget is
 * per account, else the workspace's (docs/preflight.md). Unlike
 * `postingBudget` (the installation's calendar-day budget, which an administrator changes), this is
 * the network's own number.
 */
export interface PublishingCap {
  readonly posts: number;
  readonly windowHours: number;
}

/**
 * What the network charges the app per created post (X's pay-per-use API), in US$. The prices are
 * the network's published ones; the installation overrides them with the two env variables named
 * here (X changes its prices).
 */
export interface PostPricing {
  readonly perPost: number;
  /** A post whose text carries a link (X: "Content: Create (with URL)"). */
  readonly perPostWithLink: number;
  /** pt-BR: where the figures come from, shown beside the price. */
  readonly source: string;
  readonly variables: { readonly perPost: string; readonly perPostWithLink: string };
}

export interface NetworkDescriptor {
  readonly platform: Platform;
  /**
   * The app credentials the publisher needs (the network is "configured" when both are set, or
   * when the sandbox stands in for a network that has an OAuth client). null: the network has no
   * installation-wide app, so it is always configured — each of its servers issues Pauta's
   * (Mastodon, `connectSteps.instance`), or each account logs in with its own app password (Bluesky).
   */
  readonly credentials: CredentialVariables | null;
  /** The OAuth client that connects accounts and refreshes their tokens; null when none yet. */
  readonly oauth: OAuthClientDescriptor | null;
  /**
   * Other OAuth clients that connect accounts of this network, each a flow the person chooses in
   * Contas Conectadas (Instagram: Instagram Login beside Facebook Login). The network's connect
   * steps receive the client the person chose; the account remembers it (docs/instagram-login.md).
   */
  readonly otherLogins?: readonly OAuthClientDescriptor[];
  /**
   * The client that renews the network's tokens when it is not `oauth` (Instagram: only Instagram
   * Login's tokens expire; the Page tokens of Facebook Login never do).
   */
  readonly renewedBy?: OAuthProviderName;
  /** With `otherLogins`: which login an account used, from its stored id (its Reconectar uses it). */
  loginOf?(platformUserId: string): OAuthProviderName;
  /**
   * What connecting an account does after the code exchange (connect/types.ts): read the person's
   * profile (PROFILE_CONNECT), or list Pages / accounts and let the person pick one.
   */
  readonly connectSteps: ConnectSteps;
  /** Present when accounts connect through a form (an app password) instead of OAuth. */
  readonly session?: SessionConnect;
  readonly capabilities: NetworkCapabilities;
  /**
   * The default posting budget of an installation on this network (docs/budgets.md): the caps the
   * network documents for the tier most installations start on; an administrator overrides it in
   * Configurações do Sistema. `NO_BUDGET` where the network documents no post cap.
   */
  readonly postingBudget: NetworkBudget;
  /** Formats, sizes and counts of images the network accepts (docs/media.md). */
  readonly mediaLimits: MediaLimits;
  /**
   * The publisher waits for the network to process each image before its send (Meta's media
   * containers: one per image, `concurrency` created at a time, each read until FINISHED, then a
   * carousel's own container). The worker gives a post with several images a longer budget for it
   * (mediaStepRounds in registry.ts, docs/publishing.md "Carrossel"). Absent: no such wait.
   */
  readonly containerProcessing?: { readonly concurrency: number };
  /**
   * The network's rules for each kind of video post (a Reel, a Page video…), from its own
   * documentation (networks/src/<network>/video.ts, docs/media.md "Vídeo"). Declared before the
   * publisher sends video (`capabilities.video`), so a video can be checked when it is added.
   */
  readonly videoLimits: Readonly<Record<string, VideoLimits>>;
  /**
   * The network downloads the post's images and videos from their URL (Meta's cURL, Pinterest's
   * `image_url`) instead of receiving the bytes: the media URL (APP_URL's /media route) must be
   * reachable from the internet (docs/preflight.md).
   */
  readonly fetchesMediaByUrl?: boolean;
  /** The network's own cap on published posts per window, per account (above). */
  readonly publishingCap?: PublishingCap;
  /**
   * Posts go out visible only to their author whatever the person chose, while this says so (TikTok
   * before the app's audit): the env variable that lifts it, and whether it is still in force.
   */
  readonly privateUntil?: {
    readonly variable: string;
    inForce(env: Readonly<Record<string, unknown>>): boolean;
  };
  /** What the network charges per post (X's pay-per-use API; above). */
  readonly postPricing?: PostPricing;
  /** How its posts are written: AI guide, token sizing, local templates (writing.ts). */
  readonly writing: NetworkWriting;
  /** Present when `capabilities.metrics` is `'opt-in'`. */
  readonly postAnalytics?: PostAnalyticsOptIn;
  /**
   * The publisher's settings read from the process's env (LINKEDIN_VERSION, FACEBOOK_GRAPH_VERSION):
   * `createNetworkClients` passes them to `createPublisher`.
   */
  publisherSettings?(env: Readonly<Record<string, unknown>>): Partial<PublisherOptions>;
  createPublisher(options: PublisherOptions): NetworkAdapter;
  /** Present when `capabilities.followers`. */
  fetchFollowers?(target: FollowersTarget, options: FollowersOptions): Promise<number | null>;
}
