// A status's `content` is HTML (Mastodon renders the text: paragraphs, line breaks, links split
// into invisible/ellipsis spans, mentions and hashtags as links): back to plain text, for matching
// a status against the text Pauta sent (lookupRecentPost).
import { stringField } from '../publishing/http.js';
import type { ListedPost } from '../publishing/lookup.js';

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

export function statusText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

/** A status of the account's listing as the lookups compare it: its text back from the HTML. */
export function listedStatus(status: Record<string, unknown>): ListedPost | null {
  const id = stringField(status, 'id');
  if (id === null) return null;
  const content = stringField(status, 'content');
  const at = Date.parse(stringField(status, 'created_at') ?? '');
  return {
    id,
    text: content === null ? null : statusText(content),
    createdAt: Number.isNaN(at) ? null : new Date(at),
    url: stringField(status, 'url'),
  };
}
