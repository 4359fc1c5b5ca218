// checkMedia reads the network's one definition of its image limits (networks/src/<network>/media.ts,
// exposed as the descriptor's `mediaLimits`): the same values the upload validation applies.
import { PLATFORMS, type Platform } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { mediaLimitsOf, NETWORKS } from '../registry.js';
import { checkMedia } from './media.js';
import { jpegImage, testMedia } from './test-images.js';
import type { PublishMedia } from './types.js';

const ctx = (platform: Platform) => ({ platform, secrets: [] });

function jpeg(width: number, height: number, bytes = 512): PublishMedia {
  return {
    mimeType: 'image/jpeg',
    altText: '',
    width,
    height,
    bytes: jpegImage(width, height, 1, bytes),
    url: 'http://127.0.0.1:9/media/1.jpg',
  };
}

function refusal(platform: Platform, media: PublishMedia[]) {
  const error = checkMedia(ctx(platform), mediaLimitsOf(platform), media);
  if (error === null) throw new Error('expected a refusal');
  expect(error).toMatchObject({ kind: 'permanent', code: 'REJECTED' });
  return { code: error.details.networkCode, reason: error.details.reason };
}

describe('checkMedia against each network’s limits (one definition)', () => {
  it('the descriptor exposes the per-network definition, with the fields checkMedia needs', () => {
    for (const platform of PLATFORMS) {
      const limits = mediaLimitsOf(platform);
      expect(limits).toBe(NETWORKS[platform].mediaLimits);
      expect(limits.formats.length).toBeGreaterThan(0);
      // Google Business Profile's post takes one photo; every other network at least 4.
      expect(limits.maxImages, platform).toBeGreaterThanOrEqual(platform === 'google_business' ? 1 : 4);
    }
    expect(mediaLimitsOf('linkedin').maxPixels).toBe(36_152_320);
  });

  it('an image exactly at each network’s byte limit passes; one byte more is refused, naming network and limit', () => {
    const expected: Record<Platform, string> = {
      linkedin: 'o LinkedIn aceita até 5 MB',
      facebook: 'o Facebook aceita até 4 MB',
      x: 'o X (Twitter) aceita até 5 MB',
      instagram: 'o Instagram aceita até 8 MB',
      threads: 'o Threads aceita até 8 MB',
      linkedin_page: 'o LinkedIn (Página) aceita até 5 MB',
      mastodon: 'o Mastodon aceita até 8 MB',
      bluesky: 'o Bluesky aceita até 977 KB',
      pinterest: 'o Pinterest aceita até 20 MB',
      google_business: 'o Google Meu Negócio aceita até 5 MB',
      tiktok: 'o TikTok aceita até 20 MB',
    };
    for (const platform of PLATFORMS) {
      const max = mediaLimitsOf(platform).maxBytes;
      const base = jpeg(1080, 1080, 256);
      const header = base.bytes.byteLength - 256 - 2;
      const atLimit = jpeg(1080, 1080, max - header - 2);
      expect(atLimit.bytes.byteLength).toBe(max);
      expect(checkMedia(ctx(platform), mediaLimitsOf(platform), [atLimit])).toBeNull();
      const over = jpeg(1080, 1080, max - header - 1);
      const { code, reason } = refusal(platform, [over]);
      expect(code).toBe('MEDIA_TOO_LARGE');
      expect(reason).toContain(expected[platform]);
    }
  });

  it('more images than the network takes is refused with its count', () => {
    expect(refusal('x', testMedia(5))).toEqual({
      code: 'MEDIA_COUNT',
      reason: 'O X (Twitter) aceita no máximo 4 imagens por post; este tem 5. Remova imagens e reagende.',
    });
    expect(checkMedia(ctx('facebook'), mediaLimitsOf('facebook'), testMedia(10))).toBeNull();
    expect(refusal('facebook', testMedia(11)).code).toBe('MEDIA_COUNT');
  });

  it('X: a GIF must be the only image', () => {
    const gif = { ...testMedia(1)[0]!, mimeType: 'image/gif' };
    expect(checkMedia(ctx('x'), mediaLimitsOf('x'), [gif])).toBeNull();
    expect(refusal('x', [gif, ...testMedia(1)])).toEqual({
      code: 'MEDIA_GIF_ALONE',
      reason:
        'No X (Twitter), um GIF precisa ser a única imagem do post; este tem 2 imagens. Remova imagens e reagende.',
    });
    // LinkedIn has no such rule.
    expect(checkMedia(ctx('linkedin'), mediaLimitsOf('linkedin'), [gif, ...testMedia(1)])).toBeNull();
  });

  it('LinkedIn: more pixels than the Images API takes is refused, naming the megapixels', () => {
    expect(checkMedia(ctx('linkedin'), mediaLimitsOf('linkedin'), [jpeg(6016, 6009)])).toBeNull();
    expect(refusal('linkedin', [jpeg(6016, 6010)])).toEqual({
      code: 'MEDIA_TOO_LARGE',
      reason:
        'A imagem 1 tem 6016×6010 pixels, mais do que o LinkedIn aceita (36 megapixels). Troque a imagem e reagende.',
    });
    // The other networks declare no pixel limit.
    expect(checkMedia(ctx('x'), mediaLimitsOf('x'), [jpeg(6016, 6010)])).toBeNull();
  });

  it('Instagram: the width and the ratio from its definition, with its labels', () => {
    expect(refusal('instagram', [jpeg(300, 300)])).toEqual({
      code: 'MEDIA_TOO_SMALL',
      reason:
        'A imagem 1 tem 300 px de largura, e o Instagram exige pelo menos 320 px. Troque a imagem e reagende.',
    });
    expect(checkMedia(ctx('instagram'), mediaLimitsOf('instagram'), [jpeg(1080, 1350)])).toBeNull();
    expect(checkMedia(ctx('instagram'), mediaLimitsOf('instagram'), [jpeg(1079, 1350)])).toBeNull();
    expect(checkMedia(ctx('instagram'), mediaLimitsOf('instagram'), [jpeg(1910, 1000)])).toBeNull();
    expect(refusal('instagram', [jpeg(1080, 1920)])).toEqual({
      code: 'MEDIA_ASPECT',
      reason:
        'A imagem 1 tem proporção 1080×1920, e o Instagram só aceita de 4:5 (retrato) a 1,91:1 (paisagem). Recorte a imagem e reagende.',
    });
    // X takes the same tall image.
    expect(checkMedia(ctx('x'), mediaLimitsOf('x'), [jpeg(1080, 1920)])).toBeNull();
  });

  it('a format the network does not take is named with the accepted ones', () => {
    const webp = { ...testMedia(1)[0]!, mimeType: 'image/webp' };
    expect(checkMedia(ctx('x'), mediaLimitsOf('x'), [webp])).toBeNull();
    expect(refusal('facebook', [webp])).toEqual({
      code: 'MEDIA_TYPE',
      reason: 'A imagem 1 está em WebP, e o Facebook só aceita JPEG, PNG, GIF. Troque a imagem e reagende.',
    });
  });
});
