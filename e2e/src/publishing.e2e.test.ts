// Issue "Connected accounts and the publishing worker": connect LinkedIn, Facebook (pick a Page)
// and X through the sandbox, schedule posts a few seconds ahead, see them published with metrics.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { createTheme, mutateInPage, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function connect(page: Page, network: string) {
  await page.goto('/connected-accounts');
  const card = page.getByRole('article', { name: `Conta ${network}`, exact: true });
  await card.getByRole('button', { name: 'Conectar' }).click();
  // Sandbox consent auto-approves → /auth/callback?connection=true → back here.
  await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
}

describe('connected accounts and publishing', () => {
  it('connects three networks, publishes one post to each exactly once, then shows metrics', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('publisher');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    await connect(page, 'LinkedIn');
    await page
      .getByRole('article', { name: 'Conta LinkedIn', exact: true })
      .getByText('Conectado')
      .first()
      .waitFor();
    await connect(page, 'X (Twitter)');
    await page.getByRole('article', { name: 'Conta X' }).getByText('Conectado').first().waitFor();
    await connect(page, 'Facebook');
    const picker = page.getByRole('dialog');
    await picker.getByText('Escolha a Página do Facebook').waitFor();
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Conectar Página' }).click();
    await page.getByRole('article', { name: 'Conta Facebook' }).getByText('Conectado').first().waitFor();
    await snapshot(page, 'connected-accounts-1280');

    await createTheme(page, 'Publicação real', {
      networks: ['LinkedIn', 'Facebook', 'X (Twitter)'],
      frequency: 'Diário',
    });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });

    // Move the first suggestion (one row per network) to a few seconds from now, as the
    // calendar's reschedule does.
    const first = await sql<{ id: string; platform: string; content: string }>(
      `SELECT p.id, p.platform, p.content FROM suggested_posts p JOIN users u ON u.id = p.user_id
       WHERE u.email = $1 AND p.post_order = (SELECT min(post_order) FROM suggested_posts WHERE user_id = u.id)`,
      [email],
    );
    expect(first.map((p) => p.platform).sort()).toEqual(['facebook', 'linkedin', 'x']);
    const due = new Date(Date.now() + 4000).toISOString();
    for (const post of first) {
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: post.id, scheduledFor: due },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, res.body).toBe(200);
    }

    await expect
      .poll(
        async () => {
          const rows = await sql<{ status: string }>(
            'SELECT status FROM suggested_posts WHERE id = ANY($1)',
            [first.map((p) => p.id)],
          );
          return rows.map((r) => r.status).sort();
        },
        { timeout: 45_000, interval: 500 },
      )
      .toEqual(['published', 'published', 'published']);

    // Exactly one publish call per network, with the post's text.
    const sent = (await (await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts`)).json()) as {
      posts: { network: string; text: string }[];
    };
    for (const post of first) {
      const network = post.platform === 'x' ? 'x' : post.platform;
      const calls = sent.posts.filter(
        (p) => p.network === network && p.text.replace(/\\(.)/g, '$1') === post.content,
      );
      expect(calls, `${post.platform}`).toHaveLength(1);
    }

    // Metrics arrive with the worker's sync: X and Facebook report reach; LinkedIn personal has none.
    await expect
      .poll(
        async () => {
          const rows = await sql<{ platform: string; reach: number | null; metrics_updated_at: Date | null }>(
            'SELECT platform, reach, metrics_updated_at FROM published_posts WHERE suggested_post_id = ANY($1)',
            [first.map((p) => p.id)],
          );
          return rows.filter((r) => r.metrics_updated_at !== null).length;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(3);
    await page.goto('/published-posts');
    await page.getByText('Publicação real').first().waitFor();
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'Publicação real' }).count()).toBe(3);
    await expect(page.getByText('indisponível').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: /Ver na rede/ }).count()).resolves.toBe(3);
    // In sandbox mode "Ver na rede" opens the sandbox's page of the post, not the real network.
    const hrefs = await page
      .getByRole('link', { name: /Ver na rede/ })
      .evaluateAll((links) => links.map((l) => (l as HTMLAnchorElement).href));
    expect(hrefs.every((href) => href.startsWith(`${e2eEnv().sandboxUrl}/`))).toBe(true);
    const network = await context.newPage();
    for (const href of hrefs) {
      expect((await network.goto(href))?.status()).toBe(200);
      expect(first.map((p) => p.content)).toContain(await network.locator('.text').innerText());
      await expect(network.getByText(/Sandbox da Pauta/).count()).resolves.toBe(1);
    }
    await network.close();
    await snapshot(page, 'published-posts-1280');
    const { context: mobile, page: phone } = await newPage(browser, { width: 375, height: 800 });
    await mobile.addCookies(await context.cookies());
    await phone.goto('/published-posts');
    await phone.getByText('Publicação real').first().waitFor();
    await snapshot(phone, 'published-posts-375');
    await mobile.close();
    await context.close();
  }, 180_000);
});
