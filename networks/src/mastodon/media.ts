// Mastodon's image limits: the one definition, read through the descriptor (`mediaLimitsOf`) by the
// upload validation and by the check before publishing (docs/networks.md, "Images"). Mastodon takes
// JPEG, PNG, GIF and WebP (`configuration.media_attachments.supported_mime_types`), 4 images per
// status by default, and each instance declares its image size (`image_size_limit`: 16 MB on
// mastodon.social, 10 MB on older versions). 8 MB fits every instance Pauta has met; the adapter
// checks the instance's own figures again before posting (publish.ts).
// https://docs.joinmastodon.org/methods/media/#v2
import type { MediaLimits } from '@pauta/core';

export const MASTODON_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  maxBytes: 8 * 1024 * 1024,
  maxGifBytes: 8 * 1024 * 1024,
  maxImages: 4,
};
