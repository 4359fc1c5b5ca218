// Rich text of a Bluesky post (https://docs.bsky.app/docs/advanced-guides/post-richtext): links,
// mentions and hashtags are not parsed by the network from the text; the post carries `facets`,
// each a UTF-8 **byte** range (`index.byteStart`/`byteEnd`, end exclusive) and a feature:
// `app.bsky.richtext.facet#link` { uri }, `#mention` { did } (the handle resolved with
// `com.atproto.identity.resolveHandle`; an unknown handle stays plain text), `#tag` { tag }
// (without the #, at most 64 characters). Detection follows the official client's rules.

const utf8 = new TextEncoder();

export type FacetFeature =
  | { $type: 'app.bsky.richtext.facet#link'; uri: string }
  | { $type: 'app.bsky.richtext.facet#mention'; did: string }
  | { $type: 'app.bsky.richtext.facet#tag'; tag: string };

export interface Facet {
  index: { byteStart: number; byteEnd: number };
  features: FacetFeature[];
}

/** A span of the text found by detection, in UTF-16 indices (before the byte conversion). */
interface Span {
  start: number;
  end: number;
  kind: 'link' | 'mention' | 'tag';
  value: string;
}

const LINK = /(^|[\s(])(https?:\/\/[^\s<>"]+)/giu;
const MENTION = /(^|[\s(])@([a-z0-9][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+)/giu;
// A tag: after a space or the start, # then at least one character that is not a digit, space or
// punctuation (#2026 is not a tag; #sp2026 is).
const TAG = /(^|\s)[#＃]([^\s#＃]*[^\d\s\p{P}#＃][^\s#＃]*)/gu;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/u;
export const TAG_MAX = 64;

function spans(text: string): Span[] {
  const found: Span[] = [];
  for (const match of text.matchAll(LINK)) {
    const uri = match[2]!.replace(TRAILING_PUNCTUATION, '');
    const start = match.index + match[1]!.length;
    found.push({ start, end: start + uri.length, kind: 'link', value: uri });
  }
  for (const match of text.matchAll(MENTION)) {
    const handle = match[2]!.replace(/[.-]+$/u, '');
    const start = match.index + match[1]!.length;
    found.push({ start, end: start + 1 + handle.length, kind: 'mention', value: handle.toLowerCase() });
  }
  for (const match of text.matchAll(TAG)) {
    const tag = match[2]!.replace(TRAILING_PUNCTUATION, '');
    if (tag === '' || [...tag].length > TAG_MAX) continue;
    const start = match.index + match[1]!.length;
    found.push({ start, end: start + 1 + tag.length, kind: 'tag', value: tag });
  }
  // A mention or tag inside a link (https://x.com/@a#b) belongs to the link.
  found.sort((a, b) => a.start - b.start || (a.kind === 'link' ? -1 : 1));
  const kept: Span[] = [];
  for (const span of found) if (kept.every((other) => span.start >= other.end)) kept.push(span);
  return kept;
}

/** The first link of the text (its link card), or null. */
export function firstLink(text: string): string | null {
  return spans(text).find((span) => span.kind === 'link')?.value ?? null;
}

/** Every handle the text mentions (to resolve to DIDs). */
export function mentionedHandles(text: string): string[] {
  return [...new Set(spans(text).flatMap((span) => (span.kind === 'mention' ? [span.value] : [])))];
}

/**
 * The facets of `text`: byte ranges over its UTF-8 encoding. `dids` maps a mentioned handle to
 * its DID; a mention without one is left as plain text (Bluesky would show it unlinked anyway).
 */
export function detectFacets(text: string, dids: ReadonlyMap<string, string>): Facet[] {
  const byteAt = (index: number) => utf8.encode(text.slice(0, index)).length;
  return spans(text).flatMap((span): Facet[] => {
    let feature: FacetFeature;
    if (span.kind === 'link') feature = { $type: 'app.bsky.richtext.facet#link', uri: span.value };
    else if (span.kind === 'tag') feature = { $type: 'app.bsky.richtext.facet#tag', tag: span.value };
    else {
      const did = dids.get(span.value);
      if (did === undefined) return [];
      feature = { $type: 'app.bsky.richtext.facet#mention', did };
    }
    return [{ index: { byteStart: byteAt(span.start), byteEnd: byteAt(span.end) }, features: [feature] }];
  });
}
