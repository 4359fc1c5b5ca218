// Issue 24, items 3 and 4: X creates the post only after the worker has given up waiting (an
// unknown outcome). The worker asks X before giving up, finds the post and records it as
// published: the open page turns the card "Publicado" without a reload, X received the post once,
// and the card's "Ver histórico" shows each step of the delivery in the dialog. Screenshots at
// 1280 and 375 px, light and dark; axe on the dialog.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { connectX, createTheme, logIn, mutateInPage, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function sandbox(path: string, body?: unknown) {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return res.json() as Promise<unknown>;
}

async function setScheme(target: Page, scheme: 'light' | 'dark') {
  await target.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
}

/** The post's own card (titles repeat across a theme's posts). */
const cardOf = (target: Page, postId: string) => target.locator(`article[data-post-id="${postId}"]`);

async function openHistory(target: Page, postId: string) {
  await target.goto('/scheduled-posts');
  const card = cardOf(target, postId);
  await card.getByRole('button', { name: 'Ver histórico' }).click();
  const dialog = target.getByRole('dialog');
  await dialog.getByText('Histórico de entrega').waitFor();
  await dialog.getByText('Publicado (confirmado na rede)').scrollIntoViewIfNeeded();
  return dialog;
}

describe('delivery: an unknown outcome resolved by asking the network', () => {
  const email = uniqueEmail('delivery');
  let postId = '';

  it('X answers too late; the worker finds the post on X and the card turns Publicado live', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signUp(page, email);
      await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
      await connectX(page);
      await createTheme(page, 'Entrega confirmada', { networks: ['X (Twitter)'], frequency: 'Semanal' });
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
      const [post] = await sql<{ id: string; content: string }>(
        `SELECT p.id, p.content FROM suggested_posts p JOIN users u ON u.id = p.user_id
         WHERE u.email = $1 ORDER BY p.scheduled_for, p.post_order LIMIT 1`,
        [email],
      );
      postId = post!.id;

      // X takes 7 s to answer the create (the worker waits NETWORK_TIMEOUT_MS = 4 s), then creates it.
      await sandbox('faults', {
        host: 'api.twitter.com',
        pathPrefix: '/2/tweets',
        method: 'POST',
        delayMs: 7000,
      });
      await page.goto('/scheduled-posts');
      const card = cardOf(page, postId);
      await card.waitFor();
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: post!.id, scheduledFor: new Date(Date.now() + 3000).toISOString() },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, res.body).toBe(200);

      // No reload: the live events move the card on its own, through "Precisa de atenção".
      await card.getByText('Precisa de atenção', { exact: true }).waitFor({ timeout: 30_000 });
      await card.getByText('Publicado', { exact: true }).waitFor({ timeout: 60_000 });
      const [row] = await sql<{ status: string; platform_post_id: string | null }>(
        `SELECT p.status, pp.platform_post_id FROM suggested_posts p
         LEFT JOIN published_posts pp ON pp.suggested_post_id = p.id WHERE p.id = $1`,
        [post!.id],
      );
      expect(row?.status).toBe('published');
      // Exactly one tweet with the post's text, and it is the one recorded.
      const sent = (await sandbox('posts?network=x')) as { posts: { id?: string; text: string }[] };
      const mine = sent.posts.filter((p) => p.text === post!.content);
      expect(mine).toHaveLength(1);
      expect(row?.platform_post_id).toBeTruthy();

      const dialog = await openHistory(page, postId);
      await expect.poll(() => dialog.getByText('Precisa de atenção').count()).toBeGreaterThan(0);
      for (const step of ['Worker assumiu a publicação', 'Envio iniciado', 'Publicado (confirmado na rede)'])
        await dialog.getByText(step, { exact: true }).first().waitFor();
      await dialog.getByRole('link', { name: 'Ver no X' }).waitFor();
      // Read-only: the dialog says why, and offers only to close it.
      await dialog.getByText('Posts em publicação ou já publicados não podem ser editados.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
      await dialog.locator('form').getByRole('button', { name: 'Fechar', exact: true }).waitFor();
      await snapshot(page, 'delivery-history-1280', { fullPage: false });
    } finally {
      // A fault left unused (the test failed first) must not meet another file's tweet.
      await fetch(`${e2eEnv().sandboxUrl}/__sandbox/faults`, { method: 'DELETE' });
      await context.close();
    }
  });

  it('the history reads well at 1280 and 375 px, light and dark, with no serious axe finding', async () => {
    const report = new AxeReport();
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, { width, height: width === 375 ? 800 : 900 });
      try {
        await logIn(page, email);
        await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
        for (const scheme of ['light', 'dark'] as const) {
          await setScheme(page, scheme);
          const suffix = `${scheme === 'dark' ? 'dark-' : ''}${width}`;
          await openHistory(page, postId);
          await snapshot(page, `delivery-history-${suffix}`, { fullPage: false });
          await scan(page, report, 'edit post: histórico de entrega', suffix);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          ).toBeLessThanOrEqual(0);
          await page.keyboard.press('Escape');
        }
      } finally {
        await context.close();
      }
    }
    expect(report.blocking(), report.describeBlocking()).toEqual([]);
  });
});
