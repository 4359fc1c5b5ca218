// "Novo post" with a video (issue 26 × issue 30; docs/composer.md, "Video") in Chromium: a person
// connects YouTube and LinkedIn through the sandbox, opens Novo post, attaches one vertical H.264
// MP4 (made in the test by WebCodecs, video-fixture.ts — never a downloaded file) under "Texto
// base" with "Adicionar vídeo", sees the upload's progress end in the video itself, picks YouTube +
// LinkedIn, answers YouTube's "conteúdo para crianças", schedules, and each sandbox network receives
// exactly one post of that account whose video bytes' sha256 is the file's. A refusal: X's own list
// holding the video refuses an image beside it in pt-BR in the X tab, and nothing is saved.
// Screenshots of the composer with a video at 1280 and 375 px, light and dark, with axe on each —
// the field, then each tab's preview drawing the video (YouTube's Short, LinkedIn's feed card).
import { createHash } from 'node:crypto';
import { mediaRejectionMessage } from '@pauta/core';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { clickConnect, expectToast, freshId, mutateInPage, sandboxControl, signUp } from './flows.js';
import { makeVideoInChromium } from './video-fixture.js';

type Network = 'youtube' | 'linkedin';
const TITLE = 'Torra do dia';
const BASE = 'A torra de hoje, do grão verde ao marrom, em poucos segundos. #café';
const FILE = 'torra-do-dia.mp4';

let browser: Browser;
let video: Buffer;
beforeAll(async () => {
  browser = await launchBrowser();
  // Vertical (a YouTube Short), longer than LinkedIn's 3-second minimum.
  video = await makeVideoInChromium(browser, { seconds: 5, width: 540, height: 960, frameRate: 15 });
}, 240_000);
afterAll(async () => browser?.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function person(sub: string) {
  return { sub, given_name: 'Rita', family_name: 'Souza', username: `rita${sub.slice(-8)}` };
}

/** The colour scheme of the open page (the toggle's effect) without closing the dialog. */
async function scheme(page: Page, value: 'light' | 'dark') {
  await page.evaluate((next) => {
    localStorage.setItem('mantine-color-scheme-value', next);
    document.documentElement.setAttribute('data-mantine-color-scheme', next);
  }, value);
}

/** Connects the given networks' sandbox accounts; answers the user's id and each account's id. */
async function connect(page: Page, email: string, cards: [control: string, card: string][]) {
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  for (const [network, card] of cards) {
    await sandboxControl('next-authorization', { network, user: person(freshId(19)) });
    await (await clickConnect(page, card)).getByText('Conectado', { exact: true }).first().waitFor();
  }
  const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  const accounts = await sql<{ platform: string; platform_user_id: string }>(
    'SELECT platform, platform_user_id FROM connected_accounts WHERE user_id = $1 AND is_active',
    [user!.id],
  );
  return { userId: user!.id, authorOf: new Map(accounts.map((a) => [a.platform, a.platform_user_id])) };
}

async function openComposer(page: Page, userId: string, networks: string[]): Promise<Locator> {
  await sql(
    `INSERT INTO themes (user_id, name, description, social_networks, color_palette)
     VALUES ($1, 'Bastidores da torra', 'Vídeos curtos da cafeteria', $2, 'orange')`,
    [userId, networks],
  );
  await page.goto('/scheduled-posts');
  await page.getByRole('button', { name: 'Novo post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo post' });
  await dialog.getByRole('combobox', { name: /^Tema/ }).click();
  await page.getByRole('option', { name: 'Bastidores da torra' }).click();
  await dialog.getByRole('textbox', { name: /^Título/ }).fill(TITLE);
  await dialog.getByRole('textbox', { name: 'Texto base' }).fill(BASE);
  return dialog;
}

/** Attaches the video under "Texto base" and waits for its progress to end in the video itself. */
async function attachVideo(page: Page, dialog: Locator): Promise<Locator> {
  const base = dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true });
  const chooser = page.waitForEvent('filechooser');
  await base.getByRole('button', { name: 'Adicionar vídeo' }).click();
  await (await chooser).setFiles({ name: FILE, mimeType: 'video/mp4', buffer: video });
  const progress = base.getByTestId('composer-video-progress');
  // The progress is said while the bytes go ("Enviando torra-do-dia.mp4: N%")…
  await progress.getByText(new RegExp(`^Enviando ${FILE}: \\d+%$`)).waitFor({ timeout: 30_000 });
  // …and the save buttons wait for it: read in one look at the page, since a fast upload may end
  // between two separate reads (it did once on the CI machine).
  const atOnce = await dialog.evaluate((element) => {
    const busy = element.querySelector('[data-testid="composer-video-progress"]')?.textContent ?? '';
    const schedule = [...element.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Agendar');
    return { uploading: /Enviando .+: \d+%/.test(busy), disabled: schedule?.disabled ?? null };
  });
  if (atOnce.uploading) expect(atOnce.disabled).toBe(true);
  const shown = base.locator('video');
  await shown.waitFor({ timeout: 120_000 }).catch(async (error: unknown) => {
    await snapshot(page, 'composer-video-upload-failed', { fullPage: false });
    throw new Error(`vídeo não apareceu: ${await base.evaluate((el) => el.outerHTML.slice(0, 3000))}`, {
      cause: error,
    });
  });
  await progress.waitFor({ state: 'detached' });
  expect(await shown.getAttribute('aria-label')).toBe(`Vídeo: ${FILE}`);
  await base.getByRole('button', { name: 'Remover o vídeo' }).waitFor();
  // Both buttons are closed to a list that holds its one video.
  expect(await base.getByRole('button', { name: 'Adicionar imagens' }).isDisabled()).toBe(true);
  expect(await base.getByRole('button', { name: 'Adicionar vídeo' }).isDisabled()).toBe(true);
  return base;
}

