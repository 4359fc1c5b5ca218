// LinkedIn's video rules (Videos API: initializeUpload, the parts' PUTs, finalizeUpload; for the
// person and for Pages). From the Videos API "Video specifications": MP4 only, 3 s to 30 min,
// 75 KB to 500 MB, aspect ratio from 1:2.4 to 2.4:1, 10–60 fps, from 256 × 144 to 4096 × 2304,
// AAC audio; a thumbnail image optional (docs/media.md, "Vídeo").
import type { VideoLimits } from '@pauta/core';

export const LINKEDIN_VIDEO_LIMITS = {
  video: {
    kind: 'vídeos',
    containers: ['mp4'],
    videoCodecs: ['avc', 'hevc'],
    audioCodecs: ['aac'],
    minDurationSeconds: 3,
    maxDurationSeconds: 30 * 60,
    maxBytes: 500 * 1024 * 1024,
    aspectRatio: { min: 1 / 2.4, max: 2.4, minLabel: '1:2,4', maxLabel: '2,4:1' },
    minFrameRate: 10,
    maxFrameRate: 60,
    minSide: 144,
    maxSide: 4096,
    cover: 'frame-or-image',
    source:
      'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/videos-api#video-specifications',
  },
} as const satisfies Record<string, VideoLimits>;
