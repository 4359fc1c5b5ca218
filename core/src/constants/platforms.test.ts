import { describe, expect, it } from 'vitest';
import {
  CONNECTABLE_PLATFORMS,
  isPlatform,
  normalizePlatform,
  PLATFORM_LABELS,
  PLATFORM_OAUTH_PROVIDERS,
  PLATFORM_TEXT_LIMITS,
  PLATFORMS,
  platformFromOAuthProvider,
} from './platforms.js';

describe('platforms', () => {
  it('stores X as x and labels it X (Twitter)', () => {
    expect(PLATFORMS).toEqual([
      'linkedin',
      'facebook',
      'x',
      'instagram',
      'threads',
      'linkedin_page',
      'mastodon',
      'bluesky',
      'pinterest',
      'google_business',
      'tiktok',
    ]);
    expect(PLATFORM_LABELS.tiktok).toBe('TikTok');
    expect(PLATFORM_LABELS.google_business).toBe('Google Meu Negócio');
    expect(PLATFORM_LABELS.linkedin_page).toBe('LinkedIn (Página)');
    expect(PLATFORM_LABELS.x).toBe('X (Twitter)');
    expect(isPlatform('twitter')).toBe(false);
  });

  it('has the per-network limits', () => {
    expect(PLATFORM_TEXT_LIMITS).toEqual({
      x: 280,
      instagram: 2200,
      linkedin: 3000,
      facebook: 63206,
      threads: 500,
      linkedin_page: 3000,
      mastodon: 500,
      bluesky: 300,
      pinterest: 800,
      google_business: 1500,
      tiktok: 2200,
    });
  });

  it('lets every platform be connected', () => {
    expect([...CONNECTABLE_PLATFORMS].sort()).toEqual([...PLATFORMS].sort());
  });
});

describe('normalizePlatform', () => {
  it.each([
    ['x', 'x'],
    ['twitter', 'x'],
    [' Twitter ', 'x'],
    ['X (Twitter)', 'x'],
    ['LinkedIn', 'linkedin'],
    ['linkedin_oidc', 'linkedin'],
    ['instagram', 'instagram'],
    ['Threads', 'threads'],
    ['Mastodon', 'mastodon'],
    ['Bluesky', 'bluesky'],
    ['Pinterest', 'pinterest'],
  ] as const)('maps %j to %j', (input, expected) => {
    expect(normalizePlatform(input)).toBe(expected);
  });

  it('returns null for unknown networks', () => {
    expect(normalizePlatform('orkut')).toBeNull();
    expect(normalizePlatform(' TikTok ')).toBe('tiktok');
    expect(normalizePlatform('')).toBeNull();
  });
});

describe('platformFromOAuthProvider', () => {
  it('inverts PLATFORM_OAUTH_PROVIDERS', () => {
    for (const platform of PLATFORMS) {
      expect(platformFromOAuthProvider(PLATFORM_OAUTH_PROVIDERS[platform])).toBe(platform);
    }
    expect(PLATFORM_OAUTH_PROVIDERS.x).toBe('twitter');
    expect(platformFromOAuthProvider('google')).toBeNull();
  });
});
