// Issue 31, Instagram with Instagram Login (no Facebook Page) in Chromium against the sandbox: the
// Instagram card offers both ways in; a personal account is refused in pt-BR and nothing is saved;
// "Conectar com o Instagram" connects the professional account (60-day token, its own renewal, the
// login remembered in its id); a post with an image is scheduled and the worker publishes it, and
// the sandbox receives exactly one post, through graph.instagram.com and never graph.facebook.com.
// Screenshots of the card (both states) at 1280 and 375 px into e2e/artifacts/ig-login.

import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './axe.js';
import { launchBrowser, newPage } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { mutateInPage, signUp } from './flows.js';

const SHOTS = new URL('../artifacts/ig-login', import.meta.url).pathname;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

const freshId = (digits: number) =>
  String(randomInt(1, 10)) + Array.from({ length: digits - 1 }, () => randomInt(0, 10)).join('');

async function control(path: string, body: unknown) {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function sandboxRequests(query: Record<string, string>) {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/requests?${new URLSearchParams(query)}`);
  return ((await res.json()) as { requests: { method: string; path: string; status: number | null }[] })
    .requests;
}

/** Both widths of the Contas Conectadas view, scrolled to the Instagram card. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const card = page.getByRole('article', { name: 'Conta Instagram' });
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    await card.screenshot({ path: `${SHOTS}/${name}-card-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('Instagram with Instagram Login', () => {
  it('refuses a personal account, connects a professional one and publishes an image post once on graph.instagram.com', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('ig-login');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    await page.goto('/connected-accounts');
    const card = page.getByRole('article', { name: 'Conta Instagram' });
    await card.getByText('Não conectado').waitFor();
    const viaInstagram = card.getByRole('button', { name: 'Conectar com o Instagram' });
    await viaInstagram.waitFor();
    await card.getByRole('button', { name: 'Conectar pelo Facebook' }).waitFor();
    await card.getByText(/Conecte direto pelo Instagram/).waitFor();
    await shoot(page, 'instagram-card-not-connected');

    // A personal Instagram account: refused in pt-BR, nothing saved.
    const sub = freshId(16);
    await control('next-authorization', {
      network: 'instagram',
      user: { sub, given_name: 'Paula', family_name: 'Pessoal', pages: [] },
    });
    await viaInstagram.click();
    await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
    await page
      .getByText(/Esta é uma conta pessoal do Instagram/)
      .first()
      .waitFor({ timeout: 20_000 });
    await card.getByText('Não conectado').waitFor();
    const none = await sql(
      `SELECT a.id FROM connected_accounts a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND a.platform = 'instagram'`,
      [email],
    );
    expect(none).toHaveLength(0);
    await page.screenshot({ path: `${SHOTS}/instagram-personal-refused-1280.png` });

    // A professional account (the sandbox links it to a Page only to make it professional: no Page
    // is read or chosen with Instagram Login).
    const igUserId = `1784${freshId(13)}`;
    const username = `estudio${igUserId.slice(-6)}`;
    await control('next-authorization', {
      network: 'instagram',
      user: {
        sub: freshId(16),
        given_name: 'Bia',
        family_name: 'Rocha',
        pages: [
          {
            id: freshId(15),
            name: 'Estúdio da Bia',
            category: 'Fotógrafo',
            instagramAccountId: igUserId,
            instagramUsername: username,
          },
        ],
      },
    });
    await page.goto('/connected-accounts');
    await viaInstagram.click();
    await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
    await card.getByText('Conectado', { exact: true }).waitFor({ timeout: 20_000 });
    await card.getByText(`@${username}`).waitFor();
    await card.getByText('Conectada pelo Login do Instagram').waitFor();
    await page.getByText(/^Conta Instagram conectada com sucesso!/).waitFor();
    // "Conectar outra conta": the added account may come in through either login (a menu of the
    // same choices as Conectar), not only the first account's.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await card.getByRole('button', { name: 'Conectar outra conta' }).click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Conectar com o Instagram' }).waitFor();
      await menu.getByRole('menuitem', { name: 'Conectar pelo Facebook' }).waitFor();
      await settle(page);
      await page.screenshot({ path: `${SHOTS}/instagram-another-menu-${width}.png` });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const [account] = await sql<{ platform_user_id: string; expires: Date; has_refresh: boolean }>(
      `SELECT a.platform_user_id, a.access_token_expires_at AS expires, a.refresh_token IS NOT NULL AS has_refresh
       FROM connected_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1 AND a.platform = 'instagram'`,
      [email],
    );
    expect(account?.platform_user_id).toBe(`iglogin:${igUserId}`);
    expect(account!.expires.getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(account!.has_refresh).toBe(true);
    await shoot(page, 'instagram-card-connected');

    // A scheduled Instagram post; its image added in 'Editar Post'.
    const text = `Luz natural no estúdio ☀️ ${igUserId}`;
    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Estúdio', 'Fotografia', ARRAY['casual'], ARRAY['instagram'], 'daily', 'green') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const [{ id: postId }] = (await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Post do Instagram', $3, 'instagram', 1, now() + interval '2 days') RETURNING id`,
      [themeId, userId, text],
    )) as [{ id: string }];
    await page.goto('/scheduled-posts');
    await page
      .getByRole('article', { name: 'Post do Instagram', exact: true })
      .getByRole('button', { name: 'Editar' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Editar Post' });
    const group = dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true });
    await group.waitFor();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080"><rect width="100%" height="100%" fill="#ae3ec9"/><circle cx="540" cy="540" r="320" fill="white"/></svg>';
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'estudio.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
    await group.getByRole('img', { name: 'Imagem 1', exact: true }).waitFor({ timeout: 60_000 });
    await dialog.getByLabel('Texto alternativo da imagem 1').fill('Estúdio com luz natural');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Due in a few seconds: the worker publishes it, exactly once, on Instagram Login's host.
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
        { timeout: 60_000, interval: 500 },
      )
      .toBe('published');
    const sent = (await (await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=instagram`)).json()) as {
      posts: { text: string; authorId: string; media: { altText: string }[] }[];
    };
    const ours = sent.posts.filter((post) => post.authorId === igUserId);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ text, media: [{ altText: 'Estúdio com luz natural' }] });
    const publishes = await sandboxRequests({
      host: 'graph.instagram.com',
      pathPrefix: `/v21.0/${igUserId}/media_publish`,
    });
    expect(publishes.map((call) => call.status)).toEqual([200]);
    const onFacebook = await sandboxRequests({
      host: 'graph.facebook.com',
      pathPrefix: `/v21.0/${igUserId}`,
    });
    expect(onFacebook).toHaveLength(0);
    const [published] = await sql<{ platform_post_id: string; url: string | null }>(
      'SELECT platform_post_id, url FROM published_posts WHERE suggested_post_id = $1',
      [postId],
    );
    expect(published?.url).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
    await context.close();
  });
});
