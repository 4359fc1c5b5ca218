// Issue 26 in Chromium, two things a person notices:
// 1. A video upload survives a page reload: the person starts sending a 1080 × 1920 MP4 (made in
//    the test, video-fixture.ts) over a slow uplink, reloads the page half way, opens the post
//    again and adds the same file: tus-js-client finds the upload's URL it kept in localStorage,
//    asks the server where it stopped (HEAD) and goes on from the server's offset — no new upload is
//    created and no byte is sent from 0 again; the stored video is the file, byte for byte.
// 2. The preview draws the video as the network shows it: on Instagram a Reel (9:16 frame, the
//    first frame until a cover is chosen, then the cover, "0:12", the account and the caption over
//    it), on LinkedIn and X the frame in the feed card. Screenshots at 1280 and 375 px, light and
//    dark, in e2e/artifacts; axe on the dialog.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { logIn, signUp } from './flows.js';
import { makeVideoInChromium, useFrameAsCover } from './video-fixture.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let postId: string;
let video: Buffer;
let dir: string;
let file: string;
let email: string;

const TITLE = 'Reel da torra';
const CAPTION =
  'Bastidores da torra de hoje: do grão verde ao café na xícara em doze segundos. Conta aqui nos comentários qual é o seu método preferido de preparo! #cafe #torra';

