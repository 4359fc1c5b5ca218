// Facebook's video rules for a Page, two kinds (docs/media.md, "Vídeo"; docs/networks.md,
// Facebook "Vídeo"). A video that fits the Reel rules is published as a Reel, any other as a Page
// video (video-publish.ts, isFacebookReel):
// - Reels (Reels Publishing API, POST /{page-id}/video_reels, "Video specifications"): vertical
//   9:16, at least 540 × 960 (1080 × 1920 recommended), 24–60 fps, 3 to 90 s, H.264/H.265 (VP9 and
//   AV1 too, which Pauta does not take), AAC at 48 kHz; no cover: the API's start and finish
//   phases take no thumbnail, Facebook picks the frame. 30 API-published Reels per Page per 24 h;
// - a Page video (Video API, POST /{page-id}/videos, "Video Publishing" and the Page video help):
//   MP4 or MOV, aspect ratio from 9:16 to 16:9, up to 4 GB and 240 min (Pauta's own 1 h applies
//   first), a thumbnail image optional (`thumb` at the finish phase: the chosen frame or image).
import type { VideoLimits } from '@pauta/core';
import { MP4_OR_MOV_VIDEO } from '../publishing/video.js';

export const FACEBOOK_VIDEO_LIMITS = {
  reels: {
    ...MP4_OR_MOV_VIDEO,
    kind: 'Reels',
    minDurationSeconds: 3,
    maxDurationSeconds: 90,
    maxBytes: 1024 * 1024 * 1024,
    aspectRatio: { min: 9 / 16, max: 9 / 16, minLabel: '9:16', maxLabel: '9:16' },
    minFrameRate: 24,
    maxFrameRate: 60,
    minSide: 540,
    maxAudioSampleRate: 48_000,
    cover: 'none',
    source: 'https://developers.facebook.com/docs/video-api/guides/reels-publishing',
  },
  video: {
    ...MP4_OR_MOV_VIDEO,
    kind: 'vídeos da Página',
    minDurationSeconds: 1,
    maxDurationSeconds: 240 * 60,
    maxBytes: 4 * 1024 * 1024 * 1024,
    aspectRatio: { min: 9 / 16, max: 16 / 9, minLabel: '9:16', maxLabel: '16:9' },
    cover: 'frame-or-image',
    source: 'https://developers.facebook.com/docs/video-api/guides/publishing',
  },
} as const satisfies Record<string, VideoLimits>;
