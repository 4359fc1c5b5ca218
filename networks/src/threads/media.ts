// Threads' image limits: the one definition, read through the descriptor (`mediaLimitsOf`) by the
// upload validation and by the check before publishing (docs/networks.md, "Images").
// Threads' media specifications (POST /{threads-user-id}/threads): JPEG and PNG, up to 8 MB,
// 320 to 1440 px wide (wider is scaled down), aspect ratio up to 10:1; a carousel takes 2 to 20
// items. WebP and still GIFs are converted to JPEG at upload; an animated GIF is refused.
// https://developers.facebook.com/docs/threads/overview#media-specifications
import type { MediaLimits } from '@pauta/core';

export const THREADS_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png'],
  maxBytes: 8 * 1024 * 1024,
  maxImages: 20,
  minWidth: 320,
  aspectRatio: { min: 1 / 10, max: 10, minLabel: '1:10', maxLabel: '10:1' },
};
