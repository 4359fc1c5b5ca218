/**
 * Post length as each network counts it. X counts "weighted" characters (twitter-text v3):
 * Latin and common punctuation weigh 1, other scripts (CJK, ...) and emoji weigh 2, and every
 * URL weighs 23 because X shortens it. Threads counts an emoji as its UTF-8 bytes, Bluesky counts
 * graphemes, TikTok UTF-16 code units. The others count Unicode code points.
 */
import {
  EMOJI_BYTES_PLATFORMS,
  GRAPHEME_PLATFORMS,
  PLATFORM_TEXT_LIMITS,
  type Platform,
  URL_RESERVED_PLATFORMS,
  UTF16_PLATFORMS,
  X_WEIGHTED_PLATFORMS,
} from '../constants/platforms.js';

/** Code point ranges weighing 1 on X; everything else weighs 2. */
const X_LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
const X_URL_WEIGHT = 23;
const X_EMOJI_WEIGHT = 2;

// http(s) links and bare www. links; X also shortens bare domains, which this approximation
// counts as plain text (at most a slight undercount of the weight, never an overcount).
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function codePointWeight(codePoint: number): number {
  for (const [from, to] of X_LIGHT_RANGES) {
    if (codePoint >= from && codePoint <= to) return 1;
  }
  return 2;
}

function weightOfPlainText(text: string): number {
  let weight = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (EMOJI.test(segment)) {
      weight += X_EMOJI_WEIGHT;
      continue;
    }
    for (const char of segment) weight += codePointWeight(char.codePointAt(0)!);
  }
  return weight;
}

/** Weighted length of a text as X counts it against its 280 limit. */
export function measureXLength(text: string): number {
  const normalized = text.normalize('NFC');
  let weight = 0;
  let last = 0;
  for (const match of normalized.matchAll(URL_PATTERN)) {
    weight += weightOfPlainText(normalized.slice(last, match.index)) + X_URL_WEIGHT;
    last = match.index + match[0].length;
  }
  return weight + weightOfPlainText(normalized.slice(last));
}

const utf8 = new TextEncoder();

/**
 * Length of a text as Threads counts it against its 500 (docs, "Text posts are limited to 500
 * characters. Emojis are counted as the number of UTF-8 bytes"): an emoji grapheme — with its
 * variation selectors, skin tones and joiners — counts its UTF-8 bytes (😀 4, ❤️ 6, 👍🏽 8), every
 * other character one per code point.
 */
export function measureEmojiBytesLength(text: string): number {
  let length = 0;
  for (const { segment } of graphemes.segment(text)) {
    length += EMOJI.test(segment) ? utf8.encode(segment).length : [...segment].length;
  }
  return length;
}

/** Mastodon's `characters_reserved_per_url` by default (each instance declares its own). */
export const MASTODON_URL_LENGTH = 23;
// Mastodon's own patterns, simplified: an http(s) link, and a remote mention `@user@domain`.
const MASTODON_URL = /\bhttps?:\/\/[^\s<>"]+/giu;
const MASTODON_REMOTE_MENTION = /(^|[^\p{L}\p{N}_/])@(\w+)@[\w.-]+\w/gu;

/**
 * Length of a status as Mastodon counts it against the instance's `max_characters` (its
 * StatusLengthValidator): every http(s) link counts `urlLength` characters (the instance's
 * `characters_reserved_per_url`, 23) whatever its length, a remote mention `@user@domain` counts
 * its `@user` part, everything else one per grapheme.
 */
export function measureMastodonLength(text: string, urlLength: number = MASTODON_URL_LENGTH): number {
  let links = 0;
  const rest = text
    .replace(MASTODON_URL, () => {
      links += 1;
      return '';
    })
    .replace(MASTODON_REMOTE_MENTION, (_match, before: string, user: string) => `${before}@${user}`);
  return measureGraphemeLength(rest) + links * urlLength;
}

/**
 * Length of a text in graphemes (Intl.Segmenter), as Bluesky counts its 300: 👍🏽, 🇧🇷 and an
 * accented letter written with a combining mark each count one.
 */
export function measureGraphemeLength(text: string): number {
  let length = 0;
  for (const _ of graphemes.segment(text)) length += 1;
  return length;
}

/** Length of a post as the given network counts it. */
export function measurePostLength(platform: Platform, text: string): number {
  if (X_WEIGHTED_PLATFORMS.includes(platform)) return measureXLength(text);
  if (URL_RESERVED_PLATFORMS.includes(platform)) return measureMastodonLength(text);
  if (EMOJI_BYTES_PLATFORMS.includes(platform)) return measureEmojiBytesLength(text);
  if (GRAPHEME_PLATFORMS.includes(platform)) return measureGraphemeLength(text);
  // TikTok: JavaScript's own length, UTF-16 code units.
  if (UTF16_PLATFORMS.includes(platform)) return text.length;
  return [...text].length;
}

/** Characters left before the network's limit (negative when over it). */
export function remainingPostLength(platform: Platform, text: string): number {
  return PLATFORM_TEXT_LIMITS[platform] - measurePostLength(platform, text);
}

export function fitsPlatformLimit(platform: Platform, text: string): boolean {
  return remainingPostLength(platform, text) >= 0;
}

/**
 * Whether a text carries a link as X sees one (the same pattern its weighted length counts at 23):
 * X charges a post with a link more (docs/preflight.md).
 */
export function containsLink(text: string): boolean {
  return new RegExp(URL_PATTERN.source, URL_PATTERN.flags).test(text);
}
