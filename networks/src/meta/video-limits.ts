// What Meta's media specifications say alike for an Instagram Reel and a Threads video (the
// containers of POST /{ig-user-id}/media and POST /{threads-user-id}/threads): aspect ratio from
// 0.01:1 to 10:1 (9:16 recommended), 23–60 fps, at most 1920 columns, AAC at up to 48 kHz. Each
// network's video.ts spreads it and adds its own durations, sizes and cover.
export const META_VIDEO_SPEC = {
  aspectRatio: { min: 0.01, max: 10, minLabel: '0,01:1', maxLabel: '10:1' },
  minFrameRate: 23,
  maxFrameRate: 60,
  maxWidth: 1920,
  maxAudioSampleRate: 48_000,
} as const;
