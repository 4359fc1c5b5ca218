// TikTok's image limits (read through the descriptor, `mediaLimitsOf`). Pauta publishes videos to
// TikTok, not photo posts (`capabilities.media` is 'none': images are never sent); these are the
// limits of TikTok's photo posts (`/v2/post/publish/content/init/`: JPEG or WebP, up to 20 MB each,
// 1 to 35 photos), declared so the image checks have TikTok's own numbers when photo posts come.
// https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide
import type { MediaLimits } from '@pauta/core';

export const TIKTOK_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/webp'],
  maxBytes: 20 * 1024 * 1024,
  // TikTok takes 35; Pauta attaches at most 4 to any post.
  maxImages: 35,
};
