// The registry of networks: one descriptor per platform (networks/src/<network>/index.ts) and one
// per OAuth client, and the few functions server, worker and scripts use to turn configuration
// into clients. Nothing outside this package switches on a network (docs/networks.md).
import {
  type AccountHealth,
  type AccountStatus,
  type AccountStatusReason,
  accountHealth,
  checkVideoForNetwork,
  type MediaLimits,
  type NetworkBudget,
  PLATFORMS,
  type Platform,
  type VideoFacts,
  type VideoLimits,
  type VideoRejection,
} from '@pauta/core';
import type {
  CredentialVariables,
  NetworkCapabilities,
  NetworkDescriptor,
  OAuthClientDescriptor,
  PublisherOptions,
  SessionConnect,
} from './descriptor.js';

/** A form network's session client (descriptor `session.create`). */
export type SessionClient = ReturnType<SessionConnect['create']>;

import { bluesky } from './bluesky/index.js';
import { facebook, facebookOAuth } from './facebook/index.js';
import type { FacebookOAuthProvider } from './facebook/oauth.js';
import { googleOAuth } from './google/index.js';
import { googleBusiness, googleBusinessOAuth } from './google-business/index.js';
import { instagram, instagramLoginOAuth, instagramOAuth } from './instagram/index.js';
import type { InstagramOAuthProvider } from './instagram/oauth.js';
import { linkedin, linkedinOAuth } from './linkedin/index.js';
import { linkedinPage, linkedinPageOAuth } from './linkedin-page/index.js';
import { mastodon, mastodonOAuth } from './mastodon/index.js';
import { oauthCallbackUrl } from './oauth/callback.js';
import {
  OAUTH_PROVIDER_NAMES,
  type OAuthProvider,
  type OAuthProviderName,
  type OAuthProviderOptions,
  type OAuthPurpose,
} from './oauth/types.js';
import { pinterest, pinterestOAuth } from './pinterest/index.js';
import { sandboxLinkPageFetcher } from './publishing/link-page.js';
import type { NetworkAdapter } from './publishing/types.js';
import { createNetworkFetch } from './sandbox-url.js';
import { threads, threadsOAuth } from './threads/index.js';
import { tiktok, tiktokOAuth } from './tiktok/index.js';
import { WRITING_GUIDE_ORDER } from './writing.js';
import { x, xOAuth } from './x/index.js';
import { youtube, youtubeOAuth } from './youtube/index.js';

export const NETWORKS: Readonly<Record<Platform, NetworkDescriptor>> = {
  linkedin,
  facebook,
  x,
  instagram,
  threads,
  linkedin_page: linkedinPage,
  mastodon,
  bluesky,
  pinterest,
  google_business: googleBusiness,
  youtube,
  tiktok,
};

export const OAUTH_CLIENTS: Readonly<Record<OAuthProviderName, OAuthClientDescriptor>> = {
  google: googleOAuth,
  facebook: facebookOAuth,
  linkedin: linkedinOAuth,
  x: xOAuth,
  instagram: instagramOAuth,
  instagram_login: instagramLoginOAuth,
  threads: threadsOAuth,
  linkedin_page: linkedinPageOAuth,
  mastodon: mastodonOAuth,
  pinterest: pinterestOAuth,
  google_business: googleBusinessOAuth,
  youtube: youtubeOAuth,
  tiktok: tiktokOAuth,
};

export function networkDescriptor(platform: Platform): NetworkDescriptor {
  return NETWORKS[platform];
}

/** The prompts' style guides, one line per network, in the order the prompts have always had. */
export const WRITING_GUIDES: readonly string[] = WRITING_GUIDE_ORDER.map(
  (platform) => NETWORKS[platform].writing.guide,
);

export function capabilitiesOf(platform: Platform): NetworkCapabilities {
  return NETWORKS[platform].capabilities;
}

