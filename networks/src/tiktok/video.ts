// TikTok's video rules for a Direct Post (Content Posting API, "Video restrictions" of the media
// transfer guide): MP4 (recommended), MOV or WebM — Pauta takes MP4 and MOV —, H.264 (recommended),
// H.265, VP8 or VP9, 23 to 60 fps, each side from 360 to 4096 pixels, up to 4 GB, and at most
// 10 minutes (every creator may post 10 minutes; some may post 60: creator_info's
// `max_video_post_duration_sec` is the account's own cap, checked by the adapter before the upload).
// TikTok documents no shortest video for the API; one second keeps an empty file out. The cover is a
// frame of the video (`post_info.video_cover_timestamp_ms`): an uploaded image cannot be sent.
// https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide
// https://developers.tiktok.com/doc/content-posting-api-reference-query-creator-info
import type { VideoLimits } from '@pauta/core';
import { MP4_OR_MOV_VIDEO } from '../publishing/video.js';

export const TIKTOK_VIDEO_LIMITS = {
  video: {
    ...MP4_OR_MOV_VIDEO,
    minDurationSeconds: 1,
    maxDurationSeconds: 10 * 60,
    maxBytes: 4 * 1024 * 1024 * 1024,
    minFrameRate: 23,
    maxFrameRate: 60,
    minSide: 360,
    maxSide: 4096,
    cover: 'frame',
    source: 'https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide',
  },
} as const satisfies Record<string, VideoLimits>;
