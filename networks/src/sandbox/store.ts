// State of the sandbox networks: registered clients, test users, authorization codes and the
// tokens issued from them. One store per sandbox instance, in memory; `snapshot()`/`restore()`
// let `persistence.ts` keep it across restarts (issue 13: a restart must not break accounts).
import { randomBytes } from 'node:crypto';

export type SandboxNetwork =
  | 'google'
  | 'facebook'
  | 'instagram'
  | 'linkedin'
  | 'x'
  | 'threads'
  | 'pinterest'
  | 'tiktok';

export const SANDBOX_NETWORKS: readonly SandboxNetwork[] = [
  'google',
  'facebook',
  // Instagram Login's app (instagram-login.ts); Instagram through Facebook Login uses Facebook's.
  'instagram',
  'linkedin',
  'x',
  'threads',
  'pinterest',
  'tiktok',
];

export interface SandboxClient {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs registered for this client, on top of the origin allowlist rule. */
  redirectUris: string[];
}

export interface SandboxPage {
  id: string;
  name: string;
  category: string;
  /** The Instagram professional account linked to the Page (`instagram_business_account`). */
  instagramAccountId?: string | null;
  /** That account's username; default `<manager's username>.ig`. */
  instagramUsername?: string | null;
}

/** A test identity, with OIDC-style claim names. */
export interface SandboxUser {
  sub: string;
  email: string | null;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  name: string;
  /** X handle. */
  username: string;
  /** Facebook Pages the user manages. */
  pages: SandboxPage[];
}

export interface SandboxUserInput {
  sub: string;
  email?: string | null;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  username?: string;
  pages?: SandboxPage[];
}

export interface SandboxStoreOptions {
  clients?: Partial<Record<SandboxNetwork, SandboxClient[]>>;
  /** Origins (`http://localhost:*` allows any port) whose `/auth/callback` is a valid redirect. */
  allowedRedirectOrigins?: string[];
  tokenPrefix?: string;
  users?: Record<string, SandboxUserInput>;
  defaultUser?: string;
  /** Overrides every access token lifetime (seconds), e.g. to test refresh-before-expiry. */
  accessTokenTtlSeconds?: number;
  /** When false, a refresh keeps the refresh token and omits it from the answer (as Google does). */
  rotateRefreshTokens?: boolean;
  now?: () => number;
}

export const DEFAULT_ALLOWED_REDIRECT_ORIGINS: readonly string[] = [
  'http://localhost:*',
  'http://127.0.0.1:*',
];

export const DEFAULT_TOKEN_PREFIX = 'sbx';

export function defaultClient(network: SandboxNetwork): SandboxClient {
  return {
    clientId: `sandbox-${network}-client`,
    clientSecret: `sandbox-${network}-secret`,
    redirectUris: [],
  };
}

function pagesFor(sub: string, given: string, family: string): SandboxPage[] {
  const tail = sub.slice(-4).padStart(4, '0');
  return [
    {
      id: `10100000000${tail}1`,
      name: `Página de ${given}`,
      category: 'Pequena empresa',
      instagramAccountId: `17841400${tail}00001`,
    },
    { id: `10100000000${tail}2`, name: `${given} ${family} Fotografia`, category: 'Fotógrafo' },
  ];
}

export function completeUser(key: string, input: SandboxUserInput): SandboxUser {
  const given = input.given_name ?? key.charAt(0).toUpperCase() + key.slice(1);
  const family = input.family_name ?? 'Sandbox';
  return {
    sub: input.sub,
    email: input.email === undefined ? `${key}@example.com` : input.email,
    email_verified: input.email_verified ?? true,
    given_name: given,
    family_name: family,
    name: input.name ?? `${given} ${family}`,
    username: input.username ?? key.replace(/[^A-Za-z0-9_]/g, '_'),
    pages: input.pages ?? pagesFor(input.sub, given, family),
  };
}

