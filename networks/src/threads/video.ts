// Threads' video rules (declared, not yet sent: `capabilities.video` is false). From Meta's
// media specifications of POST /{threads-user-id}/threads: MOV or MP4, H.264 or HEVC, AAC at up
// to 48 kHz, 23–60 fps, at most 1920 columns, aspect ratio 0.01:1 to 10:1 (9:16 recommended), up to
// 5 minutes and 1 GB. Threads takes no cover of the person's choice.
import type { VideoLimits } from '@pauta/core';

export const THREADS_VIDEO_LIMITS = {
  video: {
    kind: 'vídeos',
    containers: ['mp4', 'mov'],
    videoCodecs: ['avc', 'hevc'],
    audioCodecs: ['aac'],
    minDurationSeconds: 1,
    maxDurationSeconds: 5 * 60,
    maxBytes: 1024 * 1024 * 1024,
    aspectRatio: { min: 0.01, max: 10, minLabel: '0,01:1', maxLabel: '10:1' },
    minFrameRate: 23,
    maxFrameRate: 60,
    maxWidth: 1920,
    maxAudioSampleRate: 48_000,
    cover: 'none',
    source: 'https://developers.facebook.com/docs/threads/overview#video-specifications',
  },
} as const satisfies Record<string, VideoLimits>;
