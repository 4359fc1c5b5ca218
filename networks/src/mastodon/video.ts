// Mastodon's video rules (declared, not yet sent: `capabilities.video` is false). From Mastodon's
// defaults, which an instance reports in GET /api/v2/instance (configuration.media_attachments):
// video_size_limit 103,809,024 bytes (99 MB), video_frame_rate_limit 120, video_matrix_limit
// 8,294,400 pixels (3840×2160). Mastodon re-encodes what it receives (MP4/MOV/WebM; Pauta takes MP4
// and MOV) and sets no duration of its own: the size binds first, so the duration bound below is a
// day, there only because every rule set has one. No cover of the person's choice through the API
// beyond a thumbnail, which Pauta does not send.
import type { VideoLimits } from '@pauta/core';
import { MP4_OR_MOV_VIDEO } from '../publishing/video.js';

export const MASTODON_VIDEO_LIMITS = {
  video: {
    ...MP4_OR_MOV_VIDEO,
    minDurationSeconds: 1,
    maxDurationSeconds: 24 * 60 * 60,
    maxBytes: 103_809_024,
    maxFrameRate: 120,
    maxSide: 3840,
    cover: 'none',
    source: 'https://docs.joinmastodon.org/entities/Instance/#video_size_limit',
  },
} as const satisfies Record<string, VideoLimits>;
