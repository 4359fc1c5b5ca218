// X's video rules (one video per post; the chunked media upload INIT/APPEND/FINALIZE/STATUS). From
// X's "Media best practices" for uploaded video: MP4 or MOV, H.264 High profile, AAC-LC mono or
// stereo, 0.5 to 140 s (longer only for Premium accounts, which Pauta does not assume), up to
// 512 MB, at most 60 fps, from 32 × 32 to 1920 × 1200 (or 1200 × 1920), aspect ratio from 1:3 to
// 3:1. X picks the cover itself (docs/media.md, "Vídeo").
import type { VideoLimits } from '@pauta/core';

export const X_VIDEO_LIMITS = {
  video: {
    kind: 'vídeos',
    containers: ['mp4', 'mov'],
    videoCodecs: ['avc'],
    audioCodecs: ['aac'],
    minDurationSeconds: 0.5,
    maxDurationSeconds: 140,
    maxBytes: 512 * 1024 * 1024,
    aspectRatio: { min: 1 / 3, max: 3, minLabel: '1:3', maxLabel: '3:1' },
    maxFrameRate: 60,
    minSide: 32,
    maxSide: 1920,
    cover: 'none',
    source: 'https://docs.x.com/x-api/media/quickstart/media-upload-chunked#media-best-practices',
  },
} as const satisfies Record<string, VideoLimits>;
