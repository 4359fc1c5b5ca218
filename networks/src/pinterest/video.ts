// Pinterest's video rules (declared, not yet sent: `capabilities.video` is false). From Pinterest's
// product specs of a standard video pin (media_source `video_id`, after POST /v5/media and the
// upload): MP4, MOV or M4V, H.264 or H.265, 4 seconds to 15 minutes, up to 2 GB, aspect ratio 1:2
// to 1.91:1 (2:3 or 9:16 recommended); a cover image (`cover_image_url`) or a key frame.
import type { VideoLimits } from '@pauta/core';
import { MP4_OR_MOV_VIDEO } from '../publishing/video.js';

export const PINTEREST_VIDEO_LIMITS = {
  video: {
    ...MP4_OR_MOV_VIDEO,
    minDurationSeconds: 4,
    maxDurationSeconds: 15 * 60,
    maxBytes: 2 * 1024 * 1024 * 1024,
    aspectRatio: { min: 1 / 2, max: 1.91, minLabel: '1:2', maxLabel: '1,91:1' },
    cover: 'frame-or-image',
    source: 'https://help.pinterest.com/en/business/article/pinterest-product-specs',
  },
} as const satisfies Record<string, VideoLimits>;
