// Images are judged by their bytes and the post's network: the format comes from the magic
// numbers (a renamed text file is refused), EXIF and GPS never survive, Instagram gets JPEG in its
// aspect ratio, and each network's size limit is named in the refusal.
import { randomBytes } from 'node:crypto';
import { MEDIA_UPLOAD_MAX_BYTES, mediaRejectionMessage, PLATFORMS } from '@pauta/core';
import { checkMedia, mediaLimitsOf } from '@pauta/networks';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  checkAgainstOthers,
  MediaRejectedError,
  processImage,
  processUpload,
  sniffImageType,
} from './process-image.js';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** Random pixels: big files that compress badly (for the size limits). */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaRejectedError) return error.rejection;
    throw error;
  }
  throw new Error('a imagem deveria ter sido recusada');
}

describe('sniffImageType', () => {
  it('recognises the four formats by their first bytes, and nothing else', async () => {
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it('refuses a file that is not an image whatever it claims, and a truncated one', async () => {
    const text = Buffer.from('isto não é uma imagem, só tem extensão .jpg');
    expect(await rejection(processImage(text, 'x', mediaLimitsOf('x')))).toEqual({
      reason: 'UNSUPPORTED_TYPE',
    });
    const png = await solid(64, 64).png().toBuffer();
    const truncated = png.subarray(0, 40);
    expect(await rejection(processImage(truncated, 'x', mediaLimitsOf('x')))).toEqual({ reason: 'CORRUPT' });
  });

  it('strips EXIF (GPS included) and keeps the photo upright', async () => {
    // A portrait photo stored sideways: 40 × 20 pixels with orientation 6 (rotate 90° to view).
    const withGps = await solid(40, 20)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Make: 'PautaCam', Model: 'Teste' },
          IFD3: {
            GPSLatitudeRef: 'S',
            GPSLatitude: '23/1 33/1 0/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '46/1 38/1 0/1',
          },
        },
      })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif?.includes(Buffer.from('PautaCam'))).toBe(true);

    const out = await processImage(withGps, 'linkedin', mediaLimitsOf('linkedin'));
    const after = await sharp(out.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('PautaCam'))).toBe(false);
    expect(out.bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect([out.width, out.height]).toEqual([20, 40]);
    expect([after.width, after.height]).toEqual([20, 40]);
  });

  it('converts PNG and WebP to JPEG for Instagram, keeps PNG for X, WebP becomes JPEG on LinkedIn', async () => {
    const png = await solid(1080, 1080).png().toBuffer();
    const ig = await processImage(png, 'instagram', mediaLimitsOf('instagram'));
    expect(ig.mimeType).toBe('image/jpeg');
    expect(sniffImageType(ig.bytes)).toBe('image/jpeg');
    const x = await processImage(png, 'x', mediaLimitsOf('x'));
    expect(x.mimeType).toBe('image/png');
    const webp = await solid(800, 600).webp().toBuffer();
    expect((await processImage(webp, 'linkedin', mediaLimitsOf('linkedin'))).mimeType).toBe('image/jpeg');
    expect((await processImage(webp, 'x', mediaLimitsOf('x'))).mimeType).toBe('image/webp');
  });

  it('makes a WebP thumbnail at most 320 px wide', async () => {
    const out = await processImage(
      await solid(1600, 900).jpeg().toBuffer(),
      'facebook',
      mediaLimitsOf('facebook'),
    );
    const thumb = await sharp(out.thumb).metadata();
    expect(thumb.format).toBe('webp');
    expect([thumb.width, thumb.height]).toEqual([320, 180]);
  });

  it("holds Instagram's aspect ratio (4:5 to 1.91:1) and minimum width, naming the network", async () => {
    const tall = await solid(1000, 2000).jpeg().toBuffer();
    const refused = await rejection(processImage(tall, 'instagram', mediaLimitsOf('instagram')));
    expect(refused).toEqual({ reason: 'ASPECT_RATIO', platform: 'instagram', min: '4:5', max: '1,91:1' });
    expect(mediaRejectionMessage(refused as never)).toBe(
      'Instagram aceita imagens com proporção entre 4:5 (vertical) e 1,91:1 (horizontal). Recorte a imagem e tente de novo.',
    );
    // The same picture is fine on X.
    expect((await processImage(tall, 'x', mediaLimitsOf('x'))).height).toBe(2000);
    expect(
      await rejection(
        processImage(await solid(300, 300).jpeg().toBuffer(), 'instagram', mediaLimitsOf('instagram')),
      ),
    ).toEqual({
      reason: 'TOO_SMALL',
      platform: 'instagram',
      minWidth: 320,
    });
    expect(
      (await processImage(await solid(1080, 1350).jpeg().toBuffer(), 'instagram', mediaLimitsOf('instagram')))
        .width,
    ).toBe(1080);
  });

  it("refuses an image over the network's size limit with the limit in the message", async () => {
    const big = await noise(1400, 1400).png().toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const refused = await rejection(processImage(big, 'x', mediaLimitsOf('x')));
    expect(refused).toEqual({ reason: 'TOO_LARGE', platform: 'x', limitBytes: 5 * 1024 * 1024 });
    expect(mediaRejectionMessage(refused as never)).toBe(
      'X (Twitter) aceita imagens de até 5 MB. Reduza a imagem e tente de novo.',
    );
    const fb = await rejection(processImage(big, 'facebook', mediaLimitsOf('facebook')));
    expect(mediaRejectionMessage(fb as never)).toContain('até 4 MB');
  });

  it('refuses an animated GIF where the network takes no GIF, and keeps its frames where it does', async () => {
    const frames = Buffer.concat([
      await solid(40, 40).raw().toBuffer(),
      await sharp({ create: { width: 40, height: 40, channels: 3, background: 'blue' } })
        .raw()
        .toBuffer(),
    ]);
    // A real two-frame GIF: raw pixels of two stacked 40 × 40 pages.
    const animated = await sharp(frames, {
      raw: { width: 40, height: 80, channels: 3, pageHeight: 40 } as never,
    })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated, { animated: true }).metadata()).pages).toBe(2);
    const refused = await rejection(processImage(animated, 'instagram', mediaLimitsOf('instagram')));
    expect(refused).toMatchObject({
      reason: 'FORMAT_NOT_ACCEPTED',
      platform: 'instagram',
      format: 'GIF animado',
      accepted: ['JPEG'],
    });
    const x = await processImage(animated, 'x', mediaLimitsOf('x'));
    expect(x).toMatchObject({ mimeType: 'image/gif', animated: true, width: 40, height: 40 });
    expect((await sharp(x.bytes, { animated: true }).metadata()).pages).toBe(2);
    // A still GIF is simply converted for Instagram.
    const still = await solid(400, 400).gif().toBuffer();
    expect((await processImage(still, 'instagram', mediaLimitsOf('instagram'))).mimeType).toBe('image/jpeg');
  });
});