beforeAll(async () => {
  browser = await launchBrowser();
  video = await makeVideoInChromium(browser, { seconds: 12, width: 1080, height: 1920, frameRate: 30 });
  // A file on disk (not a buffer): the browser's File then has the file's own modification time,
  // which is part of tus's fingerprint, as when a person picks the same file again.
  dir = await mkdtemp(path.join(tmpdir(), 'pauta-vidpreview-'));
  file = path.join(dir, 'torra.mp4');
  await writeFile(file, video);
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  email = uniqueEmail('vidpreview');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  const userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Café', 'Descrição', ARRAY['professional'], ARRAY['instagram'], 'daily', 'blue') RETURNING id`,
    [userId],
  );
  const [post] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
     VALUES ($1, $2, $3, $4, 'instagram', 1, now() + interval '3 days') RETURNING id`,
    [theme!.id, userId, TITLE, CAPTION],
  );
  postId = post!.id;
}, 180_000);
afterAll(async () => {
  await close?.();
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function openDialog(target: Page = page) {
  await target.goto('/scheduled-posts');
  await target
    .getByRole('article')
    .filter({ hasText: TITLE })
    .getByRole('button', { name: 'Editar' })
    .click();
  const dialog = target.getByRole('dialog');
  await dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true }).waitFor();
  return dialog;
}

const uploadRows = () =>
  sql<{ id: string; upload_offset: string; upload_length: string; locked_until: Date | null }>(
    'SELECT id, upload_offset, upload_length, locked_until FROM video_uploads WHERE post_id = $1',
    [postId],
  );

/** Waits until the `<video>` drawing a first frame has one. */
/** The preview's player once a cover is chosen (its poster). */
const WITH_COVER = 'Vídeo do post, com a capa escolhida';

/** The player's poster (the cover) is in: the picture on screen is the cover. */
async function posterLoaded(element: Locator) {
  await element.waitFor();
  await element.evaluate(
    (node: HTMLVideoElement) =>
      new Promise<void>((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve();
        image.onerror = () => reject(new Error(`cover not loaded: ${node.poster}`));
        image.src = node.poster;
      }),
  );
}

async function frameLoaded(element: Locator) {
  await element.evaluate(
    (node: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        if (node.readyState >= 2) resolve();
        else node.addEventListener('loadeddata', () => resolve(), { once: true });
      }),
  );
}

async function previewShot(target: Page, name: string) {
  const preview = target.getByRole('dialog').getByRole('region', { name: 'Prévia', exact: true });
  // The preview from its top (its heading), as a person scrolling to it sees it.
  // (below the dialog's sticky header: the margin is the picture's, not the app's).
  await preview.evaluate((element) => {
    (element as HTMLElement).style.scrollMarginTop = '72px';
    element.scrollIntoView({ block: 'start' });
  });
  // In e2e/artifacts (none with E2E_SNAPSHOTS=0, as in CI).
  await snapshot(target, name, { fullPage: false });
}

async function setScheme(target: Page, scheme: 'light' | 'dark') {
  await target.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
}

describe('video upload across a reload, and the video preview per network', () => {
  it('resumes after a page reload from the server offset: same upload, no byte sent twice from 0', async () => {
    const creations: string[] = [];
    const patches: { offset: number; url: string; at: number }[] = [];
    const heads: string[] = [];
    let reloadedAt = Number.POSITIVE_INFINITY;
    page.on('request', (request) => {
      const url = request.url();
      if (request.method() === 'POST' && url.endsWith(`/api/posts/${postId}/video`)) creations.push(url);
      if (request.method() === 'HEAD' && url.includes('/api/video-uploads/')) heads.push(url);
      if (request.method() === 'PATCH' && url.includes('/api/video-uploads/'))
        patches.push({ offset: Number(request.headers()['upload-offset']), url, at: Date.now() });
    });

    let dialog = await openDialog();
    // A slow uplink (~250 KB/s): the upload takes seconds, so the page can be reloaded half way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 250 * 1024,
    });
    await dialog.locator('input[type="file"]').first().setInputFiles(file);
    const progress = dialog.getByTestId('video-upload');
    await progress.waitFor();
    await expect
      .poll(async () => Number(/(\d+)%/.exec((await progress.textContent()) ?? '')?.[1] ?? 0), {
        timeout: 60_000,
        interval: 100,
      })
      .toBeGreaterThanOrEqual(25);
    expect(creations).toHaveLength(1);
    const [started] = await uploadRows();
    expect(started).toBeDefined();
    // The browser kept the upload's URL under the post's and the file's fingerprint.
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('tus::pauta-video:'))
        .map((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as { uploadUrl?: string }),
    );
    expect(stored.map((entry) => entry.uploadUrl)).toEqual([`/api/video-uploads/${started!.id}`]);

    // The page is reloaded mid-upload (the PATCH in flight is cut).
    reloadedAt = Date.now();
    await page.reload();
    await page.getByRole('heading').first().waitFor();
    let kept = 0;
    await expect
      .poll(
        async () => {
          const [row] = await uploadRows();
          kept = Number(row?.upload_offset ?? 0);
          return row !== undefined && row.locked_until === null && kept > 0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(kept).toBeLessThan(video.length);
    process.stdout.write(`[vidpreview] recarregado com ${kept} de ${video.length} bytes no servidor\n`);

    // Full speed again; the person opens the post and adds the same file.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    dialog = await openDialog();
    await dialog.locator('input[type="file"]').first().setInputFiles(file);
    const card = dialog.getByTestId('post-video');
    await card.waitFor({ timeout: 60_000 });

    // The same upload went on: no creation after the reload, a HEAD on its URL, and its first PATCH
    // started at the server's offset (never 0).
    expect(creations).toHaveLength(1);
    expect(heads.some((url) => url.endsWith(`/api/video-uploads/${started!.id}`))).toBe(true);
    const after = patches.filter((patch) => patch.at > reloadedAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after[0]!.offset).toBe(kept);
    expect(after.map((patch) => patch.offset)).not.toContain(0);
    expect(after.every((patch) => patch.url.endsWith(`/api/video-uploads/${started!.id}`))).toBe(true);

    // The video stored is the upload (its id) and the file, byte for byte.
    const [media] = await sql<{ id: string; size_bytes: number }>(
      'SELECT id, size_bytes FROM post_media WHERE post_id = $1',
      [postId],
    );
    expect(media).toEqual({ id: started!.id, size_bytes: video.length });
    const src = (await card.locator('video').getAttribute('src')) as string;
    const served = await page.request.get(src);
    expect(
      createHash('sha256')
        .update(await served.body())
        .digest('hex'),
    ).toBe(createHash('sha256').update(video).digest('hex'));
    // Finished: the browser forgets the URL (a new pick of the file is a new upload).
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('tus::pauta-video:')),
      ),
    ).toEqual([]);
  }, 240_000);

  it('Instagram: the Reel frame — first frame, then the chosen cover; "0:12", the account and the caption', async () => {
    const dialog = await openDialog();
    const reel = dialog.getByRole('figure', { name: 'Prévia no Instagram' });
    const frame = reel.getByTestId('preview-video');
    expect(await frame.getAttribute('data-layout')).toBe('vertical-overlay');
    // No cover yet: a player showing the video's first frame, named for screen readers.
    const still = reel.getByLabel('Vídeo do post (ainda sem capa: mostra o primeiro quadro)', {
      exact: true,
    });
    await frameLoaded(still);
    expect(await reel.getByTestId('preview-video-duration').textContent()).toBe('0:12Duração: 12 segundos');
    expect(await reel.getByTestId('post-preview').textContent()).toMatch(/^Bastidores da torra de hoje/);
    await reel.getByRole('button', { name: 'mais', exact: true }).waitFor();
    await previewShot(page, 'vidpreview-reel-first-frame-1280');

    // A cover: the frame at 3 s. The preview shows it at once.
    const card = dialog.getByTestId('post-video');
    await useFrameAsCover(card, 3);
    const cover = reel.getByLabel(WITH_COVER, { exact: true });
    await cover.waitFor();
    await posterLoaded(cover);
    // The 9:16 frame fills the preview's width, up to a phone's.
    const box = (await frame.boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(16 / 9, 1);
    await previewShot(page, 'vidpreview-reel-cover-1280');

    const report = new AxeReport();
    await scan(page, report, 'editar post com vídeo (Reel)', 'light-1280');
    await setScheme(page, 'dark');
    await openDialog();
    await page
      .getByRole('figure', { name: 'Prévia no Instagram' })
      .getByLabel(WITH_COVER, { exact: true })
      .waitFor();
    await previewShot(page, 'vidpreview-reel-dark-1280');
    await scan(page, report, 'editar post com vídeo (Reel)', 'dark-1280');

    const small = await newPage(browser, { width: 375, height: 800 });
    try {
      await logIn(small.page, email);
      await small.page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      for (const scheme of ['light', 'dark'] as const) {
        await setScheme(small.page, scheme);
        const shown = await openDialog(small.page);
        const smallReel = shown.getByRole('figure', { name: 'Prévia no Instagram' });
        await posterLoaded(smallReel.getByLabel(WITH_COVER, { exact: true }));
        const smallBox = (await smallReel.getByTestId('preview-video').boundingBox())!;
        expect(smallBox.x).toBeGreaterThanOrEqual(0);
        expect(smallBox.x + smallBox.width).toBeLessThanOrEqual(375);
        await previewShot(small.page, `vidpreview-reel-${scheme === 'dark' ? 'dark-' : ''}375`);
        await scan(small.page, report, 'editar post com vídeo (Reel)', `${scheme}-375`);
      }
    } finally {
      await small.context.close();
    }
    await setScheme(page, 'light');
    expect(report.describeBlocking()).toBe('');
  }, 180_000);

  it('LinkedIn and X: the video in the feed card under the text, with its duration', async () => {
    const report = new AxeReport();
    for (const [platform, label] of [
      ['linkedin', 'LinkedIn'],
      ['x', 'X (Twitter)'],
    ] as const) {
      await sql('UPDATE suggested_posts SET platform = $2 WHERE id = $1', [postId, platform]);
      for (const scheme of ['light', 'dark'] as const) {
        await setScheme(page, scheme);
        const dialog = await openDialog();
        const shown = dialog.getByRole('figure', { name: `Prévia no ${label}` });
        const frame = shown.getByTestId('preview-video');
        expect(await frame.getAttribute('data-layout')).toBe('feed');
        await posterLoaded(shown.getByLabel(WITH_COVER, { exact: true }));
        expect(await shown.getByTestId('preview-video-duration').textContent()).toBe(
          '0:12Duração: 12 segundos',
        );
        // A 9:16 video in a feed: kept at 4:5 at most, letterboxed.
        const box = (await frame.boundingBox())!;
        expect(box.height / box.width).toBeCloseTo(5 / 4, 1);
        await previewShot(page, `vidpreview-${platform}-feed-${scheme === 'dark' ? 'dark-' : ''}1280`);
        await scan(page, report, `editar post com vídeo (${label})`, `${scheme}-1280`);
      }
    }
    await setScheme(page, 'light');
    await page.setViewportSize({ width: 375, height: 800 });
    await openDialog();
    await page.getByRole('figure', { name: 'Prévia no X (Twitter)' }).getByTestId('preview-video').waitFor();
    await previewShot(page, 'vidpreview-x-feed-375');
    await scan(page, report, 'editar post com vídeo (X)', 'light-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(report.describeBlocking()).toBe('');
  }, 180_000);
});
