// What most networks' video rules share (docs/media.md "Vídeo"): an MP4 or MOV file, H.264 or HEVC
// video, AAC audio. A network's video.ts spreads it and adds its own durations, sizes and shapes.
export const MP4_OR_MOV_VIDEO = {
  kind: 'vídeos',
  containers: ['mp4', 'mov'],
  videoCodecs: ['avc', 'hevc'],
  audioCodecs: ['aac'],
} as const;