describe('one definition of the limits for upload and publishing', () => {
  it("refuses past the network's own pixel limit, naming the network and the megapixels", async () => {
    const limits = { ...mediaLimitsOf('linkedin'), maxPixels: 1_000_000 };
    const refused = await rejection(
      processImage(await solid(1001, 1000).jpeg().toBuffer(), 'linkedin', limits),
    );
    expect(refused).toEqual({ reason: 'TOO_MANY_PIXELS', platform: 'linkedin', limitPixels: 1_000_000 });
    expect(mediaRejectionMessage(refused as never)).toBe(
      'LinkedIn aceita imagens de até 1 megapixels. Reduza a resolução e tente de novo.',
    );
    expect((await processImage(await solid(1000, 1000).jpeg().toBuffer(), 'linkedin', limits)).width).toBe(
      1000,
    );
  });

  it('recompresses a photo over Bluesky’s 1,000,000 bytes into a JPEG that fits; refuses what never fits', async () => {
    const photo = await noise(1200, 1500).png().toBuffer();
    expect(photo.length).toBeGreaterThan(1_000_000);
    const out = await processImage(photo, 'bluesky', mediaLimitsOf('bluesky'));
    expect(out.mimeType).toBe('image/jpeg');
    expect(out.bytes.length).toBeLessThanOrEqual(1_000_000);
    // Other networks keep refusing rather than degrade the image (their limits are megabytes).
    expect(
      (await rejection(processImage(photo, 'x', { ...mediaLimitsOf('x'), maxBytes: 1_000_000 }))).reason,
    ).toBe('TOO_LARGE');
    const never = await rejection(
      processImage(photo, 'bluesky', { ...mediaLimitsOf('bluesky'), maxBytes: 1_000 }),
    );
    expect(never).toEqual({ reason: 'TOO_LARGE', platform: 'bluesky', limitBytes: 1_000 });
    expect(mediaRejectionMessage(never as never)).toContain('Bluesky aceita imagens de até');
  });

  it('what the upload accepted for a network passes the check the adapter makes before sending', async () => {
    const input = await noise(800, 1000).png().toBuffer();
    // Every network that takes images (YouTube takes none: its upload is refused, TOO_MANY_FOR_NETWORK).
    for (const platform of PLATFORMS.filter((p) => mediaLimitsOf(p).maxImages > 0)) {
      const out = await processImage(input, platform, mediaLimitsOf(platform));
      const media = [{ ...out, altText: '', url: 'http://127.0.0.1:9/m.jpg' }];
      expect(checkMedia({ platform, secrets: [] }, mediaLimitsOf(platform), media)).toBeNull();
    }
  });
});

