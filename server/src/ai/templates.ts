// The spec's local fallback drafts (§7): five title templates, and bodies filled with the theme's
// name and description in each network's voice, a random network of the theme, sequential
// post_order. Each network's body fits that network's limit (the description shrinks first).
import type { Platform } from '@pauta/core';
import type { DraftPost } from '@pauta/core/schemas/theme';
import { networkDescriptor } from '@pauta/networks';
import { cleanText, fitsAll, fitTitle, truncateToFit } from './fit.js';

export type { DraftPost };

const TITLE_TEMPLATES: readonly ((name: string) => string)[] = [
  (name) => `${name}: o que você precisa saber`,
  (name) => `Dicas práticas sobre ${name}`,
  (name) => `Por que vale a pena falar de ${name}`,
  (name) => `${name} na prática`,
  (name) => `Vamos conversar sobre ${name}?`,
];

const EXTRA_HASHTAGS = ['#dicas', '#conteudo', '#aprendizado', '#inspiracao', '#novidades'] as const;

/**
 * `#CamelCase` of the theme name (letters and digits only), plus two rotating general tags: three
 * hashtags, what Instagram's guide in prompt.ts (NETWORK_GUIDES) asks of the AI too.
 */
function hashtagsFor(name: string, index: number): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const tag = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  const own = tag === '' ? [] : [`#${[...tag].slice(0, 60).join('')}`];
  const extra = (offset: number) => EXTRA_HASHTAGS[(index + offset) % EXTRA_HASHTAGS.length]!;
  return [...own, extra(0), extra(1)].join(' ');
}

const sentences = new Intl.Segmenter('pt-BR', { granularity: 'sentence' });

/** The description's first sentences, up to about 220 characters, ending in punctuation. */
export function descriptionExcerpt(description: string, maxChars = 220): string {
  const clean = cleanText(description).replace(/\s+/g, ' ');
  if (clean === '') return '';
  let out = '';
  for (const { segment } of sentences.segment(clean)) {
    if ([...(out + segment).trimEnd()].length > maxChars) break;
    out += segment;
  }
  out = out.trimEnd();
  if (out === '') {
    const words = clean.split(' ');
    for (const word of words) {
      if ([...`${out} ${word}`].length > maxChars - 1) break;
      out = out === '' ? word : `${out} ${word}`;
    }
    return out === '' ? '' : `${out.replace(/[\s,.;:!?-]+$/u, '')}…`;
  }
  return /[.!?…]$/u.test(out) ? out : `${out}.`;
}

/** A network of the theme, chosen by `random` (0 ≤ r < 1). */
export function pickPlatform(platforms: readonly Platform[], random: () => number): Platform {
  const index = Math.min(platforms.length - 1, Math.max(0, Math.floor(random() * platforms.length)));
  return platforms[index]!;
}

/** The description's sentences, starting at sentence `index` (wrapping), as one string. */
function rotated(description: string, index: number): string {
  const clean = cleanText(description).replace(/\s+/g, ' ');
  const parts = [...sentences.segment(clean)].map(({ segment }) => segment.trim()).filter((p) => p !== '');
  if (parts.length <= 1) return clean;
  const start = index % parts.length;
  return [...parts.slice(start), ...parts.slice(0, start)].join(' ');
}

/**
 * Post `index`'s body for `platform`: its lead, the theme's description (from a rotating
 * sentence, cut to what the network leaves room for) and its close, in that network's voice.
 * The description shrinks first; lead and close stay, so bodies never repeat within a batch.
 */
export function networkBody(index: number, name: string, description: string, platform: Platform): string {
  // The network's voice (networks/src/<network>/writing.ts `template`).
  const style = networkDescriptor(platform).writing.template;
  const lead = style.leads[index % style.leads.length]!(name);
  const close = style.closes[(index + Math.floor(index / style.leads.length)) % style.closes.length]!;
  const tail = style.hashtags ? `${close}${style.joiner}${hashtagsFor(name, index)}` : close;
  const full = descriptionExcerpt(rotated(description, index), style.excerptChars);
  const compose = (excerpt: string) => [lead, excerpt, tail].filter((p) => p !== '').join(style.joiner);
  const only = [platform];
  if (fitsAll(compose(full), only)) return compose(full);
  // Shrink the description word by word (X: 280 weighted characters).
  const words = full.split(' ');
  while (words.length > 1) {
    words.pop();
    const excerpt = `${words.join(' ').replace(/[\s,.;:!?-]+$/u, '')}…`;
    if (fitsAll(compose(excerpt), only)) return compose(excerpt);
  }
  if (fitsAll(compose(''), only)) return compose('');
  return truncateToFit(lead, only);
}

/**
 * The local drafts: titles from five templates, and for each post one body per network of the
 * theme (`variants`); `content` is the body for the post's own (random) network.
 */
export function templatePosts(input: {
  themeName: string;
  themeDescription: string;
  platforms: readonly Platform[];
  count: number;
  random: () => number;
  /** The slot of the first post (1 unless these fill part of a larger request): sets the title and body used. */
  first?: number;
}): DraftPost[] {
  const name = cleanText(input.themeName).replace(/\s+/g, ' ') || 'seu tema';
  const offset = (input.first ?? 1) - 1;
  return Array.from({ length: input.count }, (_, n) => {
    const i = offset + n;
    const platform = pickPlatform(input.platforms, input.random);
    const variants = Object.fromEntries(
      input.platforms.map((p) => [p, networkBody(i, name, input.themeDescription, p)]),
    ) as Partial<Record<Platform, string>>;
    return {
      title: fitTitle(TITLE_TEMPLATES[i % TITLE_TEMPLATES.length]!(name)),
      content: variants[platform]!,
      variants,
      post_order: i + 1,
      platform,
    };
  });
}
