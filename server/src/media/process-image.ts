// An uploaded image, checked and re-encoded for the post's network (docs/media.md): the format is
// read from the bytes (magic numbers, then sharp's decoder agrees), never from a name or a header;
// the image is turned upright (EXIF orientation) and re-encoded without any metadata — EXIF, GPS,
// XMP, IPTC and comments are gone; it is converted to JPEG when the network does not take its
// format; then the network's size, width and aspect-ratio limits are checked on what would be sent.
import {
  MAX_MEDIA_PER_POST,
  MEDIA_FORMAT_LABELS,
  MEDIA_MAX_PIXELS,
  MEDIA_THUMB_WIDTH,
  MEDIA_UPLOAD_MAX_BYTES,
  type MediaLimits,
  type MediaMimeType,
  type MediaRejection,
  type Platform,
} from '@pauta/core';
import sharp from 'sharp';

/** The format by magic numbers: JPEG FF D8 FF, PNG's 8-byte signature, GIF87a/GIF89a, RIFF….WEBP. */
export function sniffImageType(bytes: Uint8Array): MediaMimeType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (
    bytes.length >= 6 &&
    (starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))
  )
    return 'image/gif';
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<MediaMimeType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export interface ProcessedImage {
  bytes: Buffer;
  mimeType: MediaMimeType;
  width: number;
  height: number;
  animated: boolean;
  thumb: Buffer;
}

export class MediaRejectedError extends Error {
  override name = 'MediaRejectedError';
  constructor(readonly rejection: MediaRejection) {
    super(rejection.reason);
  }
}

const reject = (rejection: MediaRejection): never => {
  throw new MediaRejectedError(rejection);
};

/** Runs sharp, turning its decoding failures into pt-BR refusals (never a 500). */
async function decode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MediaRejectedError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) reject({ reason: 'TOO_MANY_PIXELS', limitPixels: MEDIA_MAX_PIXELS });
    return reject({ reason: 'CORRUPT' });
  }
}

/** Quality and scale of each try when a still image passes the network's byte limit. */
const RECOMPRESS_STEPS: readonly (readonly [number, number])[] = [
  [80, 1],
  [70, 1],
  [70, 0.8],
  [65, 0.6],
  [60, 0.45],
];

/**
 * Checks and re-encodes `input` for `platform`. Throws MediaRejectedError with the reason (and the
 * network and limit) when the image cannot go to that network.
 */
export function processImage(
  input: Buffer,
  platform: Platform,
  limits: MediaLimits,
): Promise<ProcessedImage> {
  return checkAndEncode(input, limits, platform);
}

/**
 * The upload's own check, before any network is known (an image of "Novo post"): the four formats
 * kept as they are, Pauta's upload limit. Each network's rules apply later, at the save.
 */
const UPLOAD_CHECK: MediaLimits = {
  formats: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  maxBytes: MEDIA_UPLOAD_MAX_BYTES,
  maxImages: MAX_MEDIA_PER_POST,
};

/**
 * Checks and re-encodes an upload that no network is known for yet (UPLOAD_CHECK): the same
 * decoding, upright turn and metadata stripping as processImage; past the size limit the refusal
 * is UPLOAD_TOO_LARGE, which names no network.
 */
export function processUpload(input: Buffer): Promise<ProcessedImage> {
  return checkAndEncode(input, UPLOAD_CHECK, null);
}