/** Built-in identities. `ana-unverified` shares Ana's email but not her verification (A7). */
export const DEFAULT_USERS: Readonly<Record<string, SandboxUserInput>> = {
  ana: {
    sub: '1000000000000000001',
    email: 'ana.souza@example.com',
    given_name: 'Ana',
    family_name: 'Souza',
    username: 'anasouza',
  },
  bruno: {
    sub: '1000000000000000002',
    email: 'bruno.lima@example.com',
    given_name: 'Bruno',
    family_name: 'Lima',
    username: 'brunolima',
  },
  'ana-unverified': {
    sub: '1000000000000000003',
    email: 'ana.souza@example.com',
    email_verified: false,
    given_name: 'Ana',
    family_name: 'Souza',
    username: 'ana_souza_2',
  },
  'no-email': {
    sub: '1000000000000000004',
    email: null,
    email_verified: false,
    given_name: 'Carla',
    family_name: 'Dias',
    username: 'carladias',
  },
};

const DEFAULT_ACCESS_TTL: Record<SandboxNetwork, number> = {
  google: 3599,
  facebook: 3600,
  // Instagram Login's short-lived token (the code exchange's): one hour.
  instagram: 3600,
  linkedin: 5_184_000,
  x: 7200,
  // Threads' short-lived token (the code exchange's): one hour.
  threads: 3600,
  // Pinterest's access token: 30 days (its refresh token: 365).
  pinterest: 2_592_000,
  // TikTok's access token: 24 hours (its refresh token: 365 days).
  tiktok: 86_400,
};

/** Facebook's long-lived user token (fb_exchange_token): about 60 days. */
export const FACEBOOK_LONG_LIVED_TTL = 5_183_944;
export const LINKEDIN_REFRESH_TTL = 31_536_000;
const CODE_TTL_MS = 10 * 60 * 1000;

export interface Grant {
  id: string;
  network: SandboxNetwork;
  clientId: string;
  user: SandboxUser;
  scopes: string[];
  /** The query of the authorization request (e.g. Google's `access_type=offline`). */
  authorizeParams: Record<string, string>;
  revoked: boolean;
  /** Planted with setNextAuthorization: the tokens this grant's code exchange issues. */
  tokens?: GrantTokenOptions;
}

/**
 * How the code exchange of one authorization answers (LinkedIn): the access token's lifetime, and
 * whether a refresh token comes with it — LinkedIn gives them to approved partner apps only; any
 * other app gets a 60-day access token and no refresh token.
 */
export interface GrantTokenOptions {
  accessTokenTtlSeconds?: number;
  refreshToken?: boolean;
}

export interface AuthorizationCode {
  code: string;
  grant: Grant;
  redirectUri: string;
  codeChallenge: string | null;
  expiresAt: number;
  used: boolean;
}

export interface AccessToken {
  token: string;
  grant: Grant;
  /** null: never expires (Facebook Page tokens). */
  expiresAt: number | null;
  pageId: string | null;
  /** Threads: a long-lived token (th_exchange_token / th_refresh_token), and when it was issued. */
  longLived?: boolean;
  issuedAt?: number;
}

export interface RefreshToken {
  token: string;
  grant: Grant;
  revoked: boolean;
}

export interface IssuedTokens {
  accessToken: AccessToken;
  expiresIn: number;
  refreshToken: RefreshToken | null;
}

interface StoredGrant extends Omit<Grant, 'user'> {
  user: SandboxUser;
}

/** The store's durable state as plain JSON: grants once, tokens pointing at them by id. */
export interface SandboxStoreSnapshot {
  users: Record<string, SandboxUser>;
  grants: StoredGrant[];
  codes: (Omit<AuthorizationCode, 'grant'> & { grantId: string })[];
  accessTokens: (Omit<AccessToken, 'grant'> & { grantId: string })[];
  refreshTokens: (Omit<RefreshToken, 'grant'> & { grantId: string })[];
  pageTokens: (Omit<AccessToken, 'grant'> & { grantId: string })[];
  /** (client:user:page) → page token. */
  pageTokensByPage: [string, string][];
}

export type CodeExchangeFailure =
  | 'invalid_code'
  | 'code_reused'
  | 'code_expired'
  | 'client_mismatch'
  | 'redirect_mismatch'
  | 'pkce_missing'
  | 'pkce_mismatch';

