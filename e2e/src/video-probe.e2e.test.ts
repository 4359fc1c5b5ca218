// The probe on a video a real encoder made (issue 26): a 30-second 1080 × 1920 H.264 MP4 encoded
// by Chromium's WebCodecs, the shape of a Reel, is read as it is and passes every network's video
// rules; the same seconds in landscape are refused by Facebook Reels in its words.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkVideoForNetwork,
  checkVideoForPauta,
  PLATFORMS,
  type VideoLimits,
  videoRejectionMessage,
} from '@pauta/core';
import { videoLimitsOf } from '@pauta/networks';
import { probeVideoFile } from '@pauta/server/media/video-probe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { makeVideoInChromium } from './video-fixture.js';

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(join(tmpdir(), 'pauta-video-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a video encoded in Chromium', () => {
  it('is read as a 30-second vertical H.264 video that every network takes', async () => {
    const bytes = await makeVideoInChromium(browser, {
      seconds: 30,
      width: 1080,
      height: 1920,
      frameRate: 30,
    });
    const path = join(dir, 'reel.mp4');
    await writeFile(path, bytes);
    const facts = await probeVideoFile(path);
    expect(facts).toMatchObject({
      container: 'mp4',
      sizeBytes: bytes.length,
      width: 1080,
      height: 1920,
      rotation: 0,
      videoCodec: 'avc',
      frameRate: 30,
      audio: null,
    });
    expect(facts.durationSeconds).toBeCloseTo(30, 1);
    expect(checkVideoForPauta(facts)).toBeNull();
    // Every kind of video post of every network (Reels, Page video…).
    for (const platform of PLATFORMS)
      for (const limits of Object.values(videoLimitsOf(platform)))
        expect(checkVideoForNetwork(facts, platform, limits)).toEqual([]);
  }, 180_000);

  it('in landscape is refused by Facebook Reels, naming the ratio', async () => {
    const bytes = await makeVideoInChromium(browser, {
      seconds: 4,
      width: 1280,
      height: 720,
      frameRate: 25,
    });
    const path = join(dir, 'wide.mp4');
    await writeFile(path, bytes);
    const facts = await probeVideoFile(path);
    expect(facts).toMatchObject({ width: 1280, height: 720, frameRate: 25 });
    expect(
      checkVideoForNetwork(facts, 'facebook', videoLimitsOf('facebook').reels as VideoLimits).map(
        videoRejectionMessage,
      ),
    ).toEqual(['Facebook aceita Reels na proporção 9:16. Recorte o vídeo e tente de novo.']);
  }, 60_000);
});
