// The PDF's images (docs/reports.md "The PDF"): WebP thumbnails and the logo from media storage
// become JPEG/PNG for pdfkit; a missing or broken image is left out, never a failed report; the
// PDF draws them (an image XObject per picture).
import { MediaNotFoundError, type MediaStorage } from '@pauta/db';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ReportData, ReportPost } from './report-data.js';
import { loadReportImages } from './report-images.js';
import { renderReportPdf } from './report-pdf.js';

function memoryStorage(objects: Record<string, Buffer>): MediaStorage {
  return {
    kind: 'local',
    put: async () => undefined,
    get: async (key) => {
      const bytes = objects[key];
      if (!bytes) throw new MediaNotFoundError(key);
      return bytes;
    },
    delete: async () => undefined,
    signedUrl: async (key) => key,
    size: async (key) => objects[key]?.length ?? 0,
    readRange: async (key, start, end) => (objects[key] ?? Buffer.alloc(0)).subarray(start, end),
    openRead: async () => {
      throw new Error('reports read images whole');
    },
    copy: async () => {
      throw new Error('reports write nothing');
    },
    resumable: {
      begin: async () => {
        throw new Error('reports write nothing');
      },
      append: async () => {
        throw new Error('reports write nothing');
      },
      finish: async () => undefined,
      abort: async () => undefined,
    },
  };
}

const c = (current: number | null) => ({ current, previous: null, changePct: null });
const post = (thumbKey: string | null): ReportPost => ({
  id: crypto.randomUUID(),
  title: 'Post',
  content: 'Texto',
  url: null,
  publishedAt: '2026-10-02T12:00:00.000Z',
  reach: 10,
  likes: 1,
  comments: 0,
  engagement: 2,
  thumbKey,
  altText: null,
});

function data(logoKey: string | null, keys: (string | null)[]): ReportData {
  return {
    client: { name: 'Padaria Aurora', color: '#aa3300', logoKey },
    period: { from: '2026-10-01', to: '2026-10-31' },
    previous: { from: '2026-09-01', to: '2026-09-30' },
    timeZone: 'America/Sao_Paulo',
    summary: {
      published: c(2),
      planned: c(2),
      reach: c(20),
      engagement: c(2),
      followerGrowth: c(null),
      followers: null,
    },
    networks: [
      {
        platform: 'linkedin',
        label: 'LinkedIn',
        published: c(2),
        planned: c(2),
        reach: c(20),
        likes: c(2),
        comments: c(0),
        engagement: c(2),
        followers: { start: null, end: null, growth: c(null) },
        best: keys.slice(0, 2).map(post),
        worst: keys.slice(2).map(post),
      },
    ],
    cadence: [],
    bestTimes: [],
    approval: null,
  };
}

describe('loadReportImages', () => {
  it('converts WebP thumbnails to JPEG and the logo to PNG; skips what is missing or broken', async () => {
    const webp = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c0392b' } })
      .webp()
      .toBuffer();
    const logo = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0000ff80' } })
      .webp()
      .toBuffer();
    const storage = memoryStorage({
      'posts/a-thumb.webp': webp,
      'posts/broken.webp': Buffer.from('nada'),
      'logos/l.webp': logo,
    });
    const warnings: unknown[] = [];
    const input = data('logos/l.webp', [
      'posts/a-thumb.webp',
      'posts/missing.webp',
      'posts/broken.webp',
      null,
    ]);
    const images = await loadReportImages(
      { storage, logger: { warn: (o: unknown) => warnings.push(o) } },
      input,
    );
    expect([...images.thumbs.keys()]).toEqual(['posts/a-thumb.webp']);
    const thumb = images.thumbs.get('posts/a-thumb.webp')!;
    expect(thumb.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await sharp(thumb).metadata()).width).toBe(160);
    expect(images.logo?.subarray(1, 4).toString()).toBe('PNG');
    expect(warnings).toHaveLength(1);

    // The PDF draws them: one more image per picture (logo, thumbnail) than without them.
    const imagesIn = async (withImages: boolean) => {
      const pdf = await renderReportPdf({
        data: input,
        analysis: { source: 'local', text: 'Análise.' },
        note: null,
        logo: withImages ? images.logo : null,
        thumbs: withImages ? images.thumbs : new Map(),
        generatedAt: new Date('2026-11-01T12:00:00Z'),
      });
      return pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    };
    expect(await imagesIn(false)).toBe(0);
    // The logo (PNG with alpha: an image and its soft mask) and the thumbnail (JPEG).
    expect(await imagesIn(true)).toBe(3);
  });
});
