/**
 * Reads what a video file is (issue 26, docs/media.md "Vídeo"): container, codecs, duration,
 * size as shown, rotation, frame rate, bitrate and audio, without decoding a frame and without
 * any binary: Mediabunny is TypeScript from npm, and it reads only the bytes it needs (the `moov`
 * box and, for the frame rate, the sample table), so a 1 GB file costs a few reads, never the
 * whole file in memory.
 *
 * The answer is a `VideoFacts` (core) that every rule is checked against; a file that is not an
 * MP4 or MOV with a video track, or that cannot be read, is a `VideoProbeError` carrying the
 * rejection the person sees.
 */
import { stat } from 'node:fs/promises';
import type { VideoContainer, VideoFacts, VideoRejection } from '@pauta/core';
import {
  CustomSource,
  EncodedPacketSink,
  FilePathSource,
  Input,
  type InputFormat,
  MP4,
  Mp4InputFormat,
  QTFF,
  QuickTimeInputFormat,
  type Source,
} from 'mediabunny';

export class VideoProbeError extends Error {
  constructor(
    readonly rejection: Extract<VideoRejection, { reason: 'VIDEO_UNSUPPORTED_TYPE' | 'VIDEO_CORRUPT' }>,
    options?: { cause?: unknown },
  ) {
    super(rejection.reason, options);
    this.name = 'VideoProbeError';
  }
}

/** Bytes of a stored video read by range (local disk, or S3 with `Range:`). */
export interface VideoByteRanges {
  readonly size: number;
  /** Bytes [start, end) of the file. */
  read(start: number, end: number): Promise<Uint8Array>;
}

/** Packets read to measure the frame rate (a few seconds of video; the rest is not read). */
const FRAME_RATE_SAMPLE = 300;

function containerOf(format: InputFormat): VideoContainer | null {
  // The ISO-BMFF family, told apart by the file's brand (`ftyp`): 'qt  ' is QuickTime.
  if (format instanceof QuickTimeInputFormat) return 'mov';
  if (format instanceof Mp4InputFormat) return 'mp4';
  return null;
}

function normaliseRotation(value: number): 0 | 90 | 180 | 270 {
  const r = (((Math.round(value / 90) * 90) % 360) + 360) % 360;
  return r as 0 | 90 | 180 | 270;
}

async function probe(source: Source, sizeBytes: number): Promise<VideoFacts> {
  // Only the two containers Pauta takes: anything else is refused before its boxes are read.
  const input = new Input({ source, formats: [MP4, QTFF] });
  try {
    let format: InputFormat;
    try {
      format = await input.getFormat();
    } catch (cause) {
      // Not a format Mediabunny knows at all (a text file, a JPEG renamed .mp4).
      throw new VideoProbeError({ reason: 'VIDEO_UNSUPPORTED_TYPE' }, { cause });
    }
    const container = containerOf(format);
    if (container === null) throw new VideoProbeError({ reason: 'VIDEO_UNSUPPORTED_TYPE' });
    try {
      // An MP4 brand with no tracks at all is a file cut before its `moov` box; tracks without a
      // video one are an audio file (an .m4a), which is no video.
      if ((await input.getTracks()).length === 0) throw new VideoProbeError({ reason: 'VIDEO_CORRUPT' });
      const video = await input.getPrimaryVideoTrack();
      if (video === null) throw new VideoProbeError({ reason: 'VIDEO_UNSUPPORTED_TYPE' });
      const audio = await input.getPrimaryAudioTrack();
      const durationSeconds = await input.computeDuration();
      if (!Number.isFinite(durationSeconds) || durationSeconds <= 0)
        throw new VideoProbeError({ reason: 'VIDEO_CORRUPT' });
      // A file cut short (an upload that stopped, a copy that failed) still has its sample table at
      // the front; its last samples point past the end. Reading each track's last packet (a few
      // kilobytes) tells.
      for (const track of audio === null ? [video] : [video, audio]) {
        const last = await new EncodedPacketSink(track).getPacket(Number.POSITIVE_INFINITY);
        if (last === null) throw new VideoProbeError({ reason: 'VIDEO_CORRUPT' });
      }
      // Only the first packets' timestamps: enough for the rate, and bounded whatever the length.
      const frames = await video.computeFrameRateMetrics({ targetPacketCount: FRAME_RATE_SAMPLE });
      const codec = await video.getCodec();
      return {
        container,
        sizeBytes,
        durationSeconds,
        width: await video.getDisplayWidth(),
        height: await video.getDisplayHeight(),
        rotation: normaliseRotation(await video.getRotation()),
        videoCodec: codec ?? 'unknown',
        videoCodecString: await video.getCodecParameterString(),
        frameRate: Math.round(frames.bestGuessFrameRate * 1000) / 1000,
        constantFrameRate: frames.frameRateIsConstant,
        bitrate: Math.round((sizeBytes * 8) / durationSeconds),
        audio:
          audio === null
            ? null
            : {
                codec: (await audio.getCodec()) ?? 'unknown',
                sampleRate: await audio.getSampleRate(),
                channels: await audio.getNumberOfChannels(),
              },
      };
    } catch (error) {
      if (error instanceof VideoProbeError) throw error;
      // The container was recognised but its boxes are cut or damaged.
      throw new VideoProbeError({ reason: 'VIDEO_CORRUPT' }, { cause: error });
    }
  } finally {
    input.dispose();
  }
}

/** The facts of a video file on local disk (an upload being assembled, or local storage). */
export async function probeVideoFile(path: string): Promise<VideoFacts> {
  const { size } = await stat(path);
  return probe(new FilePathSource(path, { maxCacheSize: 4 * 1024 * 1024 }), size);
}

/** The facts of a video read by byte ranges (a stored object). */
export function probeVideoRanges(bytes: VideoByteRanges): Promise<VideoFacts> {
  const source = new CustomSource({
    getSize: () => bytes.size,
    read: (start, end) => bytes.read(start, end),
    maxCacheSize: 4 * 1024 * 1024,
  });
  return probe(source, bytes.size);
}
