// Bluesky's video rules (declared, not yet sent: `capabilities.video` is false). From Bluesky's
// video announcement and the app.bsky.embed.video lexicon: MP4 or MOV (WebM and MPEG too, which
// Pauta does not take), up to 3 minutes and 100 MB, any aspect ratio (the record carries it);
// uploaded through the video service (app.bsky.video.uploadVideo), which transcodes it. An
// optional captions file, no cover of the person's choice.
import type { VideoLimits } from '@pauta/core';
import { MP4_OR_MOV_VIDEO } from '../publishing/video.js';

export const BLUESKY_VIDEO_LIMITS = {
  video: {
    ...MP4_OR_MOV_VIDEO,
    minDurationSeconds: 1,
    maxDurationSeconds: 3 * 60,
    maxBytes: 100 * 1024 * 1024,
    cover: 'none',
    source: 'https://docs.bsky.app/docs/tutorials/video',
  },
} as const satisfies Record<string, VideoLimits>;
