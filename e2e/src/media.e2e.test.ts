// Issue 15 items 1–2 in Chromium: a person opens a post, picks four images, watches them upload,
// describes and reorders them, and sees the first one's thumbnail in the list; a refused file gets
// its pt-BR reason. Screenshots of the dialog at 1280 and 375 px; axe on the dialog with images.

import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let userId: string;
let postId: string;

const COLORS = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9'];

async function image(i: number): Promise<Buffer> {
  const color = COLORS[i] ?? '#000000';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="100%" height="100%" fill="${color}"/><circle cx="600" cy="450" r="260" fill="white" opacity="0.85"/><text x="600" y="520" font-size="220" text-anchor="middle" font-family="sans-serif" fill="${color}">${i + 1}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('midia');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Café', 'Descrição', ARRAY['professional'], ARRAY['linkedin', 'instagram'], 'daily', 'blue') RETURNING id`,
    [userId],
  );
  const [post] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
     VALUES ($1, $2, 'Post com fotos', 'Quatro fotos do nosso café.', 'linkedin', 1, now() + interval '3 days') RETURNING id`,
    [theme!.id, userId],
  );
  postId = post!.id;
  await sql(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
     VALUES ($1, $2, 'Post do Instagram', 'Ainda sem foto.', 'instagram', 2, now() + interval '4 days')`,
    [theme!.id, userId],
  );
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

async function openEditor(p: Page, title = 'Post com fotos') {
  await p.goto('/scheduled-posts');
  const card = p.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: 'Editar' }).click();
  const dialog = p.getByRole('dialog');
  await dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true }).waitFor();
  return dialog;
}

