/**
 * Social networks Pauta publishes to.
 *
 * Canonical stored value set: `PLATFORMS` ('linkedin', 'facebook', 'x', 'instagram', 'threads',
 * 'linkedin_page': a LinkedIn company Page, beside the person's own profile; 'mastodon'; 'bluesky';
 * 'pinterest': pins on the board the person picked; 'google_business': a Google Business Profile
 * location; 'youtube': Shorts on the person's YouTube channel; 'tiktok': videos on the person's
 * TikTok profile). Every
 * table column (themes.social_networks, suggested_posts.platform, published_posts.platform,
 * connected_accounts.platform, publishing_logs.platform), every API input and every job payload
 * uses these ids. The spec's legacy 'twitter' value is never stored: it survives only as the
 * OAuth provider id of X (`PLATFORM_OAUTH_PROVIDERS.x`) and is accepted on input by
 * `normalizePlatform()` so old data or AI output naming 'twitter' still maps to 'x'.
 */

/**
 * The networks added after the spec's four (LinkedIn, Facebook, X, Instagram), in the order they
 * came: every ordered list below puts them after the spec's four, in this order.
 */
const LATER_PLATFORMS = [
  'threads',
  'linkedin_page',
  'mastodon',
  'bluesky',
  'pinterest',
  'google_business',
  'youtube',
  'tiktok',
] as const;

export const PLATFORMS = ['linkedin', 'facebook', 'x', 'instagram', ...LATER_PLATFORMS] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  x: 'X (Twitter)',
  instagram: 'Instagram',
  threads: 'Threads',
  linkedin_page: 'LinkedIn (Página)',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  pinterest: 'Pinterest',
  // Its old name, still the one Brazilian small businesses search for and say (Google renamed it
  // "Perfil da Empresa no Google" in 2021; texts use the new name beside it: docs/networks.md).
  google_business: 'Google Meu Negócio',
  youtube: 'YouTube',
  tiktok: 'TikTok',
} as const satisfies Record<Platform, string>;

/**
 * Order of the networks in the theme form (spec §5: Instagram, LinkedIn, Facebook, X (Twitter));
 * networks added after the spec follow it.
 */
export const THEME_FORM_PLATFORMS = [
  'instagram',
  'linkedin',
  'facebook',
  'x',
  ...LATER_PLATFORMS,
] as const satisfies readonly Platform[];

/**
 * The order of lists that show every network (spec §9: Posts Agendados' filter, the dashboard's
 * charts): LinkedIn, Instagram, Facebook, X, then the later networks.
 */
export const LISTING_PLATFORMS = [
  'linkedin',
  'instagram',
  'facebook',
  'x',
  ...LATER_PLATFORMS,
] as const satisfies readonly Platform[];

/**
 * Maximum post length per network. X counts weighted characters, Threads counts an emoji as its
 * UTF-8 bytes, Bluesky counts graphemes and TikTok UTF-16 code units (see `measurePostLength`); the
 * others count Unicode code points.
 */
export const PLATFORM_TEXT_LIMITS = {
  x: 280,
  instagram: 2200,
  linkedin: 3000,
  facebook: 63206,
  threads: 500,
  linkedin_page: 3000,
  // Mastodon's default; each instance declares its own (configuration.statuses.max_characters).
  mastodon: 500,
  bluesky: 300,
  // A pin's description (the post's text); its title (≤ 100) comes from the post's title or first line.
  pinterest: 800,
  // localPosts' summary (code points).
  google_business: 1500,
  // A video's description: 5,000 bytes (YouTube counts UTF-8 bytes; the adapter checks them too).
  youtube: 5000,
  // A video's caption (Direct Post's `post_info.title`): 2,200 UTF-16 code units (UTF16_PLATFORMS).
  tiktok: 2200,
} as const satisfies Record<Platform, number>;

/**
 * Networks that count a post's length in X's weighted characters (twitter-text v3, see
 * `measureXLength`); the others count Unicode code points.
 */
export const X_WEIGHTED_PLATFORMS: readonly Platform[] = ['x'];

/**
 * Networks that count each emoji as the number of its UTF-8 bytes (Threads: "Emojis are counted as
 * the number of UTF-8 bytes", see `measureEmojiBytesLength`); other characters count one each.
 */