export type NextAuthorization =
  | { deny: true }
  | { deny: false; user: SandboxUser; tokens?: GrantTokenOptions };

export class SandboxStore {
  readonly tokenPrefix: string;
  readonly now: () => number;
  private readonly clients: Record<SandboxNetwork, SandboxClient[]>;
  private readonly allowedRedirectOrigins: string[];
  private readonly users = new Map<string, SandboxUser>();
  private readonly defaultUserKey: string;
  private readonly accessTokenTtlSeconds: number | undefined;
  private readonly rotateRefreshTokens: boolean;
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, RefreshToken>();
  private readonly pageTokens = new Map<string, AccessToken>();
  private readonly pageTokensByPage = new Map<string, AccessToken>();
  private readonly nextAuthorizations = new Map<SandboxNetwork, NextAuthorization>();

  constructor(options: SandboxStoreOptions = {}) {
    this.tokenPrefix = options.tokenPrefix ?? DEFAULT_TOKEN_PREFIX;
    this.now = options.now ?? Date.now;
    this.clients = {
      google: options.clients?.google ?? [defaultClient('google')],
      facebook: options.clients?.facebook ?? [defaultClient('facebook')],
      instagram: options.clients?.instagram ?? [defaultClient('instagram')],
      linkedin: options.clients?.linkedin ?? [defaultClient('linkedin')],
      x: options.clients?.x ?? [defaultClient('x')],
      threads: options.clients?.threads ?? [defaultClient('threads')],
      pinterest: options.clients?.pinterest ?? [defaultClient('pinterest')],
      tiktok: options.clients?.tiktok ?? [defaultClient('tiktok')],
    };
    this.allowedRedirectOrigins = options.allowedRedirectOrigins ?? [...DEFAULT_ALLOWED_REDIRECT_ORIGINS];
    for (const [key, user] of Object.entries({ ...DEFAULT_USERS, ...options.users })) {
      this.users.set(key, completeUser(key, user));
    }
    this.defaultUserKey = options.defaultUser ?? 'ana';
    if (!this.users.has(this.defaultUserKey))
      throw new Error(`Unknown default sandbox user ${this.defaultUserKey}`);
    this.accessTokenTtlSeconds = options.accessTokenTtlSeconds;
    this.rotateRefreshTokens = options.rotateRefreshTokens ?? true;
  }

  /** Everything a restart must keep (not the one-shot `setNextAuthorization` answers). */
  snapshot(): SandboxStoreSnapshot {
    const grants = new Map<string, Grant>();
    const ref = (grant: Grant) => {
      grants.set(grant.id, grant);
      return grant.id;
    };
    const tokenRow = ({ grant, ...rest }: AccessToken) => ({ ...rest, grantId: ref(grant) });
    const now = this.now();
    return {
      users: Object.fromEntries(this.users),
      codes: [...this.codes.values()]
        .filter((c) => c.expiresAt > now)
        .map(({ grant, ...rest }) => ({ ...rest, grantId: ref(grant) })),
      accessTokens: [...this.accessTokens.values()]
        .filter((t) => t.expiresAt === null || t.expiresAt > now)
        .map(tokenRow),
      refreshTokens: [...this.refreshTokens.values()]
        .filter((t) => !t.revoked)
        .map(({ grant, ...rest }) => ({ ...rest, grantId: ref(grant) })),
      pageTokens: [...this.pageTokens.values()].map(tokenRow),
      pageTokensByPage: [...this.pageTokensByPage].map(([key, token]) => [key, token.token]),
      grants: [...grants.values()],
    };
  }

