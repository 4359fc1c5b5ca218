// Issue 31, Mastodon in Chromium against sandbox Mastodon: the person types their instance in
// Contas Conectadas (an instance of the sandbox with an unusual 600-character limit, to prove the
// limit is read from it), Pauta registers its app there and connects through the instance's OAuth
// (PKCE); 'Editar Post' shows the toot as Mastodon's feed does, takes 550 characters (past
// Mastodon's default 500) and refuses 601 in pt-BR before anything is saved; a fifth image is
// refused; the worker publishes the post with its images and alt text exactly once. A typed
// address that is not https is refused in pt-BR. Screenshots at 1280 and 375 px.
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { mutateInPage, signUp } from './flows.js';

const INSTANCE = 'social.pauta-e2e.com.br';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const made = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/mastodon/instances`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ host: INSTANCE, maxCharacters: 600, title: 'Social Pauta' }),
  });
  expect(made.status).toBe(201);
});
afterAll(async () => browser?.close());

async function image(i: number): Promise<Buffer> {
  const color = ['#6364ff', '#e8590c', '#2f9e44', '#ae3ec9', '#1c7ed6'][i] ?? '#000000';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="100%" height="100%" fill="${color}"/><text x="600" y="520" font-size="220" text-anchor="middle" font-family="sans-serif" fill="white">${i + 1}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const CONTENT = `${'Café especial começa na escolha do grão. '.repeat(13)}#CafeEspecial https://pauta.app/cafe`;
const ALT = 'Xícara de café sobre a mesa de madeira';

