// X's video rules (one video per post; the chunked media upload, x/video-upload.ts). From X's
// "Best practices" for media upload (size and duration limits; video specifications): a video on a
// post (`tweet_video`) is 0.5 s to 20 minutes and up to 8 GB for an account without X Premium
// (125 minutes and 16 GB with Premium, which Pauta does not assume; Pauta's own upload cap, 1 GiB,
// comes first), H.264 (High profile recommended), AAC-LC mono or stereo, at most 60 fps, aspect
// ratio from 1:3 to 3:1, at least 32 × 32. The page's "between 32x32 and 1280x1024" contradicts
// its own 720 × 1280 portrait recommendation and the 1080p uploads it describes, so the largest
// side is held at 1920 (1080p either way). X picks the cover itself (docs/media.md, "Vídeo").
import type { VideoLimits } from '@pauta/core';

export const X_VIDEO_LIMITS = {
  video: {
    kind: 'vídeos',
    containers: ['mp4', 'mov'],
    videoCodecs: ['avc'],
    audioCodecs: ['aac'],
    minDurationSeconds: 0.5,
    maxDurationSeconds: 20 * 60,
    maxBytes: 8 * 1024 * 1024 * 1024,
    aspectRatio: { min: 1 / 3, max: 3, minLabel: '1:3', maxLabel: '3:1' },
    maxFrameRate: 60,
    minSide: 32,
    maxSide: 1920,
    cover: 'none',
    source: 'https://docs.x.com/x-api/media/quickstart/best-practices#size-and-duration-limits',
  },
} as const satisfies Record<string, VideoLimits>;
