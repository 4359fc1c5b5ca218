// A video is judged by what its container says, never by its name: the probe reads MP4 and MOV
// made here by a real muxer, tells the size as shown after rotation, the codecs, the frame rate and
// the audio, and refuses a renamed file, a WebM, and a file cut short with the person's message.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkVideoForPauta, type VideoRejection, videoRejectionMessage } from '@pauta/core';
import {
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedVideoPacketSource,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestVideo } from './test-video.js';
import { probeVideoFile, probeVideoRanges, VideoProbeError } from './video-probe.js';

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pauta-video-probe-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(bytes: Uint8Array | string): Promise<string> {
  const path = join(dir, `v${n++}`);
  await writeFile(path, bytes);
  return path;
}

async function refusal(promise: Promise<unknown>): Promise<VideoRejection> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof VideoProbeError) return error.rejection;
    throw error;
  }
  throw new Error('o vídeo deveria ter sido recusado');
}

describe('probeVideoFile', () => {
  it('reads a vertical H.264/AAC MP4 as it is', async () => {
    const bytes = await makeTestVideo({ seconds: 4, frameRate: 30 });
    const facts = await probeVideoFile(await file(bytes));
    expect(facts).toMatchObject({
      container: 'mp4',
      sizeBytes: bytes.length,
      durationSeconds: 4,
      width: 1080,
      height: 1920,
      rotation: 0,
      videoCodec: 'avc',
      videoCodecString: 'avc1.640028',
      frameRate: 30,
      constantFrameRate: true,
      audio: { codec: 'aac', sampleRate: 48_000, channels: 2 },
    });
    expect(facts.bitrate).toBe(Math.round((bytes.length * 8) / 4));
    expect(checkVideoForPauta(facts)).toBeNull();
  });

  it('gives the size as shown: a landscape-coded phone video rotated 90° is vertical', async () => {
    const bytes = await makeTestVideo({ container: 'mov', width: 1920, height: 1080, rotation: 90 });
    const facts = await probeVideoFile(await file(bytes));
    expect(facts).toMatchObject({ container: 'mov', width: 1080, height: 1920, rotation: 90 });
  });

  it('reads HEVC, a silent video, 25 fps and 44.1 kHz audio', async () => {
    const hevc = await probeVideoFile(
      await file(
        await makeTestVideo({
          videoCodec: 'hevc',
          frameRate: 25,
          seconds: 10,
          audio: { codec: 'aac', sampleRate: 44_100 },
        }),
      ),
    );
    expect(hevc).toMatchObject({ videoCodec: 'hevc', frameRate: 25, durationSeconds: 10 });
    expect(hevc.audio).toMatchObject({ codec: 'aac', sampleRate: 44_100 });
    const silent = await probeVideoFile(await file(await makeTestVideo({ audio: null })));
    expect(silent.audio).toBeNull();
    expect(checkVideoForPauta(silent)).toBeNull();
  });

  it('reads codecs Pauta does not take, so the refusal can name them', async () => {
    const vp9 = await probeVideoFile(await file(await makeTestVideo({ videoCodec: 'vp9' })));
    expect(videoRejectionMessage(checkVideoForPauta(vp9) as VideoRejection)).toBe(
      'A Pauta aceita vídeos em H.264 ou H.265 (HEVC); este está em VP9. Exporte o vídeo em H.264 e tente de novo.',
    );
    const opus = await probeVideoFile(
      await file(await makeTestVideo({ audio: { codec: 'opus', sampleRate: 48_000 } })),
    );
    expect(videoRejectionMessage(checkVideoForPauta(opus) as VideoRejection)).toBe(
      'A Pauta aceita áudio em AAC; o áudio deste vídeo está em Opus. Exporte o vídeo com áudio AAC e tente de novo.',
    );
  });

  it('refuses a renamed text file and a JPEG as not a video', async () => {
    expect(await refusal(probeVideoFile(await file('isto não é um vídeo, só parece.mp4')))).toEqual({
      reason: 'VIDEO_UNSUPPORTED_TYPE',
    });
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(400).fill(0)]);
    expect((await refusal(probeVideoFile(await file(jpeg)))).reason).toBe('VIDEO_UNSUPPORTED_TYPE');
  });

  it('refuses a WebM (another container), even though it holds a video', async () => {
    const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
    const source = new EncodedVideoPacketSource('vp9');
    output.addVideoTrack(source);
    await output.start();
    for (let i = 0; i < 30; i++)
      await source.add(
        new EncodedPacket(new Uint8Array(500), i === 0 ? 'key' : 'delta', i / 30, 1 / 30),
        i === 0
          ? { decoderConfig: { codec: 'vp09.00.40.08', codedWidth: 640, codedHeight: 360 } }
          : undefined,
      );
    await output.finalize();
    const webm = new Uint8Array(output.target.buffer as ArrayBuffer);
    const rejection = await refusal(probeVideoFile(await file(webm)));
    expect(videoRejectionMessage(rejection)).toBe(
      'Este arquivo não é um vídeo aceito. Envie um vídeo MP4 ou MOV.',
    );
  });

  it('refuses an audio-only MP4 (an .m4a) as not a video', async () => {
    const output = new Output({ format: new Mp4OutputFormat(), target: new BufferTarget() });
    const source = new EncodedAudioPacketSource('aac');
    output.addAudioTrack(source);
    await output.start();
    for (let i = 0; i < 50; i++)
      await source.add(
        new EncodedPacket(new Uint8Array(200), 'key', (i * 1024) / 48_000, 1024 / 48_000),
        i === 0
          ? {
              decoderConfig: {
                codec: 'mp4a.40.2',
                numberOfChannels: 2,
                sampleRate: 48_000,
                description: Uint8Array.from([0x11, 0x90]),
              },
            }
          : undefined,
      );
    await output.finalize();
    const m4a = new Uint8Array(output.target.buffer as ArrayBuffer);
    expect(await refusal(probeVideoFile(await file(m4a)))).toEqual({ reason: 'VIDEO_UNSUPPORTED_TYPE' });
  });

  it('refuses a file cut short, at the end or in the middle', async () => {
    const bytes = await makeTestVideo({ seconds: 3 });
    for (const cut of [bytes.length - 10, Math.floor(bytes.length / 2), 2000, 20]) {
      const rejection = await refusal(probeVideoFile(await file(bytes.subarray(0, cut))));
      // Under a few hundred bytes not even the container can be recognised.
      expect(['VIDEO_CORRUPT', 'VIDEO_UNSUPPORTED_TYPE']).toContain(rejection.reason);
      if (cut > 1000) expect(rejection.reason).toBe('VIDEO_CORRUPT');
    }
    expect(videoRejectionMessage({ reason: 'VIDEO_CORRUPT' })).toBe(
      'Não foi possível ler este vídeo. O arquivo pode estar incompleto ou corrompido.',
    );
  });
});

describe('probeVideoRanges', () => {
  it('reads a stored object by ranges, and far less than the whole file', async () => {
    // ~6 MB of video: the probe must not read it all.
    const bytes = await makeTestVideo({ seconds: 60, packetBytes: 3000 });
    let read = 0;
    const facts = await probeVideoRanges({
      size: bytes.length,
      read: async (start, end) => {
        read += end - start;
        return bytes.slice(start, end);
      },
    });
    expect(facts).toMatchObject({ durationSeconds: 60, width: 1080, height: 1920 });
    expect(bytes.length).toBeGreaterThan(5_000_000);
    expect(read).toBeLessThan(bytes.length / 4);
  });
});
