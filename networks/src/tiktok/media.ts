// TikTok's media rules for Pauta (read through the descriptor, `mediaLimitsOf`). Pauta publishes
// videos to TikTok, not photo posts (`capabilities.media` is 'none': images are never sent), so a
// TikTok post takes no image (maxImages 0) and must carry a video (`requiresVideo`: its save
// without one is refused, MEDIA_REJECTED VIDEO_REQUIRED, as YouTube's). TikTok's photo posts
// (`/v2/post/publish/content/init/`: JPEG or WebP, up to 20 MB each, 1 to 35 photos) would lift
// maxImages when they come. https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide
import type { MediaLimits } from '@pauta/core';

export const TIKTOK_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/webp'],
  maxBytes: 20 * 1024 * 1024,
  maxImages: 0,
  requiresVideo: true,
};