describe('processUpload (an image of "Novo post", before any network is known)', () => {
  it('keeps each of the four formats as it is, with no metadata, and refuses what is not an image', async () => {
    for (const [mimeType, image] of [
      [
        'image/jpeg',
        solid(40, 20)
          .jpeg()
          .withMetadata({ exif: { IFD0: { Make: 'PautaCam' } } }),
      ],
      ['image/png', solid(40, 20).png()],
      ['image/webp', solid(40, 20).webp()],
      ['image/gif', solid(40, 20).gif()],
    ] as const) {
      const out = await processUpload(await image.toBuffer());
      expect(out).toMatchObject({ mimeType, width: 40, height: 20, animated: false });
      expect((await sharp(out.bytes).metadata()).exif).toBeUndefined();
    }
    expect(await rejection(processUpload(Buffer.from('isto não é uma imagem')))).toEqual({
      reason: 'UNSUPPORTED_TYPE',
    });
  });

  it("refuses a file over Pauta's upload limit without naming a network", async () => {
    const big = await noise(2700, 2700).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(MEDIA_UPLOAD_MAX_BYTES);
    expect(await rejection(processUpload(big))).toEqual({
      reason: 'UPLOAD_TOO_LARGE',
      limitBytes: MEDIA_UPLOAD_MAX_BYTES,
    });
  });
});

describe('checkAgainstOthers', () => {
  it('keeps a GIF alone on X and lets LinkedIn mix images', () => {
    const limits = mediaLimitsOf('x');
    expect(checkAgainstOthers('x', limits, { mimeType: 'image/gif' }, [{ mime_type: 'image/png' }])).toEqual({
      reason: 'GIF_ALONE',
      platform: 'x',
    });
    expect(checkAgainstOthers('x', limits, { mimeType: 'image/png' }, [{ mime_type: 'image/gif' }])).toEqual({
      reason: 'GIF_ALONE',
      platform: 'x',
    });
    expect(
      checkAgainstOthers('x', limits, { mimeType: 'image/png' }, [{ mime_type: 'image/jpeg' }]),
    ).toBeNull();
    expect(
      checkAgainstOthers('linkedin', mediaLimitsOf('linkedin'), { mimeType: 'image/gif' }, [
        { mime_type: 'image/png' },
      ]),
    ).toBeNull();
  });
});
