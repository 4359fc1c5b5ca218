// Bluesky's image limits: the one definition, read through the descriptor (`mediaLimitsOf`) by the
// upload validation (server/src/media/process-image.ts recompresses, `recompressToFit`, then
// refuses what still passes 1,000,000 bytes, in pt-BR) and by the check before publishing.
// app.bsky.embed.images: up to 4 images, each blob at most 1,000,000 bytes, `image/*` (the
// official app sends JPEG and PNG; WebP is accepted; an animated GIF loses its animation).
import type { MediaLimits } from '@pauta/core';

export const BLUESKY_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 1_000_000,
  maxImages: 4,
  // A phone photo often passes 1 MB: recompressed at upload before it is refused.
  recompressToFit: true,
};
