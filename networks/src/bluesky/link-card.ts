// Bluesky's link card (`app.bsky.embed.external`): unlike other networks, Bluesky does not build a
// preview of a link itself — the post carries it. Pauta reads the first link's page (at most
// 1 MB, through the guarded reader, `AdapterOptions.fetchLinkPage`), takes its title, description
// and image (Open Graph, else <title> and the meta description), and uploads the image as the
// card's `thumb` blob when it is a JPEG, PNG or WebP of at most 1,000,000 bytes. Best effort: a
// page that cannot be read gives no card, never a failed post.
import type { LinkPageFetcher } from '../publishing/types.js';

const PAGE_MAX_BYTES = 1_000_000;
const THUMB_MAX_BYTES = 1_000_000;
const THUMB_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 1000;

export interface LinkCard {
  uri: string;
  title: string;
  description: string;
  thumb: { mimeType: string; bytes: Uint8Array } | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function clip(text: string, max: number): string {
  const points = [...text.replace(/\s+/gu, ' ').trim()];
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : points.join('');
}

/** The content of `<meta property|name="key" content="…">`, either attribute order. */
function meta(html: string, key: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/giu) ?? []) {
    const name = /\b(?:property|name)\s*=\s*["']([^"']+)["']/iu.exec(tag)?.[1];
    if (name?.toLowerCase() !== key) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/iu.exec(tag);
    const value = content?.[1] ?? content?.[2];
    if (value !== undefined) return decodeEntities(value);
  }
  return null;
}

/** Title, description and image of an HTML page (Open Graph first). */
export function readPageMeta(
  html: string,
  pageUrl: string,
): { title: string; description: string; image: string | null } {
  const title =
    meta(html, 'og:title') ?? decodeEntities(/<title[^>]*>([^<]*)<\/title>/iu.exec(html)?.[1] ?? '');
  const description = meta(html, 'og:description') ?? meta(html, 'description') ?? '';
  const image = meta(html, 'og:image');
  let imageUrl: string | null = null;
  if (image) {
    try {
      const resolved = new URL(image, pageUrl);
      if (resolved.protocol === 'https:' || resolved.protocol === 'http:') imageUrl = resolved.toString();
    } catch {
      imageUrl = null;
    }
  }
  return { title: clip(title, TITLE_MAX), description: clip(description, DESCRIPTION_MAX), image: imageUrl };
}

/** The card of `uri`, or null when its page cannot be read as HTML. */
export async function buildLinkCard(uri: string, fetchPage: LinkPageFetcher): Promise<LinkCard | null> {
  const page = await fetchPage(uri, { maxBytes: PAGE_MAX_BYTES });
  if (page === null || !/^(text\/html|application\/xhtml\+xml)$/u.test(page.contentType)) return null;
  const { title, description, image } = readPageMeta(new TextDecoder().decode(page.bytes), page.url);
  let thumb: LinkCard['thumb'] = null;
  if (image !== null) {
    const picture = await fetchPage(image, { maxBytes: THUMB_MAX_BYTES });
    if (picture !== null && THUMB_TYPES.includes(picture.contentType))
      thumb = { mimeType: picture.contentType, bytes: picture.bytes };
  }
  return { uri, title: title || new URL(uri).hostname, description, thumb };
}
