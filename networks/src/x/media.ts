// X's image limits: the one definition, read through the descriptor (`mediaLimitsOf`) by the
// upload validation and by the check before publishing (docs/networks.md, "Images").
// docs.x.com, media upload: images up to 5 MB, animated GIFs up to 15 MB, four images per post or
// one GIF alone. JPEG, PNG, WebP and GIF are taken as they are.
import type { MediaLimits } from '@pauta/core';

export const X_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  maxBytes: 5 * 1024 * 1024,
  maxGifBytes: 15 * 1024 * 1024,
  maxImages: 4,
  gifAlone: true,
};