/** processImage, or with `platform` null the upload's own check (UPLOAD_CHECK: no network's rule). */
async function checkAndEncode(
  input: Buffer,
  limits: MediaLimits,
  platform: Platform | null,
): Promise<ProcessedImage> {
  const sniffed = sniffImageType(input);
  if (!sniffed) return reject({ reason: 'UNSUPPORTED_TYPE' });
  const options = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' as const };
  const meta = await decode(() => sharp(input, { ...options, animated: true }).metadata());
  // The decoder must agree with the magic numbers (a PNG header glued on something else fails here).
  if (meta.format !== SHARP_FORMAT[sniffed]) return reject({ reason: 'CORRUPT' });
  const animated = (meta.pages ?? 1) > 1;

  let target: MediaMimeType;
  if (limits.formats.includes(sniffed)) target = sniffed;
  else if (!animated && limits.formats.includes('image/jpeg')) target = 'image/jpeg';
  else if (platform === null) return reject({ reason: 'UNSUPPORTED_TYPE' });
  else
    return reject({
      reason: 'FORMAT_NOT_ACCEPTED',
      platform,
      format: animated ? `${MEDIA_FORMAT_LABELS[sniffed]} animado` : MEDIA_FORMAT_LABELS[sniffed],
      accepted: limits.formats.map((f) => MEDIA_FORMAT_LABELS[f]),
    });
  // Only GIF keeps its frames; an animated WebP for a network that takes WebP stays as it is.
  const keepFrames = animated && (target === 'image/gif' || target === 'image/webp');

  const encode = (format: MediaMimeType, quality: number, scale: number) =>
    decode(async () => {
      let image = sharp(input, { ...options, animated: keepFrames });
      // Upright first (EXIF orientation), since the orientation tag is about to be dropped.
      if (!keepFrames) image = image.rotate();
      if (scale < 1 && meta.width !== undefined)
        image = image.resize({ width: Math.max(1, Math.round(meta.width * scale)) });
      switch (format) {
        case 'image/jpeg':
          image = image.flatten({ background: '#ffffff' }).jpeg({ quality });
          break;
        case 'image/png':
          image = image.png();
          break;
        case 'image/webp':
          image = image.webp({ quality });
          break;
        case 'image/gif':
          image = image.gif();
          break;
      }
      // No withMetadata()/keepMetadata(): sharp writes no EXIF, XMP, IPTC or comment.
      return image.toBuffer({ resolveWithObject: true });
    });
  let { data, info } = await encode(target, 88, 1);
  // A network with a small byte limit (`recompressToFit`: Bluesky's 1,000,000) gets a still image
  // recompressed — as a JPEG at lower qualities, then smaller — before it is refused; the person is
  // told only when even that does not fit.
  const byteLimit = target === 'image/gif' ? (limits.maxGifBytes ?? limits.maxBytes) : limits.maxBytes;
  if (
    limits.recompressToFit &&
    data.length > byteLimit &&
    !keepFrames &&
    limits.formats.includes('image/jpeg')
  ) {
    for (const [quality, scale] of RECOMPRESS_STEPS) {
      const smaller = await encode('image/jpeg', quality, scale);
      if (limits.minWidth !== undefined && smaller.info.width < limits.minWidth) break;
      ({ data, info } = smaller);
      target = 'image/jpeg';
      if (data.length <= byteLimit) break;
    }
  }
  const width = info.width;
  const height = keepFrames ? (info.pageHeight ?? meta.pageHeight ?? info.height) : info.height;

  if (platform === null) {
    if (data.length > byteLimit) reject({ reason: 'UPLOAD_TOO_LARGE', limitBytes: byteLimit });
  } else {
    if (data.length > byteLimit) reject({ reason: 'TOO_LARGE', platform, limitBytes: byteLimit });
    if (limits.maxPixels !== undefined && width * height > limits.maxPixels)
      reject({ reason: 'TOO_MANY_PIXELS', platform, limitPixels: limits.maxPixels });
    if (limits.minWidth !== undefined && width < limits.minWidth)
      reject({ reason: 'TOO_SMALL', platform, minWidth: limits.minWidth });
    const ratio = limits.aspectRatio;
    if (ratio) {
      const r = width / height;
      // 0.5 % of slack: a 1080 × 1350 photo is exactly 4:5 but a 1079 × 1350 crop should pass too.
      if (r < ratio.min * 0.995 || r > ratio.max * 1.005)
        reject({ reason: 'ASPECT_RATIO', platform, min: ratio.minLabel, max: ratio.maxLabel });
    }
  }

  const thumb = await decode(() =>
    sharp(data, { animated: false })
      .resize({ width: MEDIA_THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer(),
  );
  return { bytes: data, mimeType: target, width, height, animated, thumb };
}

/** Network rules that depend on the post's other images (checked under the post's lock). */
export function checkAgainstOthers(
  platform: Platform,
  limits: MediaLimits,
  adding: { mimeType: MediaMimeType },
  current: readonly { mime_type: string }[],
): MediaRejection | null {
  if (current.length >= limits.maxImages)
    return { reason: 'TOO_MANY_FOR_NETWORK', platform, max: limits.maxImages };
  if (
    limits.gifAlone &&
    current.length > 0 &&
    (adding.mimeType === 'image/gif' || current.some((m) => m.mime_type === 'image/gif'))
  )
    return { reason: 'GIF_ALONE', platform };
  return null;
}

/**
 * A cliente's logo (docs/workspaces.md, branding): a PNG, JPEG or WebP still image by its content
 * (never SVG, GIF or an animation), decoded under the same pixel guard, turned upright, stripped of
 * metadata and re-encoded as a WebP of at most `side` px on its longest side (transparency kept).
 */
export async function processLogo(
  input: Buffer,
  side: number,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const sniffed = sniffImageType(input);
  if (!sniffed) return reject({ reason: 'LOGO_FORMAT' });
  if (sniffed === 'image/gif') return reject({ reason: 'LOGO_FORMAT' });
  const options = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' as const };
  const meta = await decode(() => sharp(input, { ...options, animated: true }).metadata());
  if (meta.format !== SHARP_FORMAT[sniffed]) return reject({ reason: 'CORRUPT' });
  if ((meta.pages ?? 1) > 1) return reject({ reason: 'LOGO_FORMAT' });
  const { data, info } = await decode(() =>
    sharp(input, options)
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true }),
  );
  return { bytes: data, width: info.width, height: info.height };
}
