// The OAuth contract every network's client implements (linkedin/oauth.ts, x/oauth.ts, …): one
// interface for authorization URLs, code exchange, refresh, userinfo and revocation.

/**
 * OAuth clients Pauta runs: the networks' own plus Google (sign-in only). Instagram's is Facebook
 * Login with the Instagram app and scopes (connect only), and `instagram_login` its second way in,
 * Instagram Login with the Instagram app's own credentials (connect only); Threads has its own (connect only); LinkedIn
 * Pages (`linkedin_page`) is LinkedIn's OAuth with the Community Management app (connect only);
 * Mastodon's is one client per instance, with the credentials the instance issued (connect only);
 * Pinterest has its own (connect only); Google Business Profile's (`google_business`) is Google's
 * OAuth with the sign-in app and business.manage (connect only); YouTube's (`youtube`) is Google's OAuth
 * with the sign-in app and youtube.upload + youtube.readonly (connect only); TikTok has its own,
 * Login Kit with PKCE (connect only).
 */
export const OAUTH_PROVIDER_NAMES = [
  'google',
  'facebook',
  'linkedin',
  'x',
  'instagram',
  'instagram_login',
  'threads',
  'mastodon',
  'linkedin_page',
  'pinterest',
  'google_business',
  'youtube',
  'tiktok',
] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDER_NAMES)[number];

export type OAuthPurpose = 'signIn' | 'connect';

/** Minimal scopes per flow (O8); a flow the client is not used for has none. */
export type OAuthScopes = Readonly<Partial<Record<OAuthPurpose, readonly string[]>>>;

export interface OAuthProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** SOCIAL_SANDBOX_URL. Token calls then need `installSandboxFetch(sandboxUrl)` done at boot. */
  sandboxUrl?: string;
  /** Fetch for our own calls (userinfo, Graph); defaults to `createNetworkFetch(sandboxUrl)`. */
  fetch?: typeof globalThis.fetch;
  /** Clock for expiry dates (tests). */
  now?: () => number;
  /** Timeout of every call, Arctic's token calls included (they get a deadline). Default 15 s. */
  timeoutMs?: number;
  /** Graph API version for our Facebook calls (Arctic pins v16.0 for the OAuth ones). */
  facebookGraphVersion?: string;
  /**
   * The server of a network of many servers (Mastodon): its host, and whether it takes PKCE. The
   * credentials above are then the ones that server issued to Pauta (docs/networks.md, "Mastodon").
   */
  instance?: { host: string; pkce: boolean };
}

export interface OAuthTokens {
  accessToken: string;
  /** null when none was issued: never overwrite a stored refresh token with it. */
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  idToken: string | null;
  /** Granted scopes as reported by the provider; empty when it does not report them (Facebook). */
  scopes: string[];
}

export interface OAuthUserInfo {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  /** X handle; null elsewhere. */
  username: string | null;
}

export interface AuthorizationUrlInput {
  state: string;
  /** Required by PKCE providers (Google, X); ignored by the others. */
  codeVerifier?: string | null;
  /** Defaults to the provider's sign-in scopes (connect scopes for X). */
  scopes?: readonly string[];
}

export interface OAuthProvider {
  /** The OAuth client; 'bluesky' for its session client (app password, descriptor `session`). */
  readonly name: OAuthProviderName | 'bluesky';
  readonly usesPkce: boolean;
  /** False for Facebook, whose long-lived tokens are re-exchanged instead. */
  readonly issuesRefreshTokens: boolean;
  readonly defaultScopes: readonly string[];
  /** The URL to send the browser to (rewritten to the sandbox when configured). */
  createAuthorizationURL(input: AuthorizationUrlInput): URL;
  validateAuthorizationCode(code: string, codeVerifier?: string | null): Promise<OAuthTokens>;
  /** Facebook: exchanges a still-valid access token for a long-lived one (fb_exchange_token). */
  refreshAccessToken(refreshToken: string): Promise<OAuthTokens>;
  fetchUserInfo(accessToken: string): Promise<OAuthUserInfo>;
  /** Revokes a token at the network, where the network offers it (X). */
  revokeToken?(token: string): Promise<void>;
}