describe('Mastodon', () => {
  it('connects any instance, previews, follows its limit, refuses a fifth image and publishes once', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('mastodon');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    await page.goto('/connected-accounts');
    const card = page.getByRole('article', { name: 'Conta Mastodon' });
    await card.getByText('Não conectado').waitFor();

    // An http address is refused in pt-BR before any call to it.
    await card.getByRole('button', { name: 'Conectar' }).click();
    let prompt = page.getByRole('dialog', { name: 'Conectar Mastodon' });
    await prompt.getByRole('textbox', { name: /Sua instância do Mastodon/ }).fill(`http://${INSTANCE}`);
    await snapshot(page, 'mastodon-instance-1280');
    await prompt.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/connected-accounts**');
    await page.getByText('A instância precisa usar https.', { exact: false }).first().waitFor();

    // The instance, typed as the person's handle: its app registered, then its OAuth (auto-approved).
    await page.goto('/connected-accounts');
    await card.getByRole('button', { name: 'Conectar' }).click();
    prompt = page.getByRole('dialog', { name: 'Conectar Mastodon' });
    await prompt.getByRole('textbox', { name: /Sua instância do Mastodon/ }).fill(`@anasouza@${INSTANCE}`);
    await prompt.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
    await card.getByText('Conectado', { exact: true }).waitFor();
    await page.getByText(/^Conta Mastodon conectada com sucesso!/).waitFor();
    const [account] = await sql<{
      platform_user_id: string;
      expires: Date | null;
      has_refresh: boolean;
      data: { text_limit?: number };
    }>(
      `SELECT a.platform_user_id, a.access_token_expires_at AS expires, a.refresh_token IS NOT NULL AS has_refresh,
              a.account_data AS data
       FROM connected_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1 AND a.platform = 'mastodon'`,
      [email],
    );
    expect(account?.platform_user_id).toMatch(new RegExp(`^\\d+@${INSTANCE.replaceAll('.', '\\.')}$`));
    // Mastodon's tokens never expire and come without a refresh token.
    expect(account?.expires).toBeNull();
    expect(account?.has_refresh).toBe(false);
    expect(account?.data.text_limit).toBe(600);
    const [instance] = await sql<{ client_id: string; sealed: string; pkce: boolean }>(
      `SELECT client_id, sealed_client_secret AS sealed, pkce FROM network_instances WHERE host = $1`,
      [INSTANCE],
    );
    expect(instance?.pkce).toBe(true);
    await snapshot(page, 'mastodon-connected-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByText('Conectado', { exact: true }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snapshot(page, 'mastodon-connected-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Café', 'Café especial', ARRAY['casual'], ARRAY['mastodon'], 'daily', 'violet') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const [{ id: postId }] = (await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Toot do café', 'Um toot curto.', 'mastodon', 1, now() + interval '2 days') RETURNING id`,
      [themeId, userId],
    )) as [{ id: string }];

    const openEditor = async () => {
      await page.goto('/scheduled-posts');
      await page
        .getByRole('article', { name: 'Toot do café', exact: true })
        .getByRole('button', { name: 'Editar' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await openEditor();
    const content = dialog.getByRole('textbox', { name: /Conteúdo/ });

    // 601 as Mastodon counts it (the link 23) is refused in pt-BR, nothing saved.
    await content.fill(`${'a'.repeat(577)} https://exemplo.com.br/${'x'.repeat(80)}`);
    // The preview highlights what passes the instance's 600, not Mastodon's default 500.
    const figure = dialog.getByRole('figure', { name: 'Prévia no Mastodon' });
    await expect(figure.locator('mark').count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog
      .getByText('O conteúdo ultrapassa o limite de 600 caracteres do Mastodon. Encurte o texto para salvar.')
      .first()
      .waitFor();
    const [unchanged] = await sql<{ content: string; version: number }>(
      'SELECT content, version FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(unchanged).toEqual({ content: 'Um toot curto.', version: 1 });

    // Past Mastodon's default 500, within the instance's 600: saved.
    expect(CONTENT.length).toBeGreaterThan(500);
    await content.fill(CONTENT);
    await expect(figure.locator('mark').count()).resolves.toBe(0);
    // Four images (Pauta's cap and the instance's); the fifth is refused in pt-BR.
    const files = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => ({
        name: `foto-${i + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await image(i),
      })),
    );
    await dialog.locator('input[type="file"]').setInputFiles(files);
    await dialog
      .getByText('Este post já tem 4 imagens.', { exact: false })
      .first()
      .waitFor({ timeout: 30_000 });
    await dialog.getByRole('img', { name: 'Imagem 4', exact: true }).waitFor({ timeout: 30_000 });
    for (let i = 1; i <= 4; i += 1)
      await dialog.getByLabel(`Texto alternativo da imagem ${i}`).fill(`${ALT} ${i}`);
    await dialog.getByLabel('Texto alternativo da imagem 1').click();
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: string }>(
              `SELECT count(*) AS n FROM post_media WHERE post_id = $1 AND alt_text LIKE $2`,
              [postId, `${ALT}%`],
            )
          )[0]?.n,
        { timeout: 15_000 },
      )
      .toBe('4');
    await figure.scrollIntoViewIfNeeded();
    await settle(page);
    await dialog.screenshot({
      path: new URL('../artifacts/mastodon-preview-1280.png', import.meta.url).pathname,
    });
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await sql<{ content: string }>('SELECT content FROM suggested_posts WHERE id = $1', [postId]))[0]
            ?.content,
      )
      .toBe(CONTENT);

    await page.setViewportSize({ width: 375, height: 812 });
    dialog = await openEditor();
    await dialog.getByRole('figure', { name: 'Prévia no Mastodon' }).scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({
      path: new URL('../artifacts/mastodon-preview-375.png', import.meta.url).pathname,
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Due in a few seconds: the worker publishes it once, with its images and their alt text.
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
    const sent = (await (await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=mastodon`)).json()) as {
      posts: { text: string; authorId: string; media: { altText: string }[] }[];
    };
    const ours = sent.posts.filter((p) => p.text === CONTENT);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.authorId).toBe(account!.platform_user_id);
    expect(ours[0]!.media.map((m) => m.altText)).toEqual([1, 2, 3, 4].map((i) => `${ALT} ${i}`));
    const [published] = await sql<{ platform_post_id: string; url: string | null }>(
      'SELECT platform_post_id, url FROM published_posts WHERE suggested_post_id = $1',
      [postId],
    );
    expect(published?.url).toBe(`https://${INSTANCE}/@anasouza/${published?.platform_post_id}`);
    await context.close();
  });
});
