// Facet detection: what becomes a link, a mention or a tag, and its UTF-8 byte range (accents and
// emojis before a facet move its bytes, not its characters).
import { describe, expect, it } from 'vitest';
import { detectFacets, firstLink, mentionedHandles } from './facets.js';

const utf8 = new TextEncoder();
const slice = (text: string, start: number, end: number) =>
  new TextDecoder().decode(utf8.encode(text).slice(start, end));

describe('Bluesky facets', () => {
  it('counts bytes, not characters: "ação 👍🏽 " before a link moves it by 16 bytes', () => {
    const text = 'ação 👍🏽 https://a.com.br/x';
    const [facet] = detectFacets(text, new Map());
    expect(facet?.index).toEqual({ byteStart: 16, byteEnd: 16 + 'https://a.com.br/x'.length });
    expect(slice(text, facet!.index.byteStart, facet!.index.byteEnd)).toBe('https://a.com.br/x');
  });

  it('leaves the sentence’s final punctuation out of a link and a tag', () => {
    const text = 'Veja (https://a.com/b?c=1). Ótimo #dica!';
    expect(detectFacets(text, new Map()).map((f) => slice(text, f.index.byteStart, f.index.byteEnd))).toEqual(
      ['https://a.com/b?c=1', '#dica'],
    );
    expect(firstLink(text)).toBe('https://a.com/b?c=1');
  });

  it('mentions only resolved handles; e-mails, numbers-only tags and tags inside links are no facets', () => {
    const text =
      'Oi @ana.bsky.social e @sem.conta, escreva para ana@exemplo.com #2026 #sp2026 https://x.com/#frag';
    expect(mentionedHandles(text)).toEqual(['ana.bsky.social', 'sem.conta']);
    const facets = detectFacets(text, new Map([['ana.bsky.social', 'did:plc:ana']]));
    expect(
      facets.map((f) => [slice(text, f.index.byteStart, f.index.byteEnd), f.features[0]?.$type]),
    ).toEqual([
      ['@ana.bsky.social', 'app.bsky.richtext.facet#mention'],
      ['#sp2026', 'app.bsky.richtext.facet#tag'],
      ['https://x.com/#frag', 'app.bsky.richtext.facet#link'],
    ]);
  });

  it('drops a tag over 64 characters', () => {
    expect(detectFacets(`#${'a'.repeat(65)} #ok`, new Map()).map((f) => f.features[0])).toEqual([
      { $type: 'app.bsky.richtext.facet#tag', tag: 'ok' },
    ]);
  });
});
