// Issue 31, LinkedIn Pages in Chromium against sandbox LinkedIn: the person connects their own
// LinkedIn profile, then a company Page (the Community Management OAuth, then the picker listing
// the two Pages they administer); both stay connected. 'Editar Post' shows the post as a Page's
// (company name, "seguidores"), refuses a text over 3,000 characters and a fifth image in pt-BR
// before saving them, and the worker publishes the post exactly once as urn:li:organization.
// Screenshots of the picker, the cards and the preview at 1280 and 375 px.
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
  'Novidade no estúdio: ensaios de família aos sábados.\n\nAgende pelo site e garanta o seu horário. #fotografia';

async function image(i: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="100%" height="100%" fill="#0a66c2"/><text x="600" y="520" font-size="220" text-anchor="middle" font-family="sans-serif" fill="white">${i + 1}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

describe('LinkedIn Pages', () => {
  it('connects a Page beside the profile, previews, refuses in pt-BR and publishes once as the organisation', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('linkedin-pagina');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    // The personal profile first.
    await page.goto('/connected-accounts');
    const profile = page.getByRole('article', { name: 'Conta LinkedIn', exact: true });
    await profile.getByRole('button', { name: 'Conectar' }).click();
    await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
    await profile.getByText('Conectado', { exact: true }).waitFor();

    // Then the company Page: two administered, the picker asks which.
    const card = page.getByRole('article', { name: 'Conta LinkedIn (Página)' });
    await card.getByText('Não conectado').waitFor();
    await card.getByRole('button', { name: 'Conectar' }).click();
    const picker = page.getByRole('dialog', { name: 'Escolha a Página do LinkedIn' });
    await picker.waitFor({ timeout: 20_000 });
    // The dialog opens before its list arrives: wait for a Page before counting (count() does not wait).
    await picker.getByRole('radio', { name: 'Página de Ana' }).waitFor();
    await expect(picker.getByRole('radio').count()).resolves.toBe(2);
    await settle(page);
    await snapshot(page, 'linkedin-pages-picker-1280');
    await picker.getByRole('radio', { name: 'Ana Souza Fotografia' }).check();
    await picker.getByRole('button', { name: 'Conectar Página' }).click();
    await page.getByText(/^Conta LinkedIn \(Página\) conectada com sucesso!/).waitFor();
    await picker.waitFor({ state: 'detached' });
    await card.getByText('Ana Souza Fotografia').waitFor();
    await card.getByText(/seguidores/).waitFor();
    await profile.getByText('Conectado', { exact: true }).waitFor();

    const accounts = await sql<{ platform: string; platform_user_id: string; has_refresh: boolean }>(
      `SELECT a.platform, a.platform_user_id, a.refresh_token IS NOT NULL AS has_refresh
       FROM connected_accounts a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND a.is_active ORDER BY a.platform`,
      [email],
    );
    expect(accounts.map((a) => a.platform)).toEqual(['linkedin', 'linkedin_page']);
    const organization = accounts[1]!;
    expect(organization.platform_user_id).toMatch(/^2\d{9}$/);
    expect(organization.has_refresh).toBe(true);
    await snapshot(page, 'linkedin-pages-connected-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByText('Ana Souza Fotografia').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snapshot(page, 'linkedin-pages-connected-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A Page post, as the AI would have drafted it.
    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Estúdio', 'Fotografia', ARRAY['professional'], ARRAY['linkedin_page'], 'daily', 'blue') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const [{ id: postId }] = (await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Post da Página', $3, 'linkedin_page', 1, now() + interval '2 days') RETURNING id`,
      [themeId, userId, CONTENT],
    )) as [{ id: string }];

    const openEditor = async () => {
      await page.goto('/scheduled-posts');
      await page
        .getByRole('article', { name: 'Post da Página', exact: true })
        .getByRole('button', { name: 'Editar' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await openEditor();
    const figure = dialog.getByRole('figure', { name: 'Prévia no LinkedIn (Página)' });
    await figure.getByText('Ana Souza Fotografia', { exact: true }).waitFor();
    await figure.getByText(/seguidores/).waitFor();
    await settle(page);
    await figure.screenshot({
      path: new URL('../artifacts/linkedin-pages-preview-figure-1280.png', import.meta.url).pathname,
    });

    // Over LinkedIn's 3,000: refused before saving, the text unchanged.
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill('a'.repeat(3001));
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog
      .getByText(
        /O conteúdo ultrapassa o limite de 3\.?000 caracteres do LinkedIn \(Página\)\. Encurte o texto para salvar\./,
      )
      .first()
      .waitFor();
    const [unchanged] = await sql<{ content: string; version: number }>(
      'SELECT content, version FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(unchanged).toEqual({ content: CONTENT, version: 1 });
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill(CONTENT);

    // Five images: four are kept, the fifth is refused with its pt-BR reason.
    const files = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => ({
        name: `foto-${i + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await image(i),
      })),
    );
    await dialog.locator('input[type="file"]').setInputFiles(files);
    await dialog.getByText('foto-5.jpg: Este post já tem 4 imagens.').waitFor();
    await dialog.getByRole('img', { name: 'Imagem 4', exact: true }).waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Texto alternativo da imagem 1').fill('Família no estúdio, fundo azul');
    await dialog.getByLabel('Texto alternativo da imagem 2').click();
    const stored = await sql<{ n: string }>('SELECT count(*) AS n FROM post_media WHERE post_id = $1', [
      postId,
    ]);
    expect(Number(stored[0]!.n)).toBe(4);
    await figure.getByRole('img', { name: 'Família no estúdio, fundo azul' }).waitFor();
    await dialog.screenshot({
      path: new URL('../artifacts/linkedin-pages-preview-1280.png', import.meta.url).pathname,
    });
    // Saved with the images (Cancelar would discard the ones added here).
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 375, height: 812 });
    dialog = await openEditor();
    const phoneFigure = dialog.getByRole('figure', { name: 'Prévia no LinkedIn (Página)' });
    await phoneFigure.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({
      path: new URL('../artifacts/linkedin-pages-preview-375.png', import.meta.url).pathname,
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Due in a few seconds: the worker publishes it as the organisation, exactly once.
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
    const sent = (await (await fetch(`${sandboxUrl}/__sandbox/posts?network=linkedin_page`)).json()) as {
      posts: { text: string; authorId: string; media: { altText: string }[] }[];
    };
    // LinkedIn keeps the commentary little-text escaped (the # of the hashtag).
    const escaped = CONTENT.replace('#', '\\#');
    const ours = sent.posts.filter((p) => p.text === escaped);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.authorId).toBe(organization.platform_user_id);
    expect(ours[0]!.media).toHaveLength(4);
    expect(ours[0]!.media[0]!.altText).toBe('Família no estúdio, fundo azul');
    const calls = (await (
      await fetch(`${sandboxUrl}/__sandbox/requests?host=api.linkedin.com&pathPrefix=/rest/posts&method=POST`)
    ).json()) as { requests: { body: { author?: string; commentary?: string } }[] };
    const creates = calls.requests.filter((r) => r.body.commentary === escaped);
    expect(creates.map((r) => r.body.author)).toEqual([
      `urn:li:organization:${organization.platform_user_id}`,
    ]);
    const [published] = await sql<{ platform_post_id: string }>(
      'SELECT platform_post_id FROM published_posts WHERE suggested_post_id = $1',
      [postId],
    );
    expect(published?.platform_post_id).toMatch(/^urn:li:share:\d+$/);
    await context.close();
  });
});
