import { describe, expect, it } from 'vitest';
import {
  fitsPlatformLimit,
  measureEmojiBytesLength,
  measureGraphemeLength,
  measureMastodonLength,
  measurePostLength,
  measureXLength,
  remainingPostLength,
} from './post-length.js';

describe('measureXLength', () => {
  it('counts Latin text, accents included, one per character', () => {
    expect(measureXLength('Olá, mundo!')).toBe(11);
    expect(measureXLength('')).toBe(0);
  });

  it('counts precomposed and decomposed accents alike', () => {
    expect(measureXLength('e\u0301')).toBe(measureXLength('é'));
  });

  it('weighs CJK characters 2', () => {
    expect(measureXLength('日本語')).toBe(6);
  });

  it('weighs an emoji 2, including ZWJ sequences and flags', () => {
    expect(measureXLength('🚀')).toBe(2);
    expect(measureXLength('👩‍💻')).toBe(2);
    expect(measureXLength('🇧🇷')).toBe(2);
  });

  it('weighs every URL 23 regardless of its length', () => {
    expect(measureXLength('https://example.com/a/very/long/path?with=query')).toBe(23);
    expect(measureXLength('Veja: https://a.co e www.exemplo.com.br')).toBe(6 + 23 + 3 + 23);
  });
});

describe('measurePostLength', () => {
  it('counts code points on the other networks', () => {
    expect(measurePostLength('linkedin', '🚀ab')).toBe(3);
  });
});

describe('fitsPlatformLimit', () => {
  it('accepts exactly the limit and rejects one more', () => {
    expect(fitsPlatformLimit('x', 'a'.repeat(280))).toBe(true);
    expect(fitsPlatformLimit('x', 'a'.repeat(281))).toBe(false);
    expect(fitsPlatformLimit('x', '日'.repeat(140))).toBe(true);
    expect(fitsPlatformLimit('x', '日'.repeat(141))).toBe(false);
    expect(fitsPlatformLimit('instagram', 'a'.repeat(2200))).toBe(true);
    expect(fitsPlatformLimit('instagram', 'a'.repeat(2201))).toBe(false);
  });

  it('reports what is left', () => {
    expect(remainingPostLength('linkedin', 'abc')).toBe(2997);
    expect(remainingPostLength('x', 'a'.repeat(290))).toBe(-10);
  });
});

describe('Threads: an emoji counts its UTF-8 bytes', () => {
  it('counts letters and accents one each, an emoji grapheme by its bytes', () => {
    expect(measureEmojiBytesLength('Olá, você!')).toBe(10);
    expect(measureEmojiBytesLength('😀')).toBe(4);
    expect(measureEmojiBytesLength('❤️')).toBe(6);
    expect(measureEmojiBytesLength('👍🏽')).toBe(8);
    expect(measureEmojiBytesLength('🇧🇷')).toBe(8);
    expect(measurePostLength('threads', 'oi 😀')).toBe(7);
  });

  it('takes 500 and refuses one more; 125 emojis are already 500', () => {
    expect(fitsPlatformLimit('threads', 'a'.repeat(500))).toBe(true);
    expect(fitsPlatformLimit('threads', 'a'.repeat(501))).toBe(false);
    expect(fitsPlatformLimit('threads', '😀'.repeat(125))).toBe(true);
    expect(fitsPlatformLimit('threads', `${'😀'.repeat(125)}a`)).toBe(false);
  });
});

describe('Mastodon: a link counts 23, a remote mention its @user part', () => {
  it('counts every link as 23 characters whatever its length', () => {
    const long = `https://exemplo.com.br/${'caminho/'.repeat(20)}`;
    expect(measureMastodonLength(`Veja ${long}`)).toBe(5 + 23);
    expect(measureMastodonLength('Veja https://a.co')).toBe(5 + 23);
    expect(measurePostLength('mastodon', `a ${long} b ${long}`)).toBe(5 + 46);
  });

  it('counts a remote mention without its domain, and an emoji as one grapheme', () => {
    expect(measureMastodonLength('oi @ana@mastodon.social!')).toBe('oi @ana!'.length);
    expect(measureMastodonLength('oi @ana')).toBe(7);
    expect(measureMastodonLength('👍🏽🇧🇷')).toBe(2);
  });

  it("takes the instance's link length when it declares another", () => {
    expect(measureMastodonLength('https://exemplo.com', 30)).toBe(30);
  });

  it('takes 500 by default and refuses one more, however long its links are', () => {
    const link = `https://exemplo.com/${'x'.repeat(200)}`;
    expect(fitsPlatformLimit('mastodon', `${'a'.repeat(476)} ${link}`)).toBe(true);
    expect(fitsPlatformLimit('mastodon', `${'a'.repeat(477)} ${link}`)).toBe(false);
  });
});

describe('Bluesky: graphemes', () => {
  it('counts what a reader sees as one character once', () => {
    expect(measureGraphemeLength('Olá, você!')).toBe(10);
    expect(measureGraphemeLength('👍🏽🇧🇷❤️')).toBe(3);
    // "é" written as e + combining acute accent: two code points, one grapheme.
    expect(measureGraphemeLength('cafe\u0301')).toBe(4);
    expect(measurePostLength('bluesky', '👨‍👩‍👧 oi')).toBe(4);
  });

  it('takes 300 and refuses 301; 300 emojis with skin tones still fit', () => {
    expect(fitsPlatformLimit('bluesky', 'a'.repeat(300))).toBe(true);
    expect(fitsPlatformLimit('bluesky', 'a'.repeat(301))).toBe(false);
    expect(fitsPlatformLimit('bluesky', '👍🏽'.repeat(300))).toBe(true);
    expect(fitsPlatformLimit('bluesky', `${'👍🏽'.repeat(300)}a`)).toBe(false);
  });
});

describe('TikTok: UTF-16 code units', () => {
  it('counts an emoji outside the BMP as two: 1,100 fit, 1,101 do not', () => {
    expect(measurePostLength('tiktok', 'Olá 🎬')).toBe(6);
    expect(fitsPlatformLimit('tiktok', '🎬'.repeat(1100))).toBe(true);
    expect(fitsPlatformLimit('tiktok', '🎬'.repeat(1101))).toBe(false);
    expect(fitsPlatformLimit('tiktok', 'a'.repeat(2200))).toBe(true);
  });
});