describe('images on a post', () => {
  it('uploads four images, describes and reorders them, and shows the first in the list', async () => {
    const dialog = await openEditor(page);
    const files = await Promise.all(
      [0, 1, 2, 3].map(async (i) => ({
        name: `foto-${i + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await image(i),
      })),
    );
    const started = Date.now();
    await dialog.locator('input[type="file"]').setInputFiles(files);
    await dialog.getByRole('img', { name: 'Imagem 4', exact: true }).waitFor({ timeout: 30_000 });
    const uploadMs = Date.now() - started;
    process.stdout.write(
      `[media] 4 imagens (${files.reduce((n, f) => n + f.buffer.length, 0)} bytes) enviadas em ${uploadMs} ms\n`,
    );
    const stored = await sql<{ n: string }>('SELECT count(*) AS n FROM post_media WHERE post_id = $1', [
      postId,
    ]);
    expect(Number(stored[0]!.n)).toBe(4);
    // Full: no more "Adicionar imagens ou vídeo".
    await expect(
      dialog.getByRole('button', { name: 'Adicionar imagens ou vídeo', exact: true }).count(),
    ).resolves.toBe(0);

    await dialog.getByLabel('Texto alternativo da imagem 1').fill('Xícara azul com o número 1');
    await dialog.getByLabel('Texto alternativo da imagem 2').click();
    await dialog
      .getByRole('group', { name: 'Imagens ou vídeo', exact: true })
      .getByRole('img', { name: 'Xícara azul com o número 1' })
      .waitFor();

    // Keyboard: focus "move image 1 after" and press Enter; the focus follows the image.
    await dialog.getByRole('button', { name: 'Mover a imagem 1 para depois' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () =>
          (
            await sql<{ alt_text: string }>(
              'SELECT alt_text FROM post_media WHERE post_id = $1 AND position = 1',
              [postId],
            )
          )[0]?.alt_text,
      )
      .toBe('Xícara azul com o número 1');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focused).toBe('Mover a imagem 2 para depois');

    await dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true }).scrollIntoViewIfNeeded();
    await snapshot(page, 'media-edit-dialog-1280');
    const report = new AxeReport();
    await scan(page, report, 'edit dialog with images', '1280');
    expect(report.findings.filter((f) => f.impact === 'critical' || f.impact === 'serious')).toEqual([]);

    // Salvar keeps the images this dialog added (Cancelar would drop them).
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('article').filter({ hasText: 'Post com fotos' });
    await card.locator('img').first().waitFor();
    const src = await card.locator('img').first().getAttribute('src');
    expect(src).toMatch(/^\/media\/posts\/.+-thumb\.webp\?exp=\d+&sig=/);

    // The calendar's chip carries the same thumbnail.
    await page.getByText('Calendário', { exact: true }).click();
    const chip = page.locator(`[data-post-id="${postId}"]`);
    await chip.locator('img').waitFor();
    expect(await chip.locator('img').getAttribute('src')).toBe(src);
    await snapshot(page, 'media-calendar-1280');
  });

  it('looks right at 375 px and tells why a file is refused, in pt-BR', async () => {
    const opened = await newPage(browser, { width: 375, height: 812 });
    // The same person, on a phone: the session cookie of the first context.
    await opened.context.addCookies(await page.context().cookies());
    try {
      const dialog = await openEditor(opened.page);
      await dialog.getByRole('img', { name: 'Imagem 4', exact: true }).waitFor();
      await dialog.getByRole('img', { name: 'Imagem 4', exact: true }).scrollIntoViewIfNeeded();
      await snapshot(opened.page, 'media-edit-dialog-375');
      const report = new AxeReport();
      await scan(opened.page, report, 'edit dialog with images', '375');
      expect(report.findings.filter((f) => f.impact === 'critical' || f.impact === 'serious')).toEqual([]);
      // Remove one, then try a text file named .png: refused by content.
      await dialog.getByRole('button', { name: 'Remover a imagem 4' }).click();
      const group = dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true });
      await expect.poll(() => group.getByRole('img').count()).toBe(3);
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'nao-e-imagem.png',
        mimeType: 'image/png',
        buffer: Buffer.from('isto é texto'),
      });
      await dialog
        .getByText(
          'nao-e-imagem.png: Este arquivo não é uma imagem aceita. Envie uma imagem JPEG, PNG, WebP ou GIF.',
        )
        .waitFor();
      await dialog.getByTestId('media-errors').scrollIntoViewIfNeeded();
      await snapshot(opened.page, 'media-edit-dialog-375-error');
    } finally {
      await opened.context.close();
    }
  });

  it('an Instagram post without images is flagged on its card and in the dialog, until it has one', async () => {
    const hint = 'O Instagram só publica posts com imagem: adicione ao menos uma antes do horário agendado.';
    const report = new AxeReport();
    await page.goto('/scheduled-posts');
    const card = page.getByRole('article').filter({ hasText: 'Post do Instagram' });
    await card.getByTestId('media-required-badge').waitFor();
    await card.scrollIntoViewIfNeeded();
    await snapshot(page, 'media-instagram-card-1280', { fullPage: false });
    await scan(page, report, 'posts with an Instagram post without images', '1280');

    const dialog = await openEditor(page, 'Post do Instagram');
    await dialog.getByText(hint).waitFor();
    await dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true }).scrollIntoViewIfNeeded();
    await snapshot(page, 'media-instagram-dialog-1280');
    await scan(page, report, 'edit dialog, Instagram without images', '1280');

    const phone = await newPage(browser, { width: 375, height: 812 });
    await phone.context.addCookies(await page.context().cookies());
    try {
      const small = await openEditor(phone.page, 'Post do Instagram');
      await small.getByText(hint).scrollIntoViewIfNeeded();
      await snapshot(phone.page, 'media-instagram-dialog-375');
      await scan(phone.page, report, 'edit dialog, Instagram without images', '375');
      await phone.page.keyboard.press('Escape');
      await phone.page.getByRole('article').filter({ hasText: 'Post do Instagram' }).scrollIntoViewIfNeeded();
      await snapshot(phone.page, 'media-instagram-card-375', { fullPage: false });
      await scan(phone.page, report, 'posts with an Instagram post without images', '375');
    } finally {
      await phone.context.close();
    }
    expect(report.findings.filter((f) => f.impact === 'critical' || f.impact === 'serious')).toEqual([]);

    const count = async () =>
      Number(
        (
          await sql<{ n: string }>(
            `SELECT count(*) AS n FROM post_media m JOIN suggested_posts p ON p.id = m.post_id
             WHERE p.user_id = $1 AND p.title = 'Post do Instagram'`,
            [userId],
          )
        )[0]!.n,
      );
    // An image added and then cancelled (the button, then Escape) is not kept.
    for (const close of ['button', 'escape'] as const) {
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await image(0) });
      await dialog.getByRole('img', { name: 'Imagem 1', exact: true }).waitFor({ timeout: 30_000 });
      expect(await count()).toBe(1);
      if (close === 'button') await dialog.getByRole('button', { name: 'Cancelar' }).click();
      else await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(count).toBe(0);
      await card.getByTestId('media-required-badge').waitFor();
      await openEditor(page, 'Post do Instagram');
      await dialog.getByText(hint).waitFor();
    }
    // Added and saved: kept.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await image(0) });
    await dialog.getByRole('img', { name: 'Imagem 1', exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.getByText(hint).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await count()).toBe(1);
    // Opened again and cancelled: the image it already had stays.
    await openEditor(page, 'Post do Instagram');
    await dialog.getByRole('img', { name: 'Imagem 1', exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.locator('img').first().waitFor();
    expect(await count()).toBe(1);
    await expect.poll(() => card.getByTestId('media-required-badge').count()).toBe(0);
  });
});