export const EMOJI_BYTES_PLATFORMS: readonly Platform[] = ['threads'];

/**
 * Networks that count every link as a fixed number of characters whatever its length (Mastodon:
 * the instance's `characters_reserved_per_url`, 23) and a remote mention `@user@domain` as its
 * `@user` part (see `measureMastodonLength`).
 */
export const URL_RESERVED_PLATFORMS: readonly Platform[] = ['mastodon'];

/**
 * Networks that count graphemes, what a reader sees as one character (Bluesky's 300: an emoji
 * with its skin tone or a flag counts one, see `measureGraphemeLength`).
 */
export const GRAPHEME_PLATFORMS: readonly Platform[] = ['bluesky'];

/**
 * Networks that count UTF-16 code units, what JavaScript's `length` counts (TikTok's caption:
 * "2200 UTF-16 runes"): an emoji outside the Basic Multilingual Plane counts two.
 */
export const UTF16_PLATFORMS: readonly Platform[] = ['tiktok'];

/**
 * Networks a user can connect in Contas Conectadas, in the order the cards are shown: every
 * network, in PLATFORMS' order.
 */
export const CONNECTABLE_PLATFORMS: readonly Platform[] = [...PLATFORMS];
export type ConnectablePlatform = (typeof CONNECTABLE_PLATFORMS)[number];

/**
 * Networks configured out of the box (spec §9: linkedin, facebook, twitter). Instagram needs an
 * administrator to configure its sign-in provider before it can be connected.
 */
export const DEFAULT_CONFIGURED_PLATFORMS = [
  'linkedin',
  'facebook',
  'x',
] as const satisfies readonly Platform[];

/** OAuth provider ids of the spec (§7, §9). The only place where X is called 'twitter'. */
export const PLATFORM_OAUTH_PROVIDERS = {
  linkedin: 'linkedin_oidc',
  facebook: 'facebook',
  x: 'twitter',
  instagram: 'instagram',
  threads: 'threads',
  linkedin_page: 'linkedin_page',
  mastodon: 'mastodon',
  // Not OAuth: an app password (its session's tokens are the account's, docs/networks.md).
  bluesky: 'bluesky',
  pinterest: 'pinterest',
  google_business: 'google_business',
  youtube: 'youtube',
  tiktok: 'tiktok',
} as const satisfies Record<Platform, string>;

/**
 * Social sign-in providers (spec §2.2: a general-purpose provider, Facebook, LinkedIn), in the
 * order of the login screen's buttons. These ids name the OAuth clients of @pauta/networks that
 * sign in (its registry test checks they match), the server's /auth/oauth/<id> routes and the
 * stored oauth_identities.provider. The spec calls LinkedIn's 'linkedin_oidc'; that name survives
 * only as the connected account's provider (PLATFORM_OAUTH_PROVIDERS).
 */
export const SIGN_IN_PROVIDERS = ['google', 'facebook', 'linkedin'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

export const SIGN_IN_PROVIDER_LABELS = {
  google: 'Google',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
} as const satisfies Record<SignInProvider, string>;

export function isSignInProvider(value: unknown): value is SignInProvider {
  return typeof value === 'string' && (SIGN_IN_PROVIDERS as readonly string[]).includes(value);
}

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

/** Loose names that mean a network: the legacy 'twitter', X's label, LinkedIn's OAuth provider id. */
const PLATFORM_ALIASES: Readonly<Record<string, Platform>> = {
  twitter: 'x',
  'x (twitter)': 'x',
  linkedin_oidc: 'linkedin',
};

/**
 * Maps loose input (any case, surrounding spaces, the legacy 'twitter' id or the OAuth provider
 * id 'linkedin_oidc') to a canonical platform id; `null` when it names no known network.
 */
export function normalizePlatform(value: string): Platform | null {
  const key = value.trim().toLowerCase();
  const alias = PLATFORM_ALIASES[key];
  if (alias) return alias;
  return isPlatform(key) ? key : null;
}

export function platformFromOAuthProvider(provider: string): Platform | null {
  for (const platform of PLATFORMS) {
    if (PLATFORM_OAUTH_PROVIDERS[platform] === provider) return platform;
  }
  return null;
}
