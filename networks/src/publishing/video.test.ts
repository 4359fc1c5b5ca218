// Each network's video rules, read as a person would meet them: the everyday vertical Reel goes
// everywhere, and each refusal names the network, the kind of post and its limit.
import {
  checkVideoForNetwork,
  checkVideoForPauta,
  PLATFORMS,
  type Platform,
  type VideoFacts,
  type VideoLimits,
  videoRejectionMessage,
} from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { videoLimitsOf } from '../registry.js';

const INSTAGRAM_VIDEO_LIMITS = videoLimitsOf('instagram') as { reels: VideoLimits };
const FACEBOOK_VIDEO_LIMITS = videoLimitsOf('facebook') as { reels: VideoLimits; video: VideoLimits };
const X_VIDEO_LIMITS = videoLimitsOf('x') as { video: VideoLimits };
const LINKEDIN_VIDEO_LIMITS = videoLimitsOf('linkedin') as { video: VideoLimits };

const ALL: [Platform, VideoLimits][] = [
  ['instagram', INSTAGRAM_VIDEO_LIMITS.reels],
  ['facebook', FACEBOOK_VIDEO_LIMITS.reels],
  ['facebook', FACEBOOK_VIDEO_LIMITS.video],
  ['x', X_VIDEO_LIMITS.video],
  ['linkedin', LINKEDIN_VIDEO_LIMITS.video],
  ['bluesky', (videoLimitsOf('bluesky') as { video: VideoLimits }).video],
  ['pinterest', (videoLimitsOf('pinterest') as { video: VideoLimits }).video],
  ['tiktok', (videoLimitsOf('tiktok') as { video: VideoLimits }).video],
];

/** A 30-second 1080 × 1920 H.264/AAC phone video of 40 MB. */
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

const messages = (platform: Platform, limits: VideoLimits, facts: VideoFacts) =>
  checkVideoForNetwork(facts, platform, limits).map(videoRejectionMessage);

describe('video rules of each network', () => {
  it('are declared by every network, each kind once', () => {
    for (const platform of PLATFORMS) expect(Object.keys(videoLimitsOf(platform)).length).toBeGreaterThan(0);
    expect(Object.keys(videoLimitsOf('facebook'))).toEqual(['reels', 'video']);
  });

  it('are coherent, and cite the documentation they come from', () => {
    for (const [, limits] of ALL) {
      expect(limits.minDurationSeconds).toBeLessThan(limits.maxDurationSeconds);
      expect(limits.containers.length).toBeGreaterThan(0);
      expect(limits.videoCodecs.length).toBeGreaterThan(0);
      expect(limits.source).toMatch(/^https:\/\//);
      if (limits.aspectRatio) expect(limits.aspectRatio.min).toBeLessThanOrEqual(limits.aspectRatio.max);
    }
  });

  it('take the everyday vertical 30-second video everywhere', () => {
    expect(checkVideoForPauta(reel)).toBeNull();
    for (const [platform, limits] of ALL) expect(messages(platform, limits, reel)).toEqual([]);
  });

  it('refuse what each network refuses, in its words', () => {
    const landscape = { ...reel, width: 1920, height: 1080 };
    expect(messages('facebook', FACEBOOK_VIDEO_LIMITS.reels, landscape)).toEqual([
      'Facebook aceita Reels na proporção 9:16. Recorte o vídeo e tente de novo.',
    ]);
    expect(messages('facebook', FACEBOOK_VIDEO_LIMITS.video, landscape)).toEqual([]);
    const threeMinutes = { ...reel, durationSeconds: 180 };
    expect(messages('x', X_VIDEO_LIMITS.video, threeMinutes)).toEqual([]);
    expect(messages('x', X_VIDEO_LIMITS.video, { ...reel, durationSeconds: 21 * 60 })).toEqual([
      'X (Twitter) aceita vídeos de até 20 minutos. Corte o vídeo e tente de novo.',
    ]);
    expect(messages('facebook', FACEBOOK_VIDEO_LIMITS.reels, threeMinutes)).toEqual([
      'Facebook aceita Reels de até 1 minuto e 30 segundos. Corte o vídeo e tente de novo.',
    ]);
    expect(messages('instagram', INSTAGRAM_VIDEO_LIMITS.reels, threeMinutes)).toEqual([]);
    const mov4k = { ...reel, container: 'mov' as const, width: 2160, height: 3840, videoCodec: 'hevc' };
    expect(messages('instagram', INSTAGRAM_VIDEO_LIMITS.reels, mov4k)).toEqual([
      'Instagram aceita Reels de até 1920 px de largura. Reduza a resolução e tente de novo.',
    ]);
    expect(messages('linkedin', LINKEDIN_VIDEO_LIMITS.video, mov4k)).toEqual([
      'LinkedIn aceita vídeos só em MP4.',
    ]);
    expect(messages('x', X_VIDEO_LIMITS.video, mov4k)).toEqual([
      'X (Twitter) aceita vídeos em H.264. Exporte o vídeo de novo e tente outra vez.',
      'X (Twitter) aceita vídeos de até 1920 px de largura e de altura. Reduza a resolução e tente de novo.',
    ]);
    const tiktok = (videoLimitsOf('tiktok') as { video: VideoLimits }).video;
    expect(messages('tiktok', tiktok, { ...reel, durationSeconds: 11 * 60 })).toEqual([
      'TikTok aceita vídeos de até 10 minutos. Corte o vídeo e tente de novo.',
    ]);
    expect(messages('tiktok', tiktok, { ...reel, frameRate: 15 })).not.toEqual([]);
    expect(messages('tiktok', tiktok, { ...reel, width: 320, height: 568 })).not.toEqual([]);
    const tinyAndShort = { ...reel, durationSeconds: 2, sizeBytes: 600 * 1024 * 1024 };
    expect(messages('linkedin', LINKEDIN_VIDEO_LIMITS.video, tinyAndShort)).toEqual([
      'LinkedIn aceita vídeos de pelo menos 3 segundos.',
      'LinkedIn aceita vídeos de até 500 MB. Reduza o vídeo e tente de novo.',
    ]);
  });
});
