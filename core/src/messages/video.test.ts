import { describe, expect, it } from 'vitest';
import type { VideoFacts, VideoLimits } from '../constants/video.js';
import {
  checkVideoForNetwork,
  checkVideoForPauta,
  formatVideoDuration,
  type VideoRejection,
  videoRejectionMessage,
} from './video.js';
import { videoFieldMessages } from './video-field.js';

/** A 30-second 1080 × 1920 H.264/AAC Reel, the shape most people upload. */
const reel: VideoFacts = {
  container: 'mp4',
  sizeBytes: 40 * 1024 * 1024,
  durationSeconds: 30,
  width: 1080,
  height: 1920,
  rotation: 0,
  videoCodec: 'avc',
  videoCodecString: 'avc1.640028',
  frameRate: 30,
  constantFrameRate: true,
  bitrate: 11_184_810,
  audio: { codec: 'aac', sampleRate: 48_000, channels: 2 },
};

const reels: VideoLimits = {
  kind: 'Reels',
  containers: ['mp4', 'mov'],
  videoCodecs: ['avc', 'hevc'],
  audioCodecs: ['aac'],
  minDurationSeconds: 3,
  maxDurationSeconds: 15 * 60,
  maxBytes: 300 * 1024 * 1024,
  aspectRatio: { min: 0.01, max: 10, minLabel: '0,01:1', maxLabel: '10:1' },
  minFrameRate: 23,
  maxFrameRate: 60,
  maxSide: 1920,
  maxAudioSampleRate: 48_000,
  cover: 'frame-or-image',
  source:
    'https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media#reel-specifications',
};

describe('formatVideoDuration', () => {
  it('reads as a person says it', () => {
    expect(formatVideoDuration(3)).toBe('3 segundos');
    expect(formatVideoDuration(1)).toBe('1 segundo');
    expect(formatVideoDuration(60)).toBe('1 minuto');
    expect(formatVideoDuration(90)).toBe('1 minuto e 30 segundos');
    expect(formatVideoDuration(140)).toBe('2 minutos e 20 segundos');
    expect(formatVideoDuration(15 * 60)).toBe('15 minutos');
    expect(formatVideoDuration(3600 + 61)).toBe('1 hora, 1 minuto e 1 segundo');
    expect(formatVideoDuration(0)).toBe('0 segundos');
  });
});

describe('checkVideoForPauta', () => {
  it('takes an H.264 or HEVC video with AAC or no audio', () => {
    expect(checkVideoForPauta(reel)).toBeNull();
    expect(checkVideoForPauta({ ...reel, videoCodec: 'hevc', audio: null })).toBeNull();
  });

  it('refuses other codecs, naming them as a person knows them', () => {
    const vp9 = checkVideoForPauta({ ...reel, videoCodec: 'vp9' });
    expect(vp9).toEqual({ reason: 'VIDEO_CODEC_UNSUPPORTED', codec: 'vp9' });
    expect(videoRejectionMessage(vp9 as VideoRejection)).toBe(
      'A Pauta aceita vídeos em H.264 ou H.265 (HEVC); este está em VP9. Exporte o vídeo em H.264 e tente de novo.',
    );
    const pcm = checkVideoForPauta({
      ...reel,
      audio: { codec: 'pcm-s16', sampleRate: 48_000, channels: 2 },
    });
    expect(videoRejectionMessage(pcm as VideoRejection)).toContain('está em PCM');
  });

  it('refuses a file past 1 GB or an hour', () => {
    expect(checkVideoForPauta({ ...reel, sizeBytes: 1024 ** 3 + 1 })?.reason).toBe('VIDEO_UPLOAD_TOO_LARGE');
    const long = checkVideoForPauta({ ...reel, durationSeconds: 3601 });
    expect(videoRejectionMessage(long as VideoRejection)).toBe(
      'O vídeo tem mais de 1 hora, o máximo aceito pela Pauta.',
    );
  });
});

