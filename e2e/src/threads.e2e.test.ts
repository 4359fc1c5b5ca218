// Issue 31, Threads in Chromium against sandbox Threads: connect the profile in Contas Conectadas
// (Threads' OAuth: code, then the 60-day token), see the post as Threads' feed shows it in
// 'Editar Post', a text over Threads' 500 (an emoji counts its UTF-8 bytes) refused in pt-BR
// before anything is saved, then the worker publishes the post exactly once. Screenshots of the
// card and the preview at 1280 and 375 px.
import type { Browser } from 'playwright-core';
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
  'Café especial começa na escolha do grão ☕\n\nOrigem, torra e data importam mais do que a marca. Qual é o seu método preferido? https://pauta.app/cafe';

describe('Threads', () => {
  it('connects, previews, refuses a too-long text in pt-BR and publishes once', {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('threads');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    // Connect: sandbox Threads approves at once → /auth/callback?connection=true → back here.
    await page.goto('/connected-accounts');
    const card = page.getByRole('article', { name: 'Conta Threads' });
    await card.getByText('Não conectado').waitFor();
    await card.getByRole('button', { name: 'Conectar' }).click();
    await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
    // The toast first: it closes by itself after a few seconds, the card stays. Its start only: the
    // sandbox's default profile may be connected in another workspace of this app by an earlier
    // file, and the toast then adds where (docs/workspaces.md).
    await page.getByText(/^Conta Threads conectada com sucesso!/).waitFor();
    await card.getByText('Conectado', { exact: true }).waitFor();
    await card.getByText('@anasouza').waitFor();
    const [account] = await sql<{
      id: string;
      platform_user_id: string;
      expires: Date;
      has_refresh: boolean;
    }>(
      `SELECT a.id, a.platform_user_id, a.access_token_expires_at AS expires,
              a.refresh_token IS NOT NULL AS has_refresh
       FROM connected_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1 AND a.platform = 'threads'`,
      [email],
    );
    expect(account?.platform_user_id).toMatch(/^2\d{16}$/);
    // The long-lived token (60 days), which is also what renews it.
    expect(account!.expires.getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(account!.has_refresh).toBe(true);
    await snapshot(page, 'threads-connected-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByText('@anasouza').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snapshot(page, 'threads-connected-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A Threads post, as the AI would have drafted it.
    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Café', 'Café especial', ARRAY['casual'], ARRAY['threads'], 'daily', 'green') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const [{ id: postId }] = (await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Post do Threads', $3, 'threads', 1, now() + interval '2 days') RETURNING id`,
      [themeId, userId, CONTENT],
    )) as [{ id: string }];

    // 'Editar Post': the preview as Threads' feed shows it, at 1280 and 375 px.
    const openEditor = async () => {
      await page.goto('/scheduled-posts');
      await page
        .getByRole('article', { name: 'Post do Threads', exact: true })
        .getByRole('button', { name: 'Editar' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await openEditor();
    const figure = dialog.getByRole('figure', { name: 'Prévia no Threads' });
    await figure.getByText('anasouza', { exact: true }).waitFor();
    await settle(page);
    await dialog.screenshot({
      path: new URL('../artifacts/threads-preview-1280.png', import.meta.url).pathname,
    });

    // 126 emojis are 504 as Threads counts them (4 bytes each), though only 126 characters.
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill('🚀'.repeat(126));
    await expect(figure.locator('mark').count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog
      .getByText('O conteúdo ultrapassa o limite de 500 caracteres do Threads. Encurte o texto para salvar.')
      .first()
      .waitFor();
    const [unchanged] = await sql<{ content: string; version: number }>(
      'SELECT content, version FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(unchanged).toEqual({ content: CONTENT, version: 1 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 375, height: 812 });
    dialog = await openEditor();
    const phoneFigure = dialog.getByRole('figure', { name: 'Prévia no Threads' });
    await phoneFigure.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({
      path: new URL('../artifacts/threads-preview-375.png', import.meta.url).pathname,
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Due in a few seconds: the worker publishes it, exactly once.
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
        { timeout: 30_000, interval: 500 },
      )
      .toBe('published');
    const sent = (await (await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=threads`)).json()) as {
      posts: { network: string; text: string; authorId: string }[];
    };
    const ours = sent.posts.filter((p) => p.text === CONTENT);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.authorId).toBe(account!.platform_user_id);
    const [published] = await sql<{ platform_post_id: string; url: string | null }>(
      'SELECT platform_post_id, url FROM published_posts WHERE suggested_post_id = $1',
      [postId],
    );
    expect(published?.platform_post_id).toMatch(/^\d+$/);
    expect(published?.url).toMatch(/threads\.net\/@anasouza\/post\//);
    await context.close();
  });
});
