// Facebook Page photos (Graph API /{page-id}/photos: JPEG, PNG, GIF, BMP and TIFF, under 4 MB).
// WebP is converted to JPEG before the upload.
import type { MediaLimits } from '@pauta/core';

export const FACEBOOK_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png', 'image/gif'],
  maxBytes: 4 * 1024 * 1024,
  maxGifBytes: 4 * 1024 * 1024,
  maxImages: 10,
};
