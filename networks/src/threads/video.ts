// Threads' video rules (declared, not yet sent: `capabilities.video` is false). From Meta's
// media specifications of POST /{threads-user-id}/threads: MOV or MP4, H.264 or HEVC, AAC at up
// to 48 kHz, 23–60 fps, at most 1920 columns, aspect ratio 0.01:1 to 10:1 (9:16 recommended), up to
// 5 minutes and 1 GB. Threads takes no cover of the person's choice.
import type { VideoLimits } from '@pauta/core';
import { META_VIDEO_SPEC } from '../meta/video-limits.js';
import { MP4_OR_MOV_VIDEO } from '../publishing/video.js';

export const THREADS_VIDEO_LIMITS = {
  video: {
    ...MP4_OR_MOV_VIDEO,
    minDurationSeconds: 1,
    maxDurationSeconds: 5 * 60,
    maxBytes: 1024 * 1024 * 1024,
    ...META_VIDEO_SPEC,
    cover: 'none',
    source: 'https://developers.facebook.com/docs/threads/overview#video-specifications',
  },
} as const satisfies Record<string, VideoLimits>;