/** Each network's default posting budget (docs/budgets.md); Configurações do Sistema overrides it. */
export const DEFAULT_BUDGETS: Readonly<Record<Platform, NetworkBudget>> = Object.fromEntries(
  PLATFORMS.map((platform) => [platform, NETWORKS[platform].postingBudget]),
) as Record<Platform, NetworkBudget>;

/** What the network charges per post, with the installation's env overrides applied; null: nothing. */
export interface ResolvedPostPrice {
  /** The price of this post (with a link when `withLink`). */
  amount: number;
  /** The price of the same post without a link (to compare). */
  withoutLink: number;
  withLink: boolean;
  /** pt-BR: where the figures come from. */
  source: string;
}

/** The price of one post on the network (docs/preflight.md): the env's override, else the published one. */
export function postPriceOf(
  platform: Platform,
  env: Readonly<Record<string, unknown>>,
  withLink: boolean,
): ResolvedPostPrice | null {
  const pricing = NETWORKS[platform].postPricing;
  if (!pricing) return null;
  const read = (variable: string, fallback: number) => {
    const value = env[variable];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const perPost = read(pricing.variables.perPost, pricing.perPost);
  const perLink = read(pricing.variables.perPostWithLink, pricing.perPostWithLink);
  return { amount: withLink ? perLink : perPost, withoutLink: perPost, withLink, source: pricing.source };
}

/** The network's image limits (networks/src/<network>/media.ts). */
/** The network refuses a text the account already posted (docs/recurring-posts.md). */
export function refusesDuplicateText(platform: Platform): boolean {
  return capabilitiesOf(platform).refusesDuplicateText === true;
}

/**
 * The rounds of network-side processing a post with `imageCount` images waits through before its
 * send, on a network that declares `containerProcessing`: one per batch of item containers created
 * together, plus the carousel's own container. 0 for one image or none, and on every other network
 * (their media steps fit the call's ordinary budget). The worker gives each round a whole
 * NETWORK_TIMEOUT_MS (docs/publishing.md, "Carrossel").
 */
export function mediaStepRounds(platform: Platform, imageCount: number): number {
  const processing = NETWORKS[platform].containerProcessing;
  if (processing === undefined || imageCount <= 1) return 0;
  return Math.ceil(imageCount / processing.concurrency) + 1;
}

export function mediaLimitsOf(platform: Platform): MediaLimits {
  return NETWORKS[platform].mediaLimits;
}

/** The network's rules per kind of video post (networks/src/<network>/video.ts). */
export function videoLimitsOf(platform: Platform): Readonly<Record<string, VideoLimits>> {
  return NETWORKS[platform].videoLimits;
}

/**
 * The rules of the network the video breaks, or none: the check on upload and the worker's check
 * again before publishing (docs/media.md "Vídeo", docs/publishing.md "Vídeo"). A network with
 * several kinds of video post (Facebook: Reels and Page videos) takes the video when one kind
 * does; when none does, the refusals of the kind it comes closest to are returned.
 */
export function networkVideoRejections(facts: VideoFacts, platform: Platform): VideoRejection[] {
  let best: VideoRejection[] | null = null;
  for (const limits of Object.values(videoLimitsOf(platform))) {
    const found = checkVideoForNetwork(facts, platform, limits);
    if (found.length === 0) return [];
    if (best === null || found.length < best.length) best = found;
  }
  return best ?? [];
}

export function isOAuthProviderName(value: string): value is OAuthProviderName {
  return (OAUTH_PROVIDER_NAMES as readonly string[]).includes(value);
}

/** Whether a switch variable is on in a parsed env (true) or a raw one ('1', 'true'). */
function flagOn(source: CredentialSource | undefined, flag: string): boolean {
  const value = source?.[flag];
  return value === true || value === '1' || value === 'true';
}

/** Whether the network's opt-in post analytics are switched on (LINKEDIN_POST_ANALYTICS). */
export function postAnalyticsEnabled(source: CredentialSource | undefined, platform: Platform): boolean {
  const optIn = NETWORKS[platform].postAnalytics;
  return optIn !== undefined && flagOn(source, optIn.flag);
}

/**
 * The scopes of a flow, or null when the client is not used for it. With `source`, a connect flow
 * also asks for the scopes of post analytics that are switched on.
 */
export function scopesFor(
  name: OAuthProviderName,
  purpose: OAuthPurpose,
  source?: CredentialSource,
): readonly string[] | null {
  const scopes = OAUTH_CLIENTS[name].scopes[purpose];
  if (scopes === undefined) return null;
  const platform = purpose === 'connect' ? connectPlatformOf(name) : null;
  if (platform === null || !postAnalyticsEnabled(source, platform)) return scopes;
  const extra = NETWORKS[platform].postAnalytics?.scopes ?? [];
  return [...scopes, ...extra.filter((scope) => !scopes.includes(scope))];
}

/**
 * Why a published post of this network shows no metrics (pt-BR), or null when they should come:
 * the network has none, the opt-in is off, or the account was connected without its scopes.
 * `grantedScopes` null = unknown (not held against the account).
 */
export function metricsUnavailableReason(
  source: CredentialSource,
  platform: Platform,
  grantedScopes: readonly string[] | null,
): string | null {
  const descriptor = NETWORKS[platform];
  if (descriptor.capabilities.metrics !== 'opt-in' || descriptor.postAnalytics === undefined) return null;
  const optIn = descriptor.postAnalytics;
  if (!flagOn(source, optIn.flag)) return optIn.disabledReason;
  if (grantedScopes !== null && optIn.scopes.some((scope) => !grantedScopes.includes(scope)))
    return optIn.scopeMissingReason;
  return null;
}

/** OAuth clients with a sign-in button (Google, Facebook, LinkedIn). */
export const SIGN_IN_OAUTH_PROVIDERS: readonly OAuthProviderName[] = OAUTH_PROVIDER_NAMES.filter(
  (name) => OAUTH_CLIENTS[name].scopes.signIn !== undefined,
);

/** Networks whose accounts can be connected (an OAuth client with connect scopes). */
export const CONNECT_PLATFORMS: readonly Platform[] = PLATFORMS.filter(
  (platform) => NETWORKS[platform].capabilities.connect,
);

export function isConnectPlatform(value: string): value is Platform {
  return (CONNECT_PLATFORMS as readonly string[]).includes(value);
}

/** The network whose accounts an OAuth client connects (the provider of a connect attempt). */
export function connectPlatformOf(name: OAuthProviderName): Platform | null {
  return (
    CONNECT_PLATFORMS.find((platform) => connectLoginsOf(platform).some((login) => login.name === name)) ??
    null
  );
}

/** The OAuth clients that connect accounts of a network: its own, then its other logins (Instagram Login). */
export function connectLoginsOf(platform: Platform): readonly OAuthClientDescriptor[] {
  const { oauth, otherLogins = [] } = NETWORKS[platform];
  return oauth === null ? otherLogins : [oauth, ...otherLogins];
}

/**
 * The client of the connect flow the person chose (`?login=<client>` of the connect route), the
 * network's own when none was named; null when the name is none of the network's logins.
 */
export function connectLoginOf(platform: Platform, login: string | undefined): OAuthClientDescriptor | null {
  const logins = connectLoginsOf(platform);
  if (login === undefined || login === '') return logins[0] ?? null;
  return logins.find((candidate) => candidate.name === login) ?? null;
}

/**
 * Where configuration comes from: a process's parsed env (ServerEnv, WorkerEnv). Credential
 * variables are read by the names the descriptors declare; empty values count as unset.
 */
export type CredentialSource = { readonly SOCIAL_SANDBOX_URL?: string | undefined } & Readonly<
  Record<string, unknown>
>;

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

function readCredentials(
  source: CredentialSource,
  variables: CredentialVariables | null,
): ClientCredentials | null {
  if (variables === null) return null;
  const clientId = source[variables.clientId];
  const clientSecret = source[variables.clientSecret];
  if (
    typeof clientId === 'string' &&
    clientId !== '' &&
    typeof clientSecret === 'string' &&
    clientSecret !== ''
  )
    return { clientId, clientSecret };
  return null;
}

/**
 * The sandbox registers one client per network it imitates (networks/src/sandbox/store.ts); a
 * client that runs on another's app (Instagram on Facebook Login) gets that app's.
 */
function sandboxCredentials(name: OAuthProviderName): ClientCredentials {
  const app = OAUTH_CLIENTS[name].sandboxApp ?? name;
  return { clientId: `sandbox-${app}-client`, clientSecret: `sandbox-${app}-secret` };
}

/** An OAuth client's credentials: configured, else the sandbox's when SOCIAL_SANDBOX_URL is set. */
export function oauthCredentials(
  source: CredentialSource,
  name: OAuthProviderName,
): ClientCredentials | null {
  const { credentials } = OAUTH_CLIENTS[name];
  // A client per server (Mastodon): its credentials are the server's (instanceClient), never env's.
  if (credentials === null) return null;
  const configured = readCredentials(source, credentials);
  if (configured) return configured;
  return source.SOCIAL_SANDBOX_URL ? sandboxCredentials(name) : null;
}

/**
 * A network without an installation-wide app (`credentials: null`) is always configured, with
 * these empty credentials: Mastodon, whose every server issues Pauta's app when an account of it
 * connects, and Bluesky, where each account logs in with its own app password.
 */
const PER_INSTANCE_CREDENTIALS: ClientCredentials = { clientId: '', clientSecret: '' };

/**
 * A network's app credentials: configured, else the sandbox's when SOCIAL_SANDBOX_URL is set and
 * the network has an OAuth client the sandbox imitates (Instagram: the sandbox's Facebook app).
 * null = the network is not configured.
 */
export function networkCredentials(source: CredentialSource, platform: Platform): ClientCredentials | null {
  const descriptor = NETWORKS[platform];
  if (descriptor.credentials === null) return PER_INSTANCE_CREDENTIALS;
  const configured = readCredentials(source, descriptor.credentials);
  if (configured) return configured;
  // Configured through another login only (Instagram with Instagram Login alone).
  for (const login of descriptor.otherLogins ?? []) {
    const other = readCredentials(source, login.credentials);
    if (other) return other;
  }
  if (!source.SOCIAL_SANDBOX_URL) return null;
  return descriptor.oauth ? sandboxCredentials(descriptor.oauth.name) : null;
}

/**
 * The connect flows the installation can run for a network with several (Instagram: Instagram Login,
 * Facebook Login): the configured ones, or all in sandbox mode; [] for a network with one flow.
 */
export function configuredConnectLogins(source: CredentialSource, platform: Platform): OAuthProviderName[] {
  if ((NETWORKS[platform].otherLogins ?? []).length === 0) return [];
  return connectLoginsOf(platform)
    .filter((login) => oauthCredentials(source, login.name) !== null)
    .map((login) => login.name);
}

/** The connect flow an account was connected with (its network's `loginOf`); null: the network's only one. */
export function accountLoginOf(platform: Platform, platformUserId: string): OAuthProviderName | null {
  return NETWORKS[platform].loginOf?.(platformUserId) ?? null;
}

/** Whether accounts of this network can be connected on this installation. */
export function isConnectConfigured(source: CredentialSource, platform: Platform): boolean {
  return NETWORKS[platform].capabilities.connect && networkCredentials(source, platform) !== null;
}

/** A network's publisher from explicit options (tests, benchmarks). */
export function createPublisher(platform: Platform, options: PublisherOptions): NetworkAdapter {
  return NETWORKS[platform].createPublisher(options);
}

/** Builds an OAuth client from explicit options (tests, benchmarks, the worker harness). */
export function createOAuthProvider(name: 'facebook', options: OAuthProviderOptions): FacebookOAuthProvider;
export function createOAuthProvider(name: 'instagram', options: OAuthProviderOptions): InstagramOAuthProvider;
export function createOAuthProvider(name: OAuthProviderName, options: OAuthProviderOptions): OAuthProvider;
export function createOAuthProvider(name: OAuthProviderName, options: OAuthProviderOptions): OAuthProvider {
  return OAUTH_CLIENTS[name].create(options);
}

export interface OAuthRuntime {
  env: CredentialSource;
  /** The public URL of the web app: the callback URL is built from it. */
  appUrl: string;
  /** Timeout of each call; the client's default (15 s) when absent. */
  timeoutMs?: number;
}

/** The configured OAuth client for a flow, its redirect URI the callback URL; null when unconfigured. */
export function oauthClient(
  name: OAuthProviderName,
  purpose: OAuthPurpose,
  runtime: OAuthRuntime,
): OAuthProvider | null {
  const credentials = oauthCredentials(runtime.env, name);
  if (!credentials) return null;
  const sandboxUrl = runtime.env.SOCIAL_SANDBOX_URL;
  return createOAuthProvider(name, {
    ...credentials,
    redirectUri: oauthCallbackUrl(runtime.appUrl, purpose),
    ...(runtime.timeoutMs === undefined ? {} : { timeoutMs: runtime.timeoutMs }),
    ...(sandboxUrl ? { sandboxUrl } : {}),
  });
}

/**
 * The session client of a network that connects through a form (Bluesky's app password): it
 * logs in, renews and ends sessions; null for OAuth networks.
 */
export function sessionClient(
  platform: Platform,
  runtime: { env: CredentialSource; timeoutMs?: number },
): SessionClient | null {
  const session = NETWORKS[platform].session;
  if (session === undefined) return null;
  const configured = runtime.env[session.defaultServiceVariable];
  return session.create({
    fetch: createNetworkFetch(runtime.env.SOCIAL_SANDBOX_URL),
    ...(runtime.timeoutMs === undefined ? {} : { timeoutMs: runtime.timeoutMs }),
    ...(typeof configured === 'string' && configured !== '' ? { defaultService: configured } : {}),
  });
}

/**
 * The client that connects accounts of a network (or, for a form network, its session client,
 * which renews and revokes); null when it has none or is not configured.
 */
export function connectClient(platform: Platform, runtime: OAuthRuntime): OAuthProvider | null {
  const descriptor = NETWORKS[platform];
  if (!descriptor.capabilities.connect) return null;
  if (descriptor.session) return sessionClient(platform, runtime);
  if (!descriptor.oauth) return null;
  return oauthClient(descriptor.oauth.name, 'connect', runtime);
}

/** Pauta's app at one server of a network of many (network_instances), as the OAuth client needs it. */
export interface InstanceClientInput {
  host: string;
  pkce: boolean;
  clientId: string;
  clientSecret: string;
}

/**
 * The connect client of a network of many servers (`connectSteps.instance`: Mastodon) at one of
 * them, with the app that server issued; null for any other network.
 */
export function instanceClient(
  platform: Platform,
  runtime: OAuthRuntime,
  instance: InstanceClientInput,
): OAuthProvider | null {
  const descriptor = NETWORKS[platform];
  if (!descriptor.capabilities.connect || !descriptor.oauth || !descriptor.connectSteps.instance) return null;
  const sandboxUrl = runtime.env.SOCIAL_SANDBOX_URL;
  return createOAuthProvider(descriptor.oauth.name, {
    clientId: instance.clientId,
    clientSecret: instance.clientSecret,
    redirectUri: oauthCallbackUrl(runtime.appUrl, 'connect'),
    instance: { host: instance.host, pkce: instance.pkce },
    ...(runtime.timeoutMs === undefined ? {} : { timeoutMs: runtime.timeoutMs }),
    ...(sandboxUrl ? { sandboxUrl } : {}),
  });
}

export interface NetworkClients {
  /** The publisher of a network; null when the network is not configured. */
  adapter(platform: Platform): NetworkAdapter | null;
  /** The OAuth client that refreshes the network's tokens; null when none or not configured. */
  oauth(platform: Platform): OAuthProvider | null;
}

export interface NetworkClientsOptions extends OAuthRuntime {
  timeoutMs: number;
  /**
   * Passed to every publisher, over the settings each descriptor reads from `env`
   * (`publisherSettings`: LinkedIn-Version, Graph version): tests' Instagram polling, versions.
   */
  publisher?: Omit<PublisherOptions, 'fetch' | 'timeoutMs' | 'appSecret'>;
}

/** The worker's clients: one publisher and one OAuth client per configured network. */
export function createNetworkClients(options: NetworkClientsOptions): NetworkClients {
  const fetch = createNetworkFetch(options.env.SOCIAL_SANDBOX_URL);
  const adapters = new Map<Platform, NetworkAdapter | null>();
  const clients = new Map<Platform, OAuthProvider | null>();
  for (const platform of PLATFORMS) {
    const descriptor = NETWORKS[platform];
    const credentials = networkCredentials(options.env, platform);
    adapters.set(
      platform,
      credentials
        ? descriptor.createPublisher({
            ...descriptor.publisherSettings?.(options.env),
            ...(options.env.SOCIAL_SANDBOX_URL ? { fetchLinkPage: sandboxLinkPageFetcher(fetch) } : {}),
            ...options.publisher,
            fetch,
            timeoutMs: options.timeoutMs,
            appSecret: credentials.clientSecret,
            postAnalytics: postAnalyticsEnabled(options.env, platform),
          })
        : null,
    );
    clients.set(
      platform,
      descriptor.session
        ? sessionClient(platform, options)
        : credentials && descriptor.oauth && descriptor.credentials !== null
          ? ((descriptor.renewedBy && oauthClient(descriptor.renewedBy, 'connect', options)) ??
            oauthClient(descriptor.oauth.name, 'connect', options))
          : null,
    );
  }
  return {
    adapter: (platform) => adapters.get(platform) ?? null,
    oauth: (platform) => clients.get(platform) ?? null,
  };
}

/** What accountHealth needs of a stored account (db AccountSummary fits). */
export interface StoredAccountHealth {
  platform: Platform;
  status: AccountStatus;
  status_reason: AccountStatusReason | null;
  access_token_expires_at: Date | null;
  has_refresh_token: boolean;
  limited_until: Date | null;
}

/**
 * An account's health (core accountHealth): Pauta renews its token itself only when the network
 * refreshes tokens (`capabilities.refresh`) and the account holds a refresh token — LinkedIn
 * issues one to approved partner apps only, so most LinkedIn tokens simply expire after 60 days.
 * Mastodon's tokens never expire (no `access_token_expires_at`): no renewal and no expiry warning;
 * a token revoked at the instance shows when a call answers 401 (Reconectar).
 */
export function healthOfAccount(account: StoredAccountHealth, now: Date): AccountHealth {
  return accountHealth(
    {
      status: account.status,
      statusReason: account.status_reason,
      accessTokenExpiresAt: account.access_token_expires_at,
      canRefresh: NETWORKS[account.platform].capabilities.refresh && account.has_refresh_token,
      limitedUntil: account.limited_until,
    },
    now,
  );
}

/** Networks whose tokens Pauta never renews (their accounts' expiry is announced). */
export const NO_REFRESH_PLATFORMS: readonly Platform[] = PLATFORMS.filter(
  (platform) => !NETWORKS[platform].capabilities.refresh,
);
