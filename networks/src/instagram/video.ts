// Instagram's video rules: one kind, the Reel (since 2023 every video the Content Publishing API
// takes is a Reel: container `media_type=REELS`, optionally shared to the feed). From Meta's "Reel
// specifications" of POST /{ig-user-id}/media: MOV or MP4 with the moov atom at the front, H.264 or
// HEVC progressive 4:2:0, AAC at up to 48 kHz, 23–60 fps, at most 1920 columns, aspect ratio from
// 0.01:1 to 10:1 (9:16 recommended), 3 s to 15 min, up to 300 MB; a cover from `cover_url` (an
// image) or `thumb_offset` (a frame). Read by the checks on upload and before publishing
// (docs/media.md, "Vídeo").
import type { VideoLimits } from '@pauta/core';
import { META_VIDEO_SPEC } from '../meta/video-limits.js';
import { MP4_OR_MOV_VIDEO } from '../publishing/video.js';

export const INSTAGRAM_VIDEO_LIMITS = {
  reels: {
    ...MP4_OR_MOV_VIDEO,
    kind: 'Reels',
    minDurationSeconds: 3,
    maxDurationSeconds: 15 * 60,
    maxBytes: 300 * 1024 * 1024,
    ...META_VIDEO_SPEC,
    cover: 'frame-or-image',
    source:
      'https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media#reel-specifications',
  },
} as const satisfies Record<string, VideoLimits>;
