/**
 * Videos on posts (issue 26, docs/media.md "Vídeo"): what Pauta reads from a video file, what it
 * accepts at all, and the shape of a network's video rules.
 *
 * A video is never trusted by its name or declared type: the server reads its container and tracks
 * (server/src/media/video-probe.ts) into a `VideoFacts`, and every rule is checked against those
 * facts (`checkVideo`, core/src/messages/video.ts) when the video is added and again before
 * publishing.
 */

/** Containers Pauta takes: MP4 (MPEG-4 Part 14) and QuickTime MOV, the two every network reads. */
export const VIDEO_CONTAINERS = ['mp4', 'mov'] as const;
export type VideoContainer = (typeof VIDEO_CONTAINERS)[number];

/** Video codecs Pauta takes (H.264/AVC and H.265/HEVC, the two the issue and the networks name). */
export const VIDEO_CODECS = ['avc', 'hevc'] as const;
export type VideoCodecName = (typeof VIDEO_CODECS)[number];

/** Audio codec Pauta takes (AAC, the one every network documents); a silent video is fine too. */
export const AUDIO_CODECS = ['aac'] as const;
export type AudioCodecName = (typeof AUDIO_CODECS)[number];

/** The content type a stored video is served with, by its container. */
export const VIDEO_MIME_TYPES = { mp4: 'video/mp4', mov: 'video/quicktime' } as const satisfies Record<
  VideoContainer,
  string
>;
export type VideoMimeType = (typeof VIDEO_MIME_TYPES)[VideoContainer];

export const VIDEO_CONTAINER_LABELS = { mp4: 'MP4', mov: 'MOV' } as const satisfies Record<
  VideoContainer,
  string
>;
export const VIDEO_CODEC_LABELS = { avc: 'H.264', hevc: 'H.265 (HEVC)' } as const satisfies Record<
  VideoCodecName,
  string
>;

/** Largest video file the web accepts, before any network's own limit (bytes): 1 GiB. */
export const VIDEO_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
/** Longest video Pauta takes at all (seconds): the longest any supported network publishes. */
export const VIDEO_MAX_DURATION_SECONDS = 60 * 60;

/**
 * What the server read from a video file. `width` and `height` are as the video is shown (after
 * its rotation), which is what the networks' aspect-ratio and size rules mean.
 */
export interface VideoFacts {
  readonly container: VideoContainer;
  readonly sizeBytes: number;
  readonly durationSeconds: number;
  readonly width: number;
  readonly height: number;
  /** Clockwise rotation stored in the file (0, 90, 180, 270). */
  readonly rotation: 0 | 90 | 180 | 270;
  /** Mediabunny's codec id ('avc', 'hevc', 'vp9', 'av1'…): anything but `VIDEO_CODECS` is refused. */
  readonly videoCodec: string;
  /** The RFC 6381 codec string, e.g. "avc1.640028". */
  readonly videoCodecString: string | null;
  /** Frames per second (Mediabunny's best guess over the whole track). */
  readonly frameRate: number;
  readonly constantFrameRate: boolean;
  /** Bits per second of the whole file (size × 8 ÷ duration). */
  readonly bitrate: number;
  /** `null` for a silent video. */
  readonly audio: {
    /** Mediabunny's codec id ('aac', 'opus', 'mp3', 'pcm-s16'…): anything but `AUDIO_CODECS` is refused. */
    readonly codec: string;
    readonly sampleRate: number;
    readonly channels: number;
  } | null;
}

/**
 * A network's rules for one kind of video post (a Reel, a Page video, a tweet's video…), declared
 * once by the network's module (networks/src/<network>/video.ts) from the network's own
 * documentation (`source`), and read by the checks on upload and before publishing.
 */
export interface VideoLimits {
  /**
   * The kind of post, plural, as it reads in a sentence after "aceita": "Reels", "vídeos da
   * Página", "vídeos" ("Facebook aceita Reels de até 1 minuto e 30 segundos").
   */
  readonly kind: string;
  readonly containers: readonly VideoContainer[];
  readonly videoCodecs: readonly VideoCodecName[];
  /** Audio codecs accepted; a silent video is always accepted. */
  readonly audioCodecs: readonly AudioCodecName[];
  readonly minDurationSeconds: number;
  readonly maxDurationSeconds: number;
  readonly maxBytes: number;
  /** Width ÷ height accepted, inclusive, with the text shown to the person ("9:16", "16:9"). */
  readonly aspectRatio?: {
    readonly min: number;
    readonly max: number;
    readonly minLabel: string;
    readonly maxLabel: string;
  };
  readonly minFrameRate?: number;
  readonly maxFrameRate?: number;
  /** Smallest side, width and height (pixels), as shown. */
  readonly minSide?: number;
  /** Largest side, width or height (pixels), as shown. */
  readonly maxSide?: number;
  /** Largest width (pixels), as shown (Instagram's "maximum columns"). */
  readonly maxWidth?: number;
  /** Largest audio sample rate (Hz). */
  readonly maxAudioSampleRate?: number;
  /** Whether the person may choose a cover (a frame or an image) that the network will use. */
  readonly cover: 'frame-or-image' | 'frame' | 'none';
  /** The documentation page the rules come from (also cited in docs/media.md). */
  readonly source: string;
}
