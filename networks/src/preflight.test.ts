// What the registry declares for the pre-flight (docs/preflight.md): which networks fetch media by
// URL, their own publishing caps, posting private before an audit, and the price per post.
import { PLATFORMS } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { NETWORKS, postPriceOf } from './registry.js';

describe('pre-flight declarations', () => {
  it('networks that download media from its URL say so; those that receive the bytes do not', () => {
    const byUrl = PLATFORMS.filter((platform) => NETWORKS[platform].fetchesMediaByUrl === true);
    expect([...byUrl].sort()).toEqual(['google_business', 'instagram', 'pinterest', 'threads']);
    for (const uploads of ['linkedin', 'facebook', 'x', 'bluesky', 'tiktok', 'youtube'] as const)
      expect(NETWORKS[uploads].fetchesMediaByUrl ?? false).toBe(false);
  });

  it('Instagram and Threads declare their caps per moving 24 h', () => {
    expect(NETWORKS.instagram.publishingCap).toEqual({ posts: 50, windowHours: 24 });
    expect(NETWORKS.threads.publishingCap).toEqual({ posts: 250, windowHours: 24 });
  });

  it('TikTok posts privately until TIKTOK_APP_AUDITED is on', () => {
    const rule = NETWORKS.tiktok.privateUntil!;
    expect(rule.variable).toBe('TIKTOK_APP_AUDITED');
    expect(rule.inForce({})).toBe(true);
    expect(rule.inForce({ TIKTOK_APP_AUDITED: false })).toBe(true);
    expect(rule.inForce({ TIKTOK_APP_AUDITED: true })).toBe(false);
  });
});

describe('postPriceOf', () => {
  it('is X’s published price, 13 times more with a link', () => {
    expect(postPriceOf('x', {}, false)).toMatchObject({ amount: 0.015, withoutLink: 0.015, withLink: false });
    expect(postPriceOf('x', {}, true)).toMatchObject({ amount: 0.2, withoutLink: 0.015, withLink: true });
  });
  it('takes the installation’s prices from the env, ignoring what is not a price', () => {
    const env = { X_PRICE_POST_USD: 0.01, X_PRICE_POST_WITH_LINK_USD: 0.3 };
    expect(postPriceOf('x', env, true)).toMatchObject({ amount: 0.3, withoutLink: 0.01 });
    expect(postPriceOf('x', { X_PRICE_POST_USD: '0.5', X_PRICE_POST_WITH_LINK_USD: -1 }, true)).toMatchObject(
      {
        amount: 0.2,
        withoutLink: 0.015,
      },
    );
  });
  it('is null for a network that charges nothing per post', () => {
    for (const platform of PLATFORMS.filter((p) => p !== 'x'))
      expect(postPriceOf(platform, {}, true)).toBeNull();
  });
});