describe('checkVideoForNetwork', () => {
  it('takes a video within every rule', () => {
    expect(checkVideoForNetwork(reel, 'instagram', reels)).toEqual([]);
    // 29.97 fps counts as 30; 1080 × 1920 stays within the side limit.
    expect(checkVideoForNetwork({ ...reel, frameRate: 59.94 }, 'instagram', reels)).toEqual([]);
  });

  it('names the network, the kind of post and the limit', () => {
    const [tooLong] = checkVideoForNetwork({ ...reel, durationSeconds: 16 * 60 }, 'instagram', reels);
    expect(videoRejectionMessage(tooLong as VideoRejection)).toBe(
      'Instagram aceita Reels de até 15 minutos. Corte o vídeo e tente de novo.',
    );
    const [tooShort] = checkVideoForNetwork({ ...reel, durationSeconds: 2 }, 'instagram', reels);
    expect(videoRejectionMessage(tooShort as VideoRejection)).toBe(
      'Instagram aceita Reels de pelo menos 3 segundos.',
    );
    const [tooBig] = checkVideoForNetwork({ ...reel, sizeBytes: 301 * 1024 * 1024 }, 'instagram', reels);
    expect(videoRejectionMessage(tooBig as VideoRejection)).toBe(
      'Instagram aceita Reels de até 300 MB. Reduza o vídeo e tente de novo.',
    );
  });

  it('checks the shape as the video is shown, with a pixel of slack', () => {
    const { maxSide: _, ...noSideLimit } = reels;
    const vertical: VideoLimits = {
      ...noSideLimit,
      aspectRatio: { min: 9 / 16, max: 9 / 16, minLabel: '9:16', maxLabel: '9:16' },
    };
    expect(checkVideoForNetwork(reel, 'facebook', vertical)).toEqual([]);
    expect(checkVideoForNetwork({ ...reel, height: 1921 }, 'facebook', vertical)).toEqual([]);
    const [wide] = checkVideoForNetwork({ ...reel, width: 1920, height: 1080 }, 'facebook', vertical);
    expect(videoRejectionMessage(wide as VideoRejection)).toBe(
      'Facebook aceita Reels na proporção 9:16. Recorte o vídeo e tente de novo.',
    );
  });

  it('lists every broken rule, format first', () => {
    const out = checkVideoForNetwork(
      {
        ...reel,
        container: 'mov',
        videoCodec: 'hevc',
        frameRate: 120,
        width: 2160,
        height: 3840,
        audio: { codec: 'aac', sampleRate: 96_000, channels: 2 },
      },
      'linkedin',
      { ...reels, kind: 'vídeos', containers: ['mp4'], videoCodecs: ['avc'] },
    );
    expect(out.map((r) => r.reason)).toEqual([
      'VIDEO_CONTAINER_NOT_ACCEPTED',
      'VIDEO_CODEC_NOT_ACCEPTED',
      'VIDEO_TOO_BIG',
      'VIDEO_FRAME_RATE',
      'AUDIO_SAMPLE_RATE',
    ]);
    expect(out.map(videoRejectionMessage)).toEqual([
      'LinkedIn aceita vídeos só em MP4.',
      'LinkedIn aceita vídeos em H.264. Exporte o vídeo de novo e tente outra vez.',
      'LinkedIn aceita vídeos de até 1920 px de largura e de altura. Reduza a resolução e tente de novo.',
      'LinkedIn aceita vídeos de 23 a 60 quadros por segundo.',
      'LinkedIn aceita áudio de até 48 kHz em vídeos. Exporte o vídeo de novo e tente outra vez.',
    ]);
  });

  it('does not ask a silent video for audio', () => {
    expect(checkVideoForNetwork({ ...reel, audio: null }, 'instagram', reels)).toEqual([]);
  });
});

describe('videoFieldMessages.tooManyUploads', () => {
  it('says how long to wait in whole minutes, rounded up, never "0 minutos"', () => {
    expect(videoFieldMessages.tooManyUploads(1)).toBe(
      'Você começou muitos envios de vídeo em pouco tempo. Aguarde 1 minuto e envie de novo.',
    );
    expect(videoFieldMessages.tooManyUploads(61)).toContain('Aguarde 2 minutos');
    expect(videoFieldMessages.tooManyUploads(3600)).toContain('Aguarde 60 minutos');
  });
});
