// A real H.264 video made in the test itself, never a downloaded fixture (issue 26): Chromium
// draws the frames on a canvas, encodes them with WebCodecs (the OpenH264 encoder Debian's Chromium
// ships) and Mediabunny's muxer writes the MP4, in a page of its own origin (WebCodecs needs a
// secure context; `*.localhost` is one, answered here by route, never by a server).
// Debian's Chromium has no AAC encoder, so the video is silent, which every network takes.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { expect } from 'vitest';

const ORIGIN = 'http://video-fixture.localhost';
const require = createRequire(import.meta.url);
// The library is loaded by the page itself (an `import()` inside page.evaluate would be rewritten
// by Vitest's transform, which the browser does not have).
const PAGE =
  '<!doctype html><title>vídeo</title><script type="module">import * as mb from "/mediabunny.mjs"; window.mediabunny = mb;</script>';

export interface FixtureVideo {
  seconds: number;
  width: number;
  height: number;
  frameRate: number;
}

/** The MP4's bytes: `seconds` of a moving colour gradient with a frame counter. */
export async function makeVideoInChromium(browser: Browser, video: FixtureVideo): Promise<Buffer> {
  // Node resolves the package to its bundles folder, where the browser build sits beside it.
  const bundle = await readFile(join(dirname(require.resolve('mediabunny')), 'mediabunny.min.mjs'));
  const context = await browser.newContext();
  try {
    await context.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      return path === '/mediabunny.mjs'
        ? route.fulfill({ body: bundle, contentType: 'text/javascript' })
        : route.fulfill({ body: PAGE, contentType: 'text/html' });
    });
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => 'mediabunny' in window);
    const base64 = await page.evaluate(async ({ seconds, width, height, frameRate }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the browser build's types are not in this page
      const mb = (window as any).mediabunny;
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      const output = new mb.Output({ format: new mb.Mp4OutputFormat(), target: new mb.BufferTarget() });
      const source = new mb.CanvasSource(canvas, { codec: 'avc', bitrate: 2_000_000, keyFrameInterval: 2 });
      output.addVideoTrack(source, { frameRate });
      await output.start();
      const frames = Math.round(seconds * frameRate);
      for (let i = 0; i < frames; i++) {
        const hue = (i * 3) % 360;
        const gradient = ctx.createLinearGradient(0, 0, width, height);
        gradient.addColorStop(0, `hsl(${hue} 80% 50%)`);
        gradient.addColorStop(1, `hsl(${(hue + 120) % 360} 80% 40%)`);
        ctx.fillStyle = gradient;
        ctx.fillRect(0, 0, width, height);
        ctx.fillStyle = '#fff';
        ctx.font = `bold ${Math.round(width / 8)}px sans-serif`;
        ctx.fillText(String(i), width / 10, height / 2);
        await source.add(i / frameRate, 1 / frameRate);
      }
      await output.finalize();
      const bytes = new Uint8Array(output.target.buffer as ArrayBuffer);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    }, video);
    return Buffer.from(base64, 'base64');
  } finally {
    await context.close();
  }
}

/**
 * Editar Post's cover by frame: scrubs the video card's player to `seconds`, "Usar este quadro",
 * and waits for the card to say so ("Capa: quadro em 2,0 s").
 */
export async function useFrameAsCover(card: Locator, seconds: number): Promise<void> {
  await card.locator('video').evaluate(
    (element: HTMLVideoElement, at: number) =>
      new Promise<void>((resolve) => {
        element.addEventListener('seeked', () => resolve(), { once: true });
        element.currentTime = at;
      }),
    seconds,
  );
  await card.getByRole('button', { name: 'Usar este quadro', exact: true }).click();
  await expect
    .poll(async () => (await card.getByTestId('video-cover-state').textContent()) ?? '')
    .toBe(`Capa: quadro em ${seconds.toFixed(1).replace('.', ',')} s`);
}
