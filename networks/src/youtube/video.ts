// YouTube Shorts' rules: "you can upload Shorts up to 3 minutes long with a square or vertical
// aspect ratio" (YouTube Help, "Upload YouTube Shorts"; 3 minutes since 15 October 2024, YouTube
// Official Blog). A wider video, or a longer one, is published as a regular video, not a Short:
// Pauta publishes Shorts, so it refuses them. YouTube takes many containers (MOV, MPEG-4, AVI,
// WebM…) and codecs; Pauta sends what its probe reads: MP4 or MOV, H.264 or HEVC, AAC. YouTube's
// own ceiling (256 GB, 12 hours) is far above a Short's; Pauta's upload takes up to 1 GB here.
// The cover goes as the video's thumbnail (thumbnails.set; the channel must be verified for custom
// thumbnails, and YouTube may show a frame of its choice for a Short in the Shorts feed).
// https://support.google.com/youtube/answer/15424877
// https://blog.youtube/news-and-events/youtube-shorts-3-minutes/
// https://support.google.com/youtube/answer/4603579 (supported formats)
import type { VideoLimits } from '@pauta/core';
import { MP4_OR_MOV_VIDEO } from '../publishing/video.js';

export const YOUTUBE_SHORT_MAX_SECONDS = 180;

export const YOUTUBE_VIDEO_LIMITS = {
  short: {
    ...MP4_OR_MOV_VIDEO,
    kind: 'Shorts',
    minDurationSeconds: 1,
    maxDurationSeconds: YOUTUBE_SHORT_MAX_SECONDS,
    maxBytes: 1024 * 1024 * 1024,
    // Square (1:1) to vertical: width ÷ height at most 1 (9:16, 0.5625, is the usual; taller screen
    // recordings, 9:19.5, are Shorts too). 1:4 only keeps a nonsense shape out.
    aspectRatio: { min: 0.25, max: 1, minLabel: '1:4', maxLabel: '1:1' },
    cover: 'frame-or-image',
    source: 'https://support.google.com/youtube/answer/15424877',
  },
} as const satisfies Record<string, VideoLimits>;