  /** Replaces the tokens, codes and users with a snapshot's (users not in it are kept). */
  restore(snapshot: SandboxStoreSnapshot): void {
    for (const [key, user] of Object.entries(snapshot.users)) this.users.set(key, user);
    const grants = new Map(snapshot.grants.map((g) => [g.id, { ...g }] as const));
    const grantOf = (id: string) => {
      const grant = grants.get(id);
      if (grant === undefined) throw new Error(`Sandbox snapshot names an unknown grant ${id}`);
      return grant;
    };
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.pageTokens.clear();
    this.pageTokensByPage.clear();
    for (const { grantId, ...code } of snapshot.codes)
      this.codes.set(code.code, { ...code, grant: grantOf(grantId) });
    for (const { grantId, ...token } of snapshot.accessTokens)
      this.accessTokens.set(token.token, { ...token, grant: grantOf(grantId) });
    for (const { grantId, ...token } of snapshot.refreshTokens)
      this.refreshTokens.set(token.token, { ...token, grant: grantOf(grantId) });
    for (const { grantId, ...token } of snapshot.pageTokens)
      this.pageTokens.set(token.token, { ...token, grant: grantOf(grantId) });
    for (const [key, token] of snapshot.pageTokensByPage) {
      const found = this.pageTokens.get(token);
      if (found !== undefined) this.pageTokensByPage.set(key, found);
    }
  }

  newToken(network: SandboxNetwork, kind: 'code' | 'at' | 'rt' | 'page'): string {
    return `${this.tokenPrefix}_${network}_${kind}_${randomBytes(24).toString('base64url')}`;
  }

  // Clients and redirect URIs

  findClient(network: SandboxNetwork, clientId: string | undefined): SandboxClient | null {
    if (clientId === undefined) return null;
    return this.clients[network].find((c) => c.clientId === clientId) ?? null;
  }

  isRedirectAllowed(client: SandboxClient, redirectUri: string): boolean {
    if (client.redirectUris.includes(redirectUri)) return true;
    let parsed: URL;
    try {
      parsed = new URL(redirectUri);
    } catch {
      return false;
    }
    if (parsed.pathname !== '/auth/callback' || parsed.hash !== '') return false;
    return this.allowedRedirectOrigins.some((pattern) => originMatches(pattern, parsed));
  }

  // Users

  setUser(key: string, input: SandboxUserInput): SandboxUser {
    const user = completeUser(key, input);
    this.users.set(key, user);
    return user;
  }

  findUser(key: string): SandboxUser | null {
    return this.users.get(key) ?? null;
  }

  allUsers(): SandboxUser[] {
    return [...this.users.values()];
  }

  defaultUser(): SandboxUser {
    return this.users.get(this.defaultUserKey)!;
  }

  setNextAuthorization(network: SandboxNetwork, next: NextAuthorization): void {
    this.nextAuthorizations.set(network, next);
  }

  takeNextAuthorization(network: SandboxNetwork): NextAuthorization | null {
    const next = this.nextAuthorizations.get(network) ?? null;
    this.nextAuthorizations.delete(network);
    return next;
  }

  // Codes

  issueCode(input: {
    network: SandboxNetwork;
    clientId: string;
    user: SandboxUser;
    scopes: string[];
    redirectUri: string;
    codeChallenge: string | null;
    authorizeParams: Record<string, string>;
    tokens?: GrantTokenOptions;
  }): AuthorizationCode {
    const grant: Grant = {
      id: randomBytes(8).toString('hex'),
      network: input.network,
      clientId: input.clientId,
      user: input.user,
      scopes: input.scopes,
      authorizeParams: input.authorizeParams,
      revoked: false,
      ...(input.tokens === undefined ? {} : { tokens: input.tokens }),
    };
    const code: AuthorizationCode = {
      code: this.newToken(input.network, 'code'),
      grant,
      redirectUri: input.redirectUri,
      codeChallenge: input.codeChallenge,
      expiresAt: this.now() + CODE_TTL_MS,
      used: false,
    };
    this.codes.set(code.code, code);
    return code;
  }

