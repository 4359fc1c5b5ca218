// LinkedIn's image limits: the one definition, read through the descriptor (`mediaLimitsOf`) by
// the upload validation and by the check before publishing (docs/networks.md, "Images").
// Images API: JPG, GIF and PNG, fewer than 36,152,320 pixels; a multi-image post takes 2–20.
// LinkedIn documents pixels, not bytes: the file size is held to a conservative 5 MB. WebP is
// converted to JPEG before the upload.
import type { MediaLimits } from '@pauta/core';

export const LINKEDIN_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png', 'image/gif'],
  maxBytes: 5 * 1024 * 1024,
  maxGifBytes: 5 * 1024 * 1024,
  maxImages: 20,
  maxPixels: 36_152_320,
};
