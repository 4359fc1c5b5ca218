// Issue 31, Pinterest in Chromium against sandbox Pinterest: an account without a board is refused
// in pt-BR (create a board first); the default user connects (Pinterest's OAuth, then the picker
// listing her two boards) and picks one. 'Editar Post' shows the pin as Pinterest does, warns that a
// pin needs an image, refuses a description over 800 characters and a fifth image in pt-BR before
// saving them, and the worker creates the pin exactly once on the chosen board (the sandbox's
// record of POST /v5/pins). Screenshots of the picker, the card and the preview at 1280 and 375 px.
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { mutateInPage, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const CONTENT =
  'Bolo de cenoura fofinho com cobertura de chocolate\n\nA receita completa e o passo a passo estão em https://padaria.exemplo/bolo-de-cenoura';

async function image(i: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1500"><rect width="100%" height="100%" fill="#e60023"/><text x="500" y="820" font-size="260" text-anchor="middle" font-family="sans-serif" fill="white">${i + 1}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function nextAuthorization(body: unknown) {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/next-authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

describe('Pinterest', () => {
  it('refuses an account without a board, connects a picked board, previews, refuses in pt-BR and pins once', {
    timeout: 150_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('pinterest');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await page.goto('/connected-accounts');
    const card = page.getByRole('article', { name: 'Conta Pinterest', exact: true });
    await card.getByText('Não conectado').waitFor();

    // A Pinterest account without a board: refused, told in pt-BR to create one first.
    await nextAuthorization({
      network: 'pinterest',
      user: { sub: '1000000000000000555', given_name: 'Sem', family_name: 'Pastas', pages: [] },
    });
    await card.getByRole('button', { name: 'Conectar' }).click();
    await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
    await page
      .getByRole('region', { name: 'Notificações' })
      .getByText(/Sua conta do Pinterest não tem nenhuma pasta\. Crie uma pasta no Pinterest/)
      .waitFor();
    await snapshot(page, 'pinterest-no-board-1280');
    await card.getByText('Não conectado').waitFor();

    // The default user has two boards: the picker asks which one Pauta pins to.
    await card.getByRole('button', { name: 'Conectar' }).click();
    const picker = page.getByRole('dialog', { name: 'Escolha a pasta do Pinterest' });
    await picker.waitFor({ timeout: 20_000 });
    await picker.getByRole('radio', { name: 'Página de Ana' }).waitFor();
    await expect(picker.getByRole('radio').count()).resolves.toBe(2);
    await picker.getByText(/acesso de teste \(Trial\)/).waitFor();
    await settle(page);
    await snapshot(page, 'pinterest-picker-1280');
    // The shared picker on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await settle(page);
    await snapshot(page, 'pinterest-picker-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await picker.getByRole('radio', { name: 'Ana Souza Fotografia' }).check();
    await picker.getByRole('button', { name: 'Conectar pasta' }).click();
    await page.getByText(/^Conta Pinterest conectada com sucesso!/).waitFor();
    await picker.waitFor({ state: 'detached' });
    await card.getByText('Conectado', { exact: true }).waitFor();
    await card.getByText('Pasta: Ana Souza Fotografia', { exact: true }).waitFor();

    const [board] = await sql<{ platform_user_id: string; platform_username: string; has_refresh: boolean }>(
      `SELECT a.platform_user_id, a.platform_username, a.refresh_token IS NOT NULL AS has_refresh
       FROM connected_accounts a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND a.is_active AND a.platform = 'pinterest'`,
      [email],
    );
    expect(board).toMatchObject({ platform_username: 'anasouza', has_refresh: true });
    expect(board!.platform_user_id).toMatch(/^5497\d{14}$/);
    await snapshot(page, 'pinterest-connected-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByText('Conectado', { exact: true }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snapshot(page, 'pinterest-connected-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A pin, as the AI would have drafted it.
    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Padaria', 'Receitas', ARRAY['casual'], ARRAY['pinterest'], 'daily', 'red') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const [{ id: postId }] = (await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Bolo de cenoura', $3, 'pinterest', 1, now() + interval '2 days') RETURNING id`,
      [themeId, userId, CONTENT],
    )) as [{ id: string }];

    const openEditor = async () => {
      await page.goto('/scheduled-posts');
      await page
        .getByRole('article', { name: 'Bolo de cenoura', exact: true })
        .getByRole('button', { name: 'Editar' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await openEditor();
    // No image yet: a pin needs one, said before the scheduled time.
    await dialog
      .getByText('O Pinterest só publica posts com imagem: adicione ao menos uma antes do horário agendado.')
      .waitFor();
    const figure = dialog.getByRole('figure', { name: 'Prévia no Pinterest' });
    await figure.waitFor();

    // Over Pinterest's 800: refused before saving, the text unchanged.
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill('a'.repeat(801));
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog
      .getByText(
        /O conteúdo ultrapassa o limite de 800 caracteres do Pinterest\. Encurte o texto para salvar\./,
      )
      .first()
      .waitFor();
    const [unchanged] = await sql<{ content: string; version: number }>(
      'SELECT content, version FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(unchanged).toEqual({ content: CONTENT, version: 1 });
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill(CONTENT);

    // Saved without an image: refused by Pinterest's own rule (a pin is an image), nothing changed.
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill(`${CONTENT} Sem foto.`);
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog
      .getByText('O Pinterest só publica posts com imagem. Adicione ao menos uma imagem e salve de novo.')
      .first()
      .waitFor();
    const [stillUnchanged] = await sql<{ content: string; version: number }>(
      'SELECT content, version FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(stillUnchanged).toEqual({ content: CONTENT, version: 1 });
    await settle(page);
    await dialog.screenshot({
      path: new URL('../artifacts/pinterest-no-image-refused-1280.png', import.meta.url).pathname,
    });
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill(CONTENT);

    // Five images: four are kept, the fifth is refused with its pt-BR reason.
    const files = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => ({
        name: `pin-${i + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await image(i),
      })),
    );
    await dialog.locator('input[type="file"]').setInputFiles(files);
    await dialog.getByText('pin-5.jpg: Este post já tem 4 imagens.').waitFor();
    await dialog.getByRole('img', { name: 'Imagem 4', exact: true }).waitFor({ timeout: 30_000 });
    await dialog
      .getByLabel('Texto alternativo da imagem 1')
      .fill('Bolo de cenoura com cobertura de chocolate');
    await dialog.getByLabel('Texto alternativo da imagem 2').click();
    await figure.getByRole('img', { name: 'Bolo de cenoura com cobertura de chocolate' }).waitFor();
    await settle(page);
    await dialog.screenshot({
      path: new URL('../artifacts/pinterest-preview-1280.png', import.meta.url).pathname,
    });
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 375, height: 812 });
    dialog = await openEditor();
    const phoneFigure = dialog.getByRole('figure', { name: 'Prévia no Pinterest' });
    await phoneFigure.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({
      path: new URL('../artifacts/pinterest-preview-375.png', import.meta.url).pathname,
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Due in a few seconds: the worker pins it on the chosen board, exactly once.
    const res = await mutateInPage(page, 'posts.reschedule', {
      json: { id: postId, scheduledFor: new Date(Date.now() + 3000).toISOString() },
      meta: { values: { scheduledFor: ['Date'] } },
    });
    expect(res.status, res.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await sql<{ status: string }>('SELECT status FROM suggested_posts WHERE id = $1', [postId]))[0]
            ?.status,
        { timeout: 40_000, interval: 500 },
      )
      .toBe('published');
    const sandboxUrl = e2eEnv().sandboxUrl;
    const sent = (await (await fetch(`${sandboxUrl}/__sandbox/posts?network=pinterest`)).json()) as {
      posts: { id: string; text: string; authorId: string; media: { altText: string }[] }[];
    };
    const ours = sent.posts.filter((p) => p.text === CONTENT);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.authorId).toBe(board!.platform_user_id);
    expect(ours[0]!.media).toHaveLength(4);
    const calls = (await (
      await fetch(`${sandboxUrl}/__sandbox/requests?host=api.pinterest.com&pathPrefix=/v5/pins&method=POST`)
    ).json()) as { requests: { body: Record<string, unknown> }[] };
    const creates = calls.requests.filter((r) => r.body.description === CONTENT);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toMatchObject({
      board_id: board!.platform_user_id,
      title: 'Bolo de cenoura',
      link: 'https://padaria.exemplo/bolo-de-cenoura',
      alt_text: 'Bolo de cenoura com cobertura de chocolate',
      media_source: { source_type: 'multiple_image_urls' },
    });
    const [published] = await sql<{ platform_post_id: string; url: string }>(
      'SELECT platform_post_id, url FROM published_posts WHERE suggested_post_id = $1',
      [postId],
    );
    expect(published).toEqual({
      platform_post_id: ours[0]!.id,
      url: `https://www.pinterest.com/pin/${ours[0]!.id}/`,
    });
    await context.close();
  });
});
