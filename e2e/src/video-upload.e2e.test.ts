// Issue 26 (video on a post, the resumable upload) in Chromium: a 20-second 1080 × 1920 H.264 MP4
// made in the test itself (WebCodecs, video-fixture.ts) goes through the edit dialog with
// tus-js-client over a throttled connection; the person pauses it past half way (the PATCH in
// flight is cut), the server keeps what arrived, and "Continuar" goes on from the server's offset,
// never from zero. Then the video plays from its signed URL (same sha256 as the file), the person
// picks a frame as the cover ("Usar este quadro"), and Salvar keeps it (LinkedIn publishes video). Screenshots at 1280 and 375 px.
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { signUp } from './flows.js';
import { makeVideoInChromium, useFrameAsCover } from './video-fixture.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let postId: string;
let video: Buffer;
let themeId: string;
let ownerId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  video = await makeVideoInChromium(browser, { seconds: 20, width: 1080, height: 1920, frameRate: 30 });
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('video');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  const userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Reels', 'Descrição', ARRAY['professional'], ARRAY['linkedin'], 'daily', 'blue') RETURNING id`,
    [userId],
  );
  const [post] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
     VALUES ($1, $2, 'Post com vídeo', 'Nosso café em 20 segundos.', 'linkedin', 1, now() + interval '3 days') RETURNING id`,
    [theme!.id, userId],
  );
  postId = post!.id;
  themeId = theme!.id;
  ownerId = userId;
}, 180_000);
afterAll(async () => {
  await close?.();
  await browser?.close();
});

/** A picture in e2e/artifacts (none with E2E_SNAPSHOTS=0, as in CI). */
async function shot(name: string) {
  await snapshot(page, name);
}

/** The visible part only (the card and the field at each width). */
async function polishShot(name: string) {
  await snapshot(page, name, { fullPage: false });
}

const uploadRow = async () =>
  (
    await sql<{ upload_offset: string; upload_length: string; locked_until: Date | null }>(
      'SELECT upload_offset, upload_length, locked_until FROM video_uploads WHERE post_id = $1',
      [postId],
    )
  )[0];

describe('video on a post', () => {
  it('the card of a post with a video but no cover says "Vídeo" and "Sem capa", not "Sem imagem"', async () => {
    const [post] = await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Reel sem capa', 'Bastidores da torra.', 'instagram', 2, now() + interval '4 days') RETURNING id`,
      [themeId, ownerId],
    );
    const mediaId = crypto.randomUUID();
    await sql(
      `INSERT INTO post_media (id, post_id, user_id, position, kind, storage_key, thumb_key, mime_type, width,
         height, size_bytes, duration_seconds, rotation, container, video_codec, video_codec_string, frame_rate, bitrate)
       VALUES ($1, $2, $3, 0, 'video', $4, NULL, 'video/mp4', 1080, 1920, 1000, 20, 0, 'mp4', 'avc', 'avc1.640028', 30, 1000)`,
      [mediaId, post!.id, ownerId, `posts/${ownerId}/${post!.id}/${mediaId}.mp4`],
    );
    await page.goto('/scheduled-posts');
    const card = page.getByRole('article', { name: 'Reel sem capa', exact: true });
    await card.getByTestId('media-video-badge').waitFor();
    expect(await card.getByTestId('media-video-badge').textContent()).toBe('Vídeo');
    // "Sem capa", read with its hint (visually hidden).
    expect(await card.getByTestId('media-no-cover-badge').textContent()).toMatch(
      /^Sem capa: O vídeo ainda não tem capa/,
    );
    expect(await card.getByTestId('media-required-badge').count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await polishShot('video-card-no-cover-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await polishShot('video-card-no-cover-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await sql('DELETE FROM suggested_posts WHERE id = $1', [post!.id]);
  }, 60_000);

  it('uploads resumably, pauses past half way and resumes from the server offset, picks a frame cover', async () => {
    await page.goto('/scheduled-posts');
    await page
      .getByRole('article')
      .filter({ hasText: 'Post com vídeo' })
      .getByRole('button', { name: 'Editar' })
      .click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true });
    await field.waitFor();
    await field.scrollIntoViewIfNeeded();
    await polishShot('media-field-label-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await field.scrollIntoViewIfNeeded();
    await polishShot('media-field-label-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A slow uplink (~600 KB/s), so the upload takes seconds and can be paused half way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 600 * 1024,
    });
    const patchOffsets: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/video-uploads/'))
        patchOffsets.push(Number(request.headers()['upload-offset']));
    });

    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'reel.mp4', mimeType: 'video/mp4', buffer: video });
    const progress = dialog.getByTestId('video-upload');
    await progress.waitFor();
    // Past half way by the page's own progress, then "Pausar".
    await expect
      .poll(async () => Number(/(\d+)%/.exec((await progress.textContent()) ?? '')?.[1] ?? 0), {
        timeout: 60_000,
        interval: 100,
      })
      .toBeGreaterThanOrEqual(50);
    await shot('video-upload-progress-1280');
    await dialog.getByRole('button', { name: 'Pausar', exact: true }).click();
    await dialog.getByRole('button', { name: 'Continuar', exact: true }).waitFor();
    await expect.poll(async () => (await progress.textContent()) ?? '').toContain('Envio pausado: reel.mp4');

    // The server kept what arrived before the cut: an offset past zero, short of the end.
    let paused = 0;
    await expect
      .poll(
        async () => {
          const row = await uploadRow();
          paused = Number(row?.upload_offset ?? 0);
          return row !== undefined && row.locked_until === null && paused > 0;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(paused).toBeLessThan(video.length);
    process.stdout.write(`[video-upload] pausado em ${paused} de ${video.length} bytes\n`);

    // Full speed again; "Continuar" asks the server where it stopped and goes on from there.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const before = patchOffsets.length;
    await dialog.getByRole('button', { name: 'Continuar', exact: true }).click();
    const card = dialog.getByTestId('post-video');
    await card.waitFor({ timeout: 60_000 });
    expect(patchOffsets[0]).toBe(0);
    expect(patchOffsets.slice(before)[0]).toBe(paused);
    expect(patchOffsets.slice(before)).not.toContain(0);

    // The video as stored: probed, shown from its signed URL, the same bytes as the file.
    await expect
      .poll(async () => (await card.getByTestId('video-facts').textContent()) ?? '')
      .toContain('1080 × 1920 px');
    const src = (await card.locator('video').getAttribute('src')) as string;
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(
      createHash('sha256')
        .update(await served.body())
        .digest('hex'),
    ).toBe(createHash('sha256').update(video).digest('hex'));
    const [row] = await sql<{
      kind: string;
      width: number;
      height: number;
      video_codec: string;
      size_bytes: number;
    }>('SELECT kind, width, height, video_codec, size_bytes FROM post_media WHERE post_id = $1', [postId]);
    expect(row).toEqual({
      kind: 'video',
      width: 1080,
      height: 1920,
      video_codec: 'avc',
      size_bytes: video.length,
    });
    // LinkedIn publishes video (its Videos API): no refusal under the video.
    expect(await card.getByTestId('video-not-published').count()).toBe(0);

    // The cover: scrub to 2 s, "Usar este quadro" (drawn in the browser, saved as an image).
    await useFrameAsCover(card, 2);
    await card.getByRole('img', { name: 'Capa do vídeo', exact: true }).waitFor();
    const [cover] = await sql<{
      cover_time_seconds: number;
      cover_key: string | null;
      thumb_key: string | null;
    }>('SELECT cover_time_seconds, cover_key, thumb_key FROM post_media WHERE post_id = $1', [postId]);
    expect(cover?.cover_time_seconds).toBeCloseTo(2, 1);
    expect(cover?.cover_key).toMatch(/\.jpg$/);
    expect(cover?.thumb_key).toMatch(/-thumb\.webp$/);
    await card.scrollIntoViewIfNeeded();
    await shot('video-edit-dialog-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await shot('video-edit-dialog-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Salvar keeps the video and the schedule: LinkedIn publishes it.
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  }, 240_000);
});
