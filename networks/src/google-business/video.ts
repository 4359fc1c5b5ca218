// Google Business Profile's video rules (declared, not yet sent: `capabilities.video` is false).
// From Business Profile's "Photo and video guidelines": up to 30 seconds, up to 75 MB, 720p or
// higher resolution. Google names no container, codec or frame rate for posts' videos; MP4 and
// MOV are what its upload takes. No cover of the person's choice.
// https://support.google.com/business/answer/6103862
import type { VideoLimits } from '@pauta/core';
import { MP4_OR_MOV_VIDEO } from '../publishing/video.js';

export const GOOGLE_BUSINESS_VIDEO_LIMITS = {
  video: {
    ...MP4_OR_MOV_VIDEO,
    minDurationSeconds: 1,
    maxDurationSeconds: 30,
    maxBytes: 75 * 1024 * 1024,
    minSide: 720,
    cover: 'none',
    source: 'https://support.google.com/business/answer/6103862',
  },
} as const satisfies Record<string, VideoLimits>;
