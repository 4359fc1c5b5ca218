/** Images on posts (docs/media.md): the formats Pauta reads, its own limits, and a network's limits. */
import type { Platform } from './platforms.js';

/** Formats recognised by content (magic bytes), never by the name or the declared type. */
export const MEDIA_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type MediaMimeType = (typeof MEDIA_MIME_TYPES)[number];

export const MEDIA_FORMAT_LABELS = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
} as const satisfies Record<MediaMimeType, string>;

/** Images per post, whatever the network (the smallest of the networks' own limits is X's 4). */
export const MAX_MEDIA_PER_POST = 4;
/** Characters of one image's alt text (X's limit, the smallest of the four networks). */
export const MEDIA_ALT_TEXT_MAX = 1000;
/** Largest upload body the web accepts, before any network's own limit (bytes). */
export const MEDIA_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Largest image in pixels Pauta decodes (a decompression-bomb guard; LinkedIn's own limit). */
export const MEDIA_MAX_PIXELS = 36_152_320;
/** Width of the WebP thumbnail shown in the dialog, the calendar and the lists. */
export const MEDIA_THUMB_WIDTH = 320;
/** Lifetime of a signed media URL handed to the browser or to a network (seconds). */
export const MEDIA_URL_TTL_SECONDS = 60 * 60;

/**
 * A network's limits for images, declared once by its module (networks/src/<network>/media.ts) and
 * read through its descriptor (`mediaLimitsOf`): by the upload validation (server/src/media) and by
 * the adapters' check before anything is sent (`checkMedia`, networks/src/publishing/media.ts).
 */
export interface MediaLimits {
  /** Formats the network takes as they are. Others are converted to JPEG when they are still images. */
  readonly formats: readonly MediaMimeType[];
  /** Largest still image, after processing (bytes). */
  readonly maxBytes: number;
  /** Largest GIF (bytes), when GIF is accepted. */
  readonly maxGifBytes?: number;
  /** Images one post may carry on the network (Pauta caps it at MAX_MEDIA_PER_POST). */
  readonly maxImages: number;
  /**
   * Images a post must carry before it is saved (Pinterest: a pin is an image); absent: none. The
   * edit dialog's save is refused without them (MEDIA_REJECTED `IMAGE_REQUIRED`).
   */
  readonly minImages?: number;
  /**
   * The network publishes only video posts (YouTube): a save without a video is refused
   * (MEDIA_REJECTED `VIDEO_REQUIRED`), and so is scheduling one in bulk; absent: false.
   */
  readonly requiresVideo?: boolean;
  /** A GIF must be the post's only image (X). */
  readonly gifAlone?: boolean;
  /**
   * The byte limit is small enough that photos often pass it (Bluesky's 1,000,000): a still image
   * over it is recompressed at upload — JPEG at lower qualities, then smaller — before it is refused.
   */
  readonly recompressToFit?: boolean;
  /** Largest width × height accepted (pixels), when the network documents one (LinkedIn). */
  readonly maxPixels?: number;
  /** Narrowest width accepted (pixels). */
  readonly minWidth?: number;
  /** Width ÷ height accepted, inclusive, with the text shown to the person ("4:5", "1.91:1"). */
  readonly aspectRatio?: {
    readonly min: number;
    readonly max: number;
    readonly minLabel: string;
    readonly maxLabel: string;
  };
}

/**
 * Networks that publish only posts with at least one image (their descriptor's
 * `capabilities.media` is 'required'; networks/src/registry.test.ts keeps the two equal). The worker
 * stops such a post without images with MEDIA_REQUIRED; the edit dialog and the post cards warn
 * before that.
 */
export const MEDIA_REQUIRED_PLATFORMS: readonly Platform[] = ['instagram', 'pinterest'];

export function mediaRequiredOn(platform: Platform): boolean {
  return MEDIA_REQUIRED_PLATFORMS.includes(platform);
}
