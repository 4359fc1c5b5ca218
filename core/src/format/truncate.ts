/** Shortening of titles and previews for display (log titles: 50, schedule preview: 100). */

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/**
 * `text` cut to its first `max` characters plus '…' when it is longer than `max`; unchanged
 * otherwise. Characters are user-perceived ones (grapheme clusters), so an emoji or an accent
 * is never split, and the whitespace before the cut is dropped ('Olá mundo…', not 'Olá …').
 * The ellipsis is not counted in `max`: `max` characters of the text are always shown.
 * Throws RangeError unless `max` is a non-negative integer.
 */
export function truncate(text: string, max: number): string {
  if (!Number.isInteger(max) || max < 0)
    throw new RangeError(`max must be a non-negative integer, got ${max}`);
  // Cheap exit: a string with no more UTF-16 units than `max` has no more graphemes either.
  if (text.length <= max) return text;
  let kept = '';
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (count === max) return `${kept.trimEnd()}${ELLIPSIS}`;
    kept += segment;
    count++;
  }
  return text;
}