describe('Novo post with a video for YouTube and LinkedIn', () => {
  it('uploads the video before the post, and each network receives it exactly once', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('novo-post-video');
    const { userId, authorOf } = await connect(page, email, [
      ['google', 'YouTube'],
      ['linkedin', 'LinkedIn'],
    ]);
    expect([...authorOf.keys()].sort()).toEqual(['linkedin', 'youtube']);
    const dialog = await openComposer(page, userId, ['youtube', 'linkedin']);
    for (const label of ['YouTube', 'LinkedIn']) {
      const box = dialog.getByRole('checkbox', { name: label, exact: true });
      if (!(await box.isChecked())) await box.check();
    }
    const started = Date.now();
    const base = await attachVideo(page, dialog);
    const uploadMs = Date.now() - started;
    const [upload] = await sql<{ kind: string; size_bytes: string | number }>(
      'SELECT kind, size_bytes FROM composer_media WHERE user_id = $1',
      [userId],
    );
    expect({ kind: upload?.kind, size: Number(upload?.size_bytes) }).toEqual({
      kind: 'video',
      size: video.length,
    });

    // The screenshots of the composer with its video, at both widths and in both schemes, with axe.
    const report = new AxeReport();
    for (const mode of ['light', 'dark'] as const) {
      await scheme(page, mode);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${width} ${mode}`).toBeLessThanOrEqual(0);
        // The video and its row stay inside the dialog.
        const field = (await base.boundingBox())!;
        const shown = (await base.locator('video').boundingBox())!;
        expect(shown.x + shown.width, `${width} ${mode}`).toBeLessThanOrEqual(field.x + field.width + 0.5);
        await base.scrollIntoViewIfNeeded();
        await snapshot(page, `composer-video-${width}-${mode}`, { fullPage: false });
        await scan(page, report, 'Novo post com vídeo', `${mode}-${width}`);
      }
    }
    await scheme(page, 'light');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Each tab's preview draws the video as its network shows one: YouTube's Short in the 9:16
    // frame, LinkedIn's in the feed card (a vertical video kept at 4:5, letterboxed); a muted
    // inline player with its first frame, and "0:05" once the browser has read the file.
    for (const [label, layout, ratio] of [
      ['YouTube', 'vertical-overlay', 16 / 9],
      ['LinkedIn', 'feed', 5 / 4],
    ] as const) {
      await dialog.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
      const preview = dialog.getByRole('tabpanel').getByRole('figure', { name: `Prévia no ${label}` });
      const frame = preview.getByTestId('preview-video');
      await frame.waitFor();
      expect(await frame.getAttribute('data-layout'), label).toBe(layout);
      const player = preview.getByLabel('Vídeo do post (ainda sem capa: mostra o primeiro quadro)', {
        exact: true,
      });
      expect(
        await player.evaluate((element: HTMLVideoElement) => ({
          tag: element.tagName,
          muted: element.muted,
          inline: element.playsInline,
          controls: element.controls,
          preload: element.preload,
        })),
      ).toEqual({ tag: 'VIDEO', muted: true, inline: true, controls: true, preload: 'metadata' });
      await expect
        .poll(
          async () =>
            (await preview
              .getByTestId('preview-video-duration')
              .textContent()
              .catch(() => '')) ?? '',
          {
            timeout: 30_000,
          },
        )
        .toBe('0:05Duração: 5 segundos');
      const box = (await frame.boundingBox())!;
      expect(box.height / box.width, label).toBeCloseTo(ratio, 1);
      for (const mode of ['light', 'dark'] as const) {
        await scheme(page, mode);
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${label} ${width} ${mode}`).toBeLessThanOrEqual(0);
          await frame.scrollIntoViewIfNeeded();
          await snapshot(page, `composer-video-preview-${label.toLowerCase()}-${width}-${mode}`, {
            fullPage: false,
          });
          await scan(page, report, `Novo post com vídeo: prévia no ${label}`, `${mode}-${width}`);
        }
      }
      await scheme(page, 'light');
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(report.describeBlocking()).toBe('');

    // YouTube: the tab inherits the video and asks what YouTube needs.
    await dialog.getByRole('tab', { name: /^YouTube/ }).click();
    const youtube = dialog.getByRole('tabpanel');
    await youtube.getByText('Usa a mídia da base').waitFor();
    const options = youtube.getByRole('region', { name: 'Opções do YouTube' });
    await options.getByText('Não', { exact: true }).click();
    await youtube
      .getByTestId('preflight-panel')
      .getByText('Tudo certo para agendar.')
      .waitFor({ timeout: 30_000 });
    await dialog.getByRole('tab', { name: /^LinkedIn/ }).click();
    await dialog
      .getByRole('tabpanel')
      .getByTestId('preflight-panel')
      .getByText('Tudo certo para agendar.')
      .waitFor({ timeout: 30_000 });

    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await expectToast(page, '2 posts criados, um por rede.');
    await dialog.waitFor({ state: 'detached' });

    const posts = await sql<{ id: string; platform: Network; network_options: Record<string, unknown> }>(
      'SELECT id, platform, network_options FROM suggested_posts WHERE user_id = $1 AND title = $2 ORDER BY platform',
      [userId, TITLE],
    );
    expect(posts.map((p) => p.platform)).toEqual(['linkedin', 'youtube']);
    expect(posts.find((p) => p.platform === 'youtube')!.network_options).toMatchObject({
      madeForKids: false,
    });
    // Each post holds its own copy of the video; the upload is consumed.
    const media = await sql<{
      platform: string;
      kind: string;
      size_bytes: string | number;
      storage_key: string;
    }>(
      `SELECT p.platform, m.kind, m.size_bytes, m.storage_key FROM post_media m
       JOIN suggested_posts p ON p.id = m.post_id WHERE p.id = ANY($1) ORDER BY p.platform`,
      [posts.map((p) => p.id)],
    );
    expect(
      media.map(({ platform, kind, size_bytes }) => ({ platform, kind, size: Number(size_bytes) })),
    ).toEqual([
      { platform: 'linkedin', kind: 'video', size: video.length },
      { platform: 'youtube', kind: 'video', size: video.length },
    ]);
    expect(new Set(media.map((m) => m.storage_key)).size).toBe(2);
    expect(await sql('SELECT id FROM composer_media WHERE user_id = $1', [userId])).toEqual([]);

    // Due in a few seconds: the worker publishes both.
    const rescheduledAt = Date.now();
    for (const post of posts) {
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: post.id, scheduledFor: new Date(Date.now() + 4000).toISOString() },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, res.body).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (
            await sql<{ platform: string; status: string; last_error: string | null }>(
              'SELECT platform, status, last_error FROM suggested_posts WHERE id = ANY($1) ORDER BY platform',
              [posts.map((p) => p.id)],
            )
          ).map((r) => `${r.platform}:${r.status}${r.last_error ? ` ${r.last_error}` : ''}`),
        { timeout: 180_000, interval: 500 },
      )
      .toEqual(['linkedin:published', 'youtube:published']);
    const publishMs = Date.now() - rescheduledAt;

    const fileSha = sha256(video);
    for (const network of ['youtube', 'linkedin'] as const) {
      const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=${network}`);
      const { posts: sent } = (await res.json()) as {
        posts: { authorId: string; video?: { sha256: string; size: number } }[];
      };
      const ours = sent.filter((p) => p.authorId === authorOf.get(network));
      expect(ours, network).toHaveLength(1);
      expect(ours[0]!.video, network).toMatchObject({ sha256: fileSha, size: video.length });
    }
    process.stdout.write(
      `[composer-video] vídeo de ${video.length} bytes; envio até o vídeo aparecer ${uploadMs} ms; publicação das duas redes após reagendar para +4 s: ${publishMs} ms\n`,
    );
    await context.close();
  }, 600_000);

  it("refuses an image beside the video in X's own list, in pt-BR in the X tab, and saves nothing", async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('novo-post-video-x');
    const { userId } = await connect(page, email, [
      ['linkedin', 'LinkedIn'],
      ['x', 'X (Twitter)'],
    ]);
    const dialog = await openComposer(page, userId, ['linkedin', 'x']);
    await dialog.getByRole('tab', { name: /^X/ }).waitFor();
    await attachVideo(page, dialog);

    await dialog.getByRole('tab', { name: /^X/ }).click();
    const panel = dialog.getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Escolher mídia só para esta rede' }).click();
    await panel.getByText('Mídia própria').waitFor();
    const own = panel.getByRole('group', { name: 'Imagens ou vídeo para o X (Twitter)', exact: true });
    await own.locator('video').waitFor();
    // The image button is closed beside a video; a file picked anyway (drop, another input) is refused.
    await expect.poll(() => own.getByRole('button', { name: 'Adicionar imagens' }).isDisabled()).toBe(true);
    const image = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#5a3a1a' } })
      .jpeg()
      .toBuffer();
    await own
      .locator('input[type="file"]')
      .first()
      .setInputFiles([{ name: 'graos.jpg', mimeType: 'image/jpeg', buffer: image }]);
    const alert = own.getByRole('alert');
    await alert.waitFor();
    const refusal = mediaRejectionMessage({ reason: 'IMAGES_WITH_VIDEO' });
    expect(refusal).toBe('Este post já tem um vídeo. Remova o vídeo para adicionar imagens.');
    expect((await alert.textContent())?.trim()).toBe(refusal);
    await panel.scrollIntoViewIfNeeded();
    await snapshot(page, 'composer-video-x-image-refused-1280', { fullPage: false });
    // X keeps its one video; LinkedIn, inheriting, never heard of the image.
    expect(await own.locator('img').count()).toBe(0);
    const linkedinTab = dialog.getByRole('tab', { name: /^LinkedIn/ });
    await linkedinTab.click();
    await expect.poll(() => linkedinTab.getAttribute('aria-selected')).toBe('true');
    const linkedinPanel = dialog.getByRole('tabpanel', { name: /^LinkedIn/ });
    await linkedinPanel.waitFor();
    expect(await linkedinPanel.getByRole('alert').count()).toBe(0);

    // Nothing saved, and no image uploaded.
    expect(
      await sql('SELECT id FROM suggested_posts WHERE user_id = $1 AND title = $2', [userId, TITLE]),
    ).toEqual([]);
    expect(
      (await sql<{ kind: string }>('SELECT kind FROM composer_media WHERE user_id = $1', [userId])).map(
        (r) => r.kind,
      ),
    ).toEqual(['video']);
    process.stdout.write(`[composer-video] recusa no X: ${refusal}\n`);
    await context.close();
  }, 300_000);
});
