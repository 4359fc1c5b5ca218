// "Salvar rascunho" for every post (issue 30 item 1; docs/composer.md) in Chromium: a person with X
// connected writes a post in "Novo post" for a theme without approval and saves it as a draft
// (a double click: one post); Posts Agendados shows it as "Rascunho" (and under the Rascunho
// filter). Made due, it is not published; opened in Editar Post, "Agendar" schedules it, and it is
// published once through the sandbox. Screenshots at 1280 and 375 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import {
  clickConnect,
  closeToasts,
  expectToast,
  freshId,
  mutateInPage,
  sandboxControl,
  signUp,
} from './flows.js';

const TITLE = 'Pão de fermentação natural';
const TEXT = 'Pão de fermentação natural saindo do forno às 7h. Reserve o seu!';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function sentByX(author: string) {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=x`);
  const { posts } = (await res.json()) as { posts: { authorId: string; text: string }[] };
  return posts.filter((p) => p.authorId === author);
}

describe('a draft outside approval', () => {
  it('is saved from the composer, listed as Rascunho, not published when due, and published once after "Agendar"', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('rascunho');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const xSub = freshId(19);
    await sandboxControl('next-authorization', {
      network: 'x',
      user: { sub: xSub, given_name: 'Rui', family_name: 'Prado', username: `rui${xSub.slice(-8)}` },
    });
    await (await clickConnect(page, 'X (Twitter)')).getByText('Conectado').first().waitFor();
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await sql(
      `INSERT INTO themes (user_id, name, description, social_networks, color_palette)
       VALUES ($1, 'Padaria', 'Pães do dia', ARRAY['x'], 'orange')`,
      [user!.id],
    );

    await page.goto('/scheduled-posts');
    await page.getByRole('button', { name: 'Novo post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo post' });
    await dialog.getByRole('combobox', { name: /^Tema/ }).click();
    await page.getByRole('option', { name: 'Padaria' }).click();
    await dialog.getByRole('tab', { name: /^X/ }).waitFor();
    await dialog.getByRole('textbox', { name: /^Título/ }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Texto base' }).fill(TEXT);
    // A theme without approval: "Salvar rascunho" beside "Adicionar à fila" and "Agendar".
    await dialog.getByRole('button', { name: 'Agendar' }).waitFor();
    await snapshot(page, 'post-draft-composer-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Salvar rascunho' }).dblclick();
    await expectToast(page, /1 rascunho salvo/);
    await dialog.waitFor({ state: 'detached' });

    const posts = await sql<{ id: string; status: string; scheduled_for: Date }>(
      'SELECT id, status, scheduled_for FROM suggested_posts WHERE user_id = $1',
      [user!.id],
    );
    // A double click stored one draft.
    expect(posts.map((p) => p.status)).toEqual(['draft']);
    const post = posts[0]!;
    const card = page.locator(`[data-post-id="${post.id}"]`);
    await card.getByText('Rascunho', { exact: true }).waitFor({ timeout: 30_000 });
    await closeToasts(page);
    await snapshot(page, 'post-draft-list-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'post-draft-list-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    // The Rascunho filter.
    await page.goto('/scheduled-posts?status=draft');
    await card.getByText('Rascunho', { exact: true }).waitFor({ timeout: 30_000 });

    // Due a minute ago: the worker (and its reconciler) leave it alone.
    await sql(`UPDATE suggested_posts SET scheduled_for = now() - interval '1 minute' WHERE id = $1`, [
      post.id,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const [still] = await sql<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM suggested_posts WHERE id = $1',
      [post.id],
    );
    expect(still).toEqual({ status: 'draft', attempts: 0 });
    expect(await sentByX(xSub)).toHaveLength(0);
    await sql('UPDATE suggested_posts SET scheduled_for = $2 WHERE id = $1', [post.id, post.scheduled_for]);

    // Editar Post: "Agendar" takes it out of the draft, at its date (tomorrow 09:00).
    await page.goto('/scheduled-posts');
    await card.getByRole('button', { name: 'Editar' }).click({ timeout: 30_000 });
    const edit = page.getByRole('dialog');
    await edit.getByText(/Rascunho: não será publicado/).waitFor({ timeout: 30_000 });
    await edit.getByRole('button', { name: 'Agendar' }).scrollIntoViewIfNeeded();
    await snapshot(page, 'post-draft-edit-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await edit.getByRole('button', { name: 'Agendar' }).scrollIntoViewIfNeeded();
    await snapshot(page, 'post-draft-edit-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await edit.getByRole('button', { name: 'Agendar' }).dblclick();
    await expectToast(page, /Rascunho agendado/);
    await edit.waitFor({ state: 'detached' });
    await card.getByText('Agendado', { exact: true }).waitFor({ timeout: 30_000 });

    // Due in a few seconds: published once through the sandbox.
    const res = await mutateInPage(page, 'posts.reschedule', {
      json: { id: post.id, scheduledFor: new Date(Date.now() + 4000).toISOString() },
      meta: { values: { scheduledFor: ['Date'] } },
    });
    expect(res.status, res.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await sql<{ status: string }>('SELECT status FROM suggested_posts WHERE id = $1', [post.id]))[0]
            ?.status,
        { timeout: 90_000, interval: 250 },
      )
      .toBe('published');
    const sent = await sentByX(xSub);
    expect(sent.map((p) => p.text)).toEqual([TEXT]);
    await context.close();
  }, 300_000);
});
