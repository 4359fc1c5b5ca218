// YouTube publishes videos only: a post takes no image (maxImages 0) and must carry a video
// (`requiresVideo`: the save of a YouTube post without one is refused, MEDIA_REJECTED
// VIDEO_REQUIRED). The chosen cover goes as the video's thumbnail (thumbnails.set: JPEG or PNG,
// up to 2 MB). https://developers.google.com/youtube/v3/docs/thumbnails/set
import type { MediaLimits } from '@pauta/core';

export const YOUTUBE_MEDIA_LIMITS: MediaLimits = {
  formats: ['image/jpeg', 'image/png'],
  maxBytes: 2 * 1024 * 1024,
  maxImages: 0,
  requiresVideo: true,
};

/** thumbnails.set's largest image (bytes) and formats. */
export const YOUTUBE_THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
export const YOUTUBE_THUMBNAIL_TYPES: readonly string[] = ['image/jpeg', 'image/png'];
