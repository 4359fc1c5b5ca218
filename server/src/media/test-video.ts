/**
 * Video files made in the test itself (no downloaded fixtures): real MP4/MOV containers written by
 * Mediabunny's muxer around packets whose bytes are filler. The probe reads containers and sample
 * tables, never decodes a frame, so the filler is enough for it; a video a network must play is
 * made in Chromium with WebCodecs instead (the e2e).
 */
import {
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedVideoPacketSource,
  MovOutputFormat,
  Mp4OutputFormat,
  Output,
} from 'mediabunny';

export interface TestVideoOptions {
  container?: 'mp4' | 'mov';
  /** Coded size (before rotation). */
  width?: number;
  height?: number;
  rotation?: 0 | 90 | 180 | 270;
  frameRate?: number;
  seconds?: number;
  videoCodec?: 'avc' | 'hevc' | 'vp9';
  /** `null`: a silent video. */
  audio?: { codec: 'aac' | 'opus'; sampleRate: number } | null;
  /** Bytes of each video packet (sets the bitrate). */
  packetBytes?: number;
}

// A real H.264 High 4.0 sequence and picture parameter set, in an avcC record (ISO 14496-15).
const SPS = [
  0x67, 0x64, 0x00, 0x28, 0xac, 0xd9, 0x40, 0x78, 0x02, 0x27, 0xe5, 0xc0, 0x44, 0x00, 0x00, 0x03, 0x00, 0x04,
  0x00, 0x00, 0x03, 0x00, 0xf0, 0x3c, 0x60, 0xc6, 0x58,
];
const PPS = [0x68, 0xeb, 0xe3, 0xcb, 0x22, 0xc0];
const AVCC = Uint8Array.from([
  1,
  0x64,
  0x00,
  0x28,
  0xff,
  0xe1,
  0,
  SPS.length,
  ...SPS,
  1,
  0,
  PPS.length,
  ...PPS,
]);
// An HEVC configuration record (ISO 14496-15 §8.3.3.1) for Main profile, level 4, 4:2:0, 8 bits,
// 4-byte NAL lengths, with no parameter-set arrays: the muxer and the probe read only the header.
const HVCC = Uint8Array.from([
  0x01, 0x01, 0x60, 0x00, 0x00, 0x00, 0x90, 0x00, 0x00, 0x00, 0x00, 0x00, 0x78, 0xf0, 0x00, 0xfc, 0xfd, 0xf8,
  0xf8, 0x00, 0x00, 0x0f, 0x00,
]);
// AAC-LC, 44.1 or 48 kHz, stereo (AudioSpecificConfig, ISO 14496-3).
const ASC = { 44100: Uint8Array.from([0x12, 0x10]), 48000: Uint8Array.from([0x11, 0x90]) } as const;

const VIDEO_CODEC_STRINGS = {
  avc: 'avc1.640028',
  hevc: 'hvc1.1.6.L120.90',
  vp9: 'vp09.00.40.08',
} as const;

/** The file's bytes. */
export async function makeTestVideo(options: TestVideoOptions = {}): Promise<Uint8Array> {
  const {
    container = 'mp4',
    width = 1080,
    height = 1920,
    rotation = 0,
    frameRate = 30,
    seconds = 3,
    videoCodec = 'avc',
    audio = { codec: 'aac', sampleRate: 48_000 },
    packetBytes = 2000,
  } = options;
  const output = new Output({
    format: container === 'mov' ? new MovOutputFormat() : new Mp4OutputFormat(),
    target: new BufferTarget(),
  });
  const video = new EncodedVideoPacketSource(videoCodec);
  output.addVideoTrack(video, { rotation, frameRate });
  const sound = audio === null ? null : new EncodedAudioPacketSource(audio.codec);
  if (sound !== null) output.addAudioTrack(sound);
  await output.start();

  const frames = Math.round(seconds * frameRate);
  for (let i = 0; i < frames; i++) {
    const data = new Uint8Array(packetBytes);
    // A length-prefixed NAL unit header so the filler still looks like H.264/HEVC samples.
    data.set([0, 0, (packetBytes - 4) >> 8, (packetBytes - 4) & 0xff, i === 0 ? 0x65 : 0x41]);
    const packet = new EncodedPacket(data, i === 0 ? 'key' : 'delta', i / frameRate, 1 / frameRate);
    await video.add(
      packet,
      i === 0
        ? {
            decoderConfig: {
              codec: VIDEO_CODEC_STRINGS[videoCodec],
              codedWidth: width,
              codedHeight: height,
              ...(videoCodec === 'avc' ? { description: AVCC } : {}),
              ...(videoCodec === 'hevc' ? { description: HVCC } : {}),
            },
          }
        : undefined,
    );
  }
  if (sound !== null && audio !== null) {
    const frameSamples = audio.codec === 'aac' ? 1024 : 960;
    const count = Math.floor((seconds * audio.sampleRate) / frameSamples);
    for (let i = 0; i < count; i++) {
      const packet = new EncodedPacket(
        new Uint8Array(200),
        'key',
        (i * frameSamples) / audio.sampleRate,
        frameSamples / audio.sampleRate,
      );
      await sound.add(
        packet,
        i === 0
          ? {
              decoderConfig: {
                codec: audio.codec === 'aac' ? 'mp4a.40.2' : 'opus',
                numberOfChannels: 2,
                sampleRate: audio.sampleRate,
                ...(audio.codec === 'aac'
                  ? { description: ASC[audio.sampleRate as 44_100 | 48_000] ?? ASC[48_000] }
                  : {}),
              },
            }
          : undefined,
      );
    }
  }
  await output.finalize();
  const buffer = output.target.buffer;
  if (buffer === null) throw new Error('the muxer wrote nothing');
  return new Uint8Array(buffer);
}