  /**
   * Redeems a code once. A second attempt also revokes whatever the first one issued
   * (RFC 6749 §4.1.2), as Google does.
   */
  redeemCode(input: {
    network: SandboxNetwork;
    clientId: string;
    code: string | undefined;
    redirectUri: string | undefined;
    codeVerifier: string | undefined;
    verifyPkce: (verifier: string, challenge: string) => boolean;
  }): { ok: true; grant: Grant } | { ok: false; reason: CodeExchangeFailure } {
    const stored = input.code === undefined ? undefined : this.codes.get(input.code);
    if (stored === undefined || stored.grant.network !== input.network)
      return { ok: false, reason: 'invalid_code' };
    if (stored.used) {
      stored.grant.revoked = true;
      return { ok: false, reason: 'code_reused' };
    }
    if (stored.grant.clientId !== input.clientId) return { ok: false, reason: 'client_mismatch' };
    // Any failed attempt burns the code, so a guessed verifier cannot be retried.
    stored.used = true;
    if (this.now() > stored.expiresAt) return { ok: false, reason: 'code_expired' };
    if (stored.redirectUri !== input.redirectUri) return { ok: false, reason: 'redirect_mismatch' };
    if (stored.codeChallenge !== null) {
      if (input.codeVerifier === undefined) return { ok: false, reason: 'pkce_missing' };
      if (!input.verifyPkce(input.codeVerifier, stored.codeChallenge))
        return { ok: false, reason: 'pkce_mismatch' };
    }
    return { ok: true, grant: stored.grant };
  }

  // Tokens

  accessTtl(network: SandboxNetwork): number {
    return this.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TTL[network];
  }

  issueTokens(
    grant: Grant,
    options: { refresh: boolean; ttlSeconds?: number; longLived?: boolean },
  ): IssuedTokens {
    const expiresIn = this.accessTokenTtlSeconds ?? options.ttlSeconds ?? DEFAULT_ACCESS_TTL[grant.network];
    const accessToken: AccessToken = {
      token: this.newToken(grant.network, 'at'),
      grant,
      expiresAt: this.now() + expiresIn * 1000,
      pageId: null,
      ...(options.longLived === true ? { longLived: true, issuedAt: this.now() } : {}),
    };
    this.accessTokens.set(accessToken.token, accessToken);
    let refreshToken: RefreshToken | null = null;
    if (options.refresh) {
      refreshToken = { token: this.newToken(grant.network, 'rt'), grant, revoked: false };
      this.refreshTokens.set(refreshToken.token, refreshToken);
    }
    return { accessToken, expiresIn, refreshToken };
  }

  /** A valid, unexpired, unrevoked access token of this network, or null. */
  findAccessToken(network: SandboxNetwork, token: string | null): AccessToken | null {
    if (token === null) return null;
    const found = this.accessTokens.get(token) ?? this.pageTokens.get(token);
    if (found === undefined || found.grant.network !== network || found.grant.revoked) return null;
    if (found.expiresAt !== null && this.now() >= found.expiresAt) return null;
    return found;
  }

  /**
   * Exchanges a refresh token. With rotation on, the old refresh token stops working and the
   * answer carries a new one; otherwise the answer carries none.
   */
  refresh(
    network: SandboxNetwork,
    clientId: string,
    token: string | undefined,
  ): { accessToken: AccessToken; expiresIn: number; refreshToken: RefreshToken | null } | null {
    const stored = token === undefined ? undefined : this.refreshTokens.get(token);
    if (stored === undefined || stored.revoked || stored.grant.revoked) return null;
    if (stored.grant.network !== network || stored.grant.clientId !== clientId) return null;
    const issued = this.issueTokens(stored.grant, { refresh: this.rotateRefreshTokens });
    if (this.rotateRefreshTokens) stored.revoked = true;
    return issued;
  }

  /**
   * Stable Page token per (grant user, client, page), as Facebook's never-expiring ones are. Meta
   * keeps permissions per app and user, not per token: a later login to the same app that grants
   * more (Instagram's connect after the Facebook Page's, both through the Facebook app) widens what
   * the Page token already issued may do, as it does on the real Graph API.
   */
  pageToken(grant: Grant, page: SandboxPage): AccessToken {
    const key = `${grant.clientId}:${grant.user.sub}:${page.id}`;
    const existing = this.pageTokensByPage.get(key);
    if (existing !== undefined && !existing.grant.revoked) {
      existing.grant.scopes = [...new Set([...existing.grant.scopes, ...grant.scopes])];
      return existing;
    }
    const pageGrant: Grant = { ...grant, id: randomBytes(8).toString('hex'), revoked: false };
    const token: AccessToken = {
      token: this.newToken(grant.network, 'page'),
      grant: pageGrant,
      expiresAt: null,
      pageId: page.id,
    };
    this.pageTokensByPage.set(key, token);
    this.pageTokens.set(token.token, token);
    return token;
  }

