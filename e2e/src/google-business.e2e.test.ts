// Issue 31, Google Meu Negócio (Google Business Profile) in Chromium against the sandbox: the person
// connects through Google's OAuth (business.manage), then the picker listing the two verified
// locations they manage (the unverified branch is not offered). 'Editar Post' shows the Novidade as
// the business's (its name, the photo), refuses a text over 1,500 characters and a second image in
// pt-BR before saving them, and the worker publishes the post exactly once to the chosen location
// (the sandbox's received LocalPost asserted). Screenshots of the picker, the card and the preview
// at 1280 and 375 px.
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
  'Pão de queijo saindo do forno todo sábado às 8h.\n\nVeja o cardápio completo: https://padaria.example/cardapio';

async function image(i: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="100%" height="100%" fill="#1a73e8"/><text x="600" y="520" font-size="220" text-anchor="middle" font-family="sans-serif" fill="white">${i + 1}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

describe('Google Meu Negócio', () => {
  it('connects a verified location through the picker, previews, refuses in pt-BR and publishes once', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('google-negocio');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    await page.goto('/connected-accounts');
    const card = page.getByRole('article', { name: 'Conta Google Meu Negócio', exact: true });
    await card.getByText('Não conectado').waitFor();
    await card.getByRole('button', { name: 'Conectar' }).click();
    const picker = page.getByRole('dialog', { name: 'Escolha o Perfil da Empresa no Google' });
    await picker.waitFor({ timeout: 20_000 });
    // Two verified locations; the unverified branch ("— Filial") is not offered. The dialog opens
    // before its list arrives: wait for a location before counting (count() does not wait).
    await picker.getByRole('radio', { name: /Ana Souza Fotografia/ }).waitFor();
    await expect(picker.getByRole('radio').count()).resolves.toBe(2);
    await expect(picker.getByText(/Filial/).count()).resolves.toBe(0);
    await settle(page);
    await snapshot(page, 'google-business-picker-1280');
    await picker
      .getByRole('radio', { name: 'Ana Souza Fotografia — Rua Augusta, 1010, São Paulo', exact: true })
      .check();
    await picker.getByRole('button', { name: 'Conectar local' }).click();
    await page.getByText(/^Conta Google Meu Negócio conectada com sucesso!/).waitFor();
    await picker.waitFor({ state: 'detached' });
    await card.getByText('Ana Souza Fotografia').waitFor();

    const accounts = await sql<{ platform: string; platform_user_id: string; has_refresh: boolean }>(
      `SELECT a.platform, a.platform_user_id, a.refresh_token IS NOT NULL AS has_refresh
       FROM connected_accounts a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND a.is_active ORDER BY a.platform`,
      [email],
    );
    expect(accounts.map((a) => a.platform)).toEqual(['google_business']);
    const location = accounts[0]!;
    expect(location.platform_user_id).toMatch(/^accounts\/\d+\/locations\/\d+$/);
    expect(location.has_refresh).toBe(true);
    await snapshot(page, 'google-business-connected-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByText('Ana Souza Fotografia').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snapshot(page, 'google-business-connected-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Padaria', 'Novidades da loja', ARRAY['casual'], ARRAY['google_business'], 'daily', 'blue') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const [{ id: postId }] = (await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Novidade da padaria', $3, 'google_business', 1, now() + interval '2 days') RETURNING id`,
      [themeId, userId, CONTENT],
    )) as [{ id: string }];

    const openEditor = async () => {
      await page.goto('/scheduled-posts');
      await page
        .getByRole('article', { name: 'Novidade da padaria', exact: true })
        .getByRole('button', { name: 'Editar' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await openEditor();
    const figure = dialog.getByRole('figure', { name: 'Prévia no Google Meu Negócio', exact: true });
    await figure.getByText('Ana Souza Fotografia', { exact: true }).waitFor();

    // Over Google's 1,500: refused before saving, the text unchanged.
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill('a'.repeat(1501));
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog
      .getByText(
        /O conteúdo ultrapassa o limite de 1\.?500 caracteres do Google Meu Negócio\. Encurte o texto para salvar\./,
      )
      .first()
      .waitFor();
    const [unchanged] = await sql<{ content: string; version: number }>(
      'SELECT content, version FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(unchanged).toEqual({ content: CONTENT, version: 1 });
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill(CONTENT);
    // Shortened: the refusal goes with it.
    await dialog
      .getByText(/O conteúdo ultrapassa o limite de 1\.?500 caracteres do Google Meu Negócio/)
      .first()
      .waitFor({ state: 'detached' });

    // Two photos: Google takes one; the second is refused with its pt-BR reason.
    const files = await Promise.all(
      [0, 1].map(async (i) => ({
        name: `foto-${i + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await image(i),
      })),
    );
    await dialog.locator('input[type="file"]').setInputFiles(files);
    await dialog.getByText(/foto-2\.jpg: .*Google Meu Negócio/).waitFor({ timeout: 30_000 });
    await dialog.getByRole('img', { name: 'Imagem 1', exact: true }).waitFor({ timeout: 30_000 });
    const stored = await sql<{ n: string }>('SELECT count(*) AS n FROM post_media WHERE post_id = $1', [
      postId,
    ]);
    expect(Number(stored[0]!.n)).toBe(1);
    await figure.getByRole('img').first().waitFor();
    await settle(page);
    await dialog.screenshot({
      path: new URL('../artifacts/google-business-preview-1280.png', import.meta.url).pathname,
    });
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 375, height: 812 });
    dialog = await openEditor();
    const phoneFigure = dialog.getByRole('figure', { name: 'Prévia no Google Meu Negócio', exact: true });
    await phoneFigure.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({
      path: new URL('../artifacts/google-business-preview-375.png', import.meta.url).pathname,
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Due in a few seconds: the worker posts the Novidade to the chosen location, exactly once.
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
    const sent = (await (await fetch(`${sandboxUrl}/__sandbox/posts?network=google_business`)).json()) as {
      posts: { id: string; text: string; authorId: string; media: unknown[] }[];
    };
    const ours = sent.posts.filter((p) => p.text === CONTENT);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.authorId).toBe(location.platform_user_id);
    expect(ours[0]!.media).toHaveLength(1);
    const calls = (await (
      await fetch(
        `${sandboxUrl}/__sandbox/requests?host=mybusiness.googleapis.com&pathPrefix=/v4/${location.platform_user_id}/localPosts&method=POST`,
      )
    ).json()) as { requests: { body: Record<string, unknown> }[] };
    const creates = calls.requests.filter((r) => r.body.summary === CONTENT);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toMatchObject({
      languageCode: 'pt-BR',
      topicType: 'STANDARD',
      callToAction: { actionType: 'LEARN_MORE', url: 'https://padaria.example/cardapio' },
      media: [{ mediaFormat: 'PHOTO' }],
    });
    const [published] = await sql<{ platform_post_id: string }>(
      'SELECT platform_post_id FROM published_posts WHERE suggested_post_id = $1',
      [postId],
    );
    expect(published?.platform_post_id).toBe(ours[0]!.id);
    await context.close();
  });
});
