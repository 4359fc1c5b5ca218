// Instagram's image limits: the one definition, read through the descriptor (`mediaLimitsOf`) by
// the upload validation and by the check before publishing (docs/networks.md, "Images").
// Content publishing (Graph API /{ig-user-id}/media): JPEG only, up to 8 MB, aspect ratio between
// 4:5 and 1.91:1, 320 to 1440 px wide (wider images are scaled down by Instagram); a carousel
// takes up to 10. PNG, WebP and still GIFs are converted to JPEG; an animated GIF is refused.
import type { MediaLimits } from '@pauta/core';

export const INSTAGRAM_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg'],
  maxBytes: 8 * 1024 * 1024,
  maxImages: 10,
  minWidth: 320,
  aspectRatio: { min: 4 / 5, max: 1.91, minLabel: '4:5', maxLabel: '1,91:1' },
};
