// LinkedIn's image limits (Images API: JPG, GIF and PNG, up to 36,152,320 pixels; multi-image posts
// take up to 20). The file size is held to 5 MB, the smallest LinkedIn documents for shared images.
// WebP is converted to JPEG before the upload.
import type { MediaLimits } from '@pauta/core';

export const LINKEDIN_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png', 'image/gif'],
  maxBytes: 5 * 1024 * 1024,
  maxGifBytes: 5 * 1024 * 1024,
  maxImages: 20,
};