  /** Whether `token` is one this sandbox issued whose grant was revoked (the user removed the app). */
  isRevoked(network: SandboxNetwork, token: string | null): boolean {
    if (token === null) return false;
    const found = this.accessTokens.get(token) ?? this.pageTokens.get(token);
    return found !== undefined && found.grant.network === network && found.grant.revoked;
  }

  /** Revokes a token (access, refresh or page) and everything issued under the same grant. */
  revoke(token: string): boolean {
    const found = this.accessTokens.get(token) ?? this.refreshTokens.get(token) ?? this.pageTokens.get(token);
    if (found === undefined) return false;
    found.grant.revoked = true;
    return true;
  }

  /**
   * Issues an access token as if `user` had authorized `scopes` (tests skip the browser dance).
   * With `pageId` (Facebook), the Page token of one of the user's Pages.
   */
  issueTestToken(input: {
    network: SandboxNetwork;
    user: SandboxUser;
    scopes: string[];
    pageId?: string;
    ttlSeconds?: number;
  }): AccessToken {
    const grant: Grant = {
      id: randomBytes(8).toString('hex'),
      network: input.network,
      clientId: this.clients[input.network][0]?.clientId ?? defaultClient(input.network).clientId,
      user: input.user,
      scopes: input.scopes,
      authorizeParams: {},
      revoked: false,
    };
    if (input.pageId !== undefined) {
      const page = input.user.pages.find((p) => p.id === input.pageId);
      if (input.network !== 'facebook' || page === undefined) {
        throw new Error(`User ${input.user.sub} manages no Facebook Page ${input.pageId}`);
      }
      // Not the cached per-page token: each test token carries exactly the scopes asked for.
      const token: AccessToken = {
        token: this.newToken('facebook', 'page'),
        grant,
        expiresAt: null,
        pageId: page.id,
      };
      this.pageTokens.set(token.token, token);
      return token;
    }
    return this.issueTokens(grant, {
      refresh: false,
      ...(input.ttlSeconds === undefined ? {} : { ttlSeconds: input.ttlSeconds }),
    }).accessToken;
  }

  /** The client secret of the client a token was issued to (appsecret_proof checks). */
  clientSecretOf(grant: Grant): string | null {
    return this.findClient(grant.network, grant.clientId)?.clientSecret ?? null;
  }

  /** The Page with this id among every user's Pages, with the users who manage it. */
  findPage(pageId: string): { page: SandboxPage; managers: SandboxUser[] } | null {
    const managers = this.allUsers().filter((u) => u.pages.some((p) => p.id === pageId));
    const page = managers[0]?.pages.find((p) => p.id === pageId);
    return page === undefined ? null : { page, managers };
  }

  /** The Page an Instagram professional account is linked to. */
  findInstagramAccount(igUserId: string): { page: SandboxPage; managers: SandboxUser[] } | null {
    const managers = this.allUsers().filter((u) => u.pages.some((p) => p.instagramAccountId === igUserId));
    const page = managers[0]?.pages.find((p) => p.instagramAccountId === igUserId);
    return page === undefined ? null : { page, managers };
  }

  /** Makes an access token expire now, to test refresh on 401. */
  expireAccessToken(token: string): boolean {
    const found = this.accessTokens.get(token);
    if (found === undefined) return false;
    found.expiresAt = this.now() - 1;
    return true;
  }
}

function originMatches(pattern: string, url: URL): boolean {
  const wildcard = pattern.match(/^(https?):\/\/([^/:]+):\*$/);
  if (wildcard !== null) return url.protocol === `${wildcard[1]}:` && url.hostname === wildcard[2];
  try {
    return new URL(pattern).origin === url.origin;
  } catch {
    return false;
  }
}
