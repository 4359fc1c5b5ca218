// Facebook Page photos: the one definition, read through the descriptor (`mediaLimitsOf`) by the
// upload validation and by the check before publishing (docs/networks.md, "Images").
// Meta's photo reference: photos under 4 MB (some guides quote 10 MB, which the sandbox accepts;
// Pauta keeps the documented, smaller figure). Up to 10 photos attached to one feed post. Pauta
// sends JPEG, PNG and GIF; WebP is converted to JPEG before the upload.
import type { MediaLimits } from '@pauta/core';

export const FACEBOOK_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png', 'image/gif'],
  maxBytes: 4 * 1024 * 1024,
  maxGifBytes: 4 * 1024 * 1024,
  maxImages: 10,
};
