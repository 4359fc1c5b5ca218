// Pinterest's image limits: the one definition, read through the descriptor (`mediaLimitsOf`) by
// the upload validation and by the check before publishing (docs/networks.md, "Images").
// Pinterest's pin specifications: BMP, JPEG, PNG, TIFF, GIF or WebP, up to 20 MB; a carousel
// (`multiple_image_urls`) takes 2 to 5 images. Pauta sends JPEG, PNG and WebP as they are (WebP is
// an accepted pin format) and converts a still GIF at upload; recommended ratio 2:3, anything from
// 1:3.5 (tall) to 1.91:1 is drawn — wider or taller images are cropped by the feed, not refused.
// https://help.pinterest.com/en/business/article/pinterest-product-specs
import type { MediaLimits } from '@pauta/core';

export const PINTEREST_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 20 * 1024 * 1024,
  // A carousel pin holds 2–5 images; Pauta attaches at most 4 to any post.
  maxImages: 5,
  // A pin is an image: a post without one is refused when it is saved, not only by the worker.
  minImages: 1,
};
