// Length checks for drafted posts: a post must fit EVERY network it may be stored for (X in
// weighted characters, the others in code points), so one text can go to any of them.
import { fitsPlatformLimit, INPUT_LIMITS, type Platform } from '@pauta/core';

const sentences = new Intl.Segmenter('pt-BR', { granularity: 'sentence' });

export function fitsAll(text: string, platforms: readonly Platform[]): boolean {
  return platforms.every((platform) => fitsPlatformLimit(platform, text));
}

/** Trims surrounding space, normalises to NFC and drops control characters (keeps line breaks). */
export function cleanText(text: string): string {
  return (
    text
      .normalize('NFC')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\r\n?/g, '\n')
      .trim()
  );
}

/**
 * The longest run of whole leading sentences that fits, or null when not even the first sentence
 * does (the caller then drops the post: a sentence cut mid-way reads as an error).
 */
export function trimToSentences(text: string, platforms: readonly Platform[]): string | null {
  if (fitsAll(text, platforms)) return text;
  let kept = '';
  for (const { segment } of sentences.segment(text)) {
    const next = kept + segment;
    if (!fitsAll(next.trimEnd(), platforms)) break;
    kept = next;
  }
  const result = kept.trimEnd();
  return result === '' ? null : result;
}

/** Last resort for our own templates: whole words, then characters, with an ellipsis. */
export function truncateToFit(text: string, platforms: readonly Platform[]): string {
  if (fitsAll(text, platforms)) return text;
  const words = text.split(/\s+/);
  while (words.length > 1) {
    words.pop();
    const candidate = `${words.join(' ').replace(/[\s,.;:!?-]+$/u, '')}…`;
    if (fitsAll(candidate, platforms)) return candidate;
  }
  const chars = [...text];
  while (chars.length > 0) {
    chars.pop();
    const candidate = `${chars.join('')}…`;
    if (fitsAll(candidate, platforms)) return candidate;
  }
  return '';
}

/** A title within the stored title limit (UTF-16 units), cut at a word with an ellipsis when longer. */
export function fitTitle(title: string): string {
  const clean = cleanText(title).replace(/\s+/g, ' ');
  if (clean.length <= INPUT_LIMITS.postTitle) return clean;
  let cut = '';
  for (const char of clean) {
    if (cut.length + char.length > INPUT_LIMITS.postTitle - 1) break;
    cut += char;
  }
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
