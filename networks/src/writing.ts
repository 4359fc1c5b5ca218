// How a network's posts are written (descriptor `writing`): the style guide the AI prompts give,
// what a post costs in output tokens, and the voice of the local fallback drafts. Read by
// server/src/ai (prompt.ts, adapt.ts, templates.ts); the text is pt-BR, sent as is.
import type { Platform } from '@pauta/core';

/** Leads, closes and shape of the local fallback drafts in the network's voice. */
export interface WritingTemplate {
  /** Five openings; post i takes lead i mod 5. */
  readonly leads: readonly ((name: string) => string)[];
  /** Five closings; post i takes close (i + ⌊i/5⌋) mod 5: 15 posts, 15 different pairs. */
  readonly closes: readonly string[];
  /** Text between paragraphs. */
  readonly joiner: string;
  /** How much of the theme's description a post carries (code points). */
  readonly excerptChars: number;
  /** Whether the post ends with hashtags (the theme's, plus two general ones). */
  readonly hashtags: boolean;
}

export interface NetworkWriting {
  /** One line of the prompts' "Estilo de cada rede", starting with the network's id. */
  readonly guide: string;
  /**
   * Output tokens a post costs at most: its base text when this is the tightest network of the
   * request, and its own version. Generous on purpose: chunks and `max_tokens` are sized from it.
   */
  readonly tokens: { readonly base: number; readonly version: number };
  /** `max_tokens` of an adaptation to this network. */
  readonly adaptMaxTokens: number;
  /** pt-BR: how long the base text should be when this is the tightest network of a request. */
  lengthTarget(limit: number, format: (value: number) => string): string;
  readonly template: WritingTemplate;
}

/**
 * A long-form network's sizing (LinkedIn, Facebook, Instagram): about 350 output tokens a version
 * (LinkedIn's 900 characters are ~260 tokens of pt-BR), 400 for the base text, whose target is 300
 * to 1,200 characters, never past the limit.
 */
export const LONG_FORM: Pick<NetworkWriting, 'tokens' | 'adaptMaxTokens' | 'lengthTarget'> = {
  tokens: { base: 400, version: 350 },
  adaptMaxTokens: 2500,
  lengthTarget: (limit, format) =>
    `idealmente entre 300 e ${format(Math.min(1200, limit))} caracteres, nunca mais de ${format(limit)}`,
};

/** A short network's sizing (Mastodon): ~220 output tokens for its base text, 200 a version. */
export const SHORT_FORM: Pick<NetworkWriting, 'tokens' | 'adaptMaxTokens'> = {
  tokens: { base: 220, version: 200 },
  adaptMaxTokens: 900,
};

/**
 * The order the prompts list the networks' guides in. Part of the prompts' text: a change here
 * changes every prompt (a new network goes last).
 */
export const WRITING_GUIDE_ORDER: readonly Platform[] = [
  'x',
  'linkedin',
  'facebook',
  'instagram',
  'threads',
  'linkedin_page',
  'mastodon',
  'bluesky',
  'pinterest',
  'google_business',
  'tiktok',
];
