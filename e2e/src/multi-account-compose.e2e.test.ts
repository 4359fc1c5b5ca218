// Several accounts of one network in the composer (issue 30 item 1; docs/composer.md,
// docs/workspaces.md "Several accounts of one network") in Chromium: a workspace connects two X
// accounts through Contas Conectadas ("Conectar" then "Conectar outra conta", the sandbox's OAuth),
// writes one post to both, the second with its own text; each post names its account, the cards
// show the @handle, Editar Post offers "Conta", and the worker publishes each once to its own
// sandbox account. The composer, the cards and Editar Post's "Conta" pictured and scanned by axe at
// 1280 and 375 px, light and dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
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

const TITLE = 'Promoção de sábado';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Novo post with the theme 'Ofertas' and both X accounts ticked (the theme ticks none of them). */
async function openComposer(page: Page, centro: string, bairro: string) {
  await page.getByRole('button', { name: 'Novo post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo post' });
  await dialog.getByRole('combobox', { name: /^Tema/ }).click();
  await page.getByRole('option', { name: 'Ofertas' }).click();
  // One choice per account; none ticked by the theme (the person picks where it goes).
  const networks = dialog.getByRole('group', { name: /Redes/ });
  const centroBox = networks.getByRole('checkbox', { name: `X (Twitter) · @${centro}` });
  const bairroBox = networks.getByRole('checkbox', { name: `X (Twitter) · @${bairro}` });
  expect(await centroBox.isChecked()).toBe(false);
  await centroBox.check();
  await bairroBox.check();
  return { dialog, networks };
}

const VARIANTS = [
  [1280, 'light'],
  [375, 'light'],
  [1280, 'dark'],
  [375, 'dark'],
] as const;

describe('Novo post with two X accounts', () => {
  it('one post per chosen account, each published once from its own account', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('duas-contas');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);

    const xSub = freshId(19);
    const centro = `centro${xSub.slice(-6)}`;
    await sandboxControl('next-authorization', {
      network: 'x',
      user: { sub: xSub, given_name: 'Loja', family_name: 'Centro', username: centro },
    });
    await (await clickConnect(page, 'X (Twitter)')).getByText('Conectado').first().waitFor();
    // The second through "Conectar outra conta" (docs/workspaces.md "Connecting another account").
    const bairroSub = freshId(19);
    const bairro = `bairro${bairroSub.slice(-6)}`;
    await page.waitForURL((url) => url.search === '', { timeout: 10_000 });
    await sandboxControl('next-authorization', {
      network: 'x',
      user: { sub: bairroSub, given_name: 'Loja', family_name: 'Bairro', username: bairro },
    });
    const xCard = page.getByRole('article', { name: 'Conta X (Twitter)', exact: true });
    await xCard.getByRole('button', { name: 'Conectar outra conta', exact: true }).click();
    await page.waitForURL('**/connected-accounts**', { timeout: 30_000 });
    await xCard
      .getByRole('list', { name: 'Contas X (Twitter) conectadas' })
      .getByRole('listitem')
      .nth(1)
      .waitFor();
    const accounts = await sql<{ id: string; sub: string }>(
      `SELECT id, platform_user_id AS sub FROM connected_accounts
        WHERE workspace_id = $1 AND platform = 'x' AND is_active ORDER BY created_at`,
      [user!.id],
    );
    expect(accounts.map((a) => a.sub)).toEqual([xSub, bairroSub]);
    const [first, second] = accounts as [{ id: string; sub: string }, { id: string; sub: string }];
    await sql(
      `INSERT INTO themes (user_id, name, description, social_networks, color_palette)
       VALUES ($1, 'Ofertas', 'Promoções da semana', ARRAY['x'], 'orange')`,
      [user!.id],
    );
    const marker = freshId(6);
    const BASE = `Sábado tem desconto em todos os pães! #${marker}`;
    const OWN = `No bairro, o desconto vale até as 14h. #${marker}`;

    await page.goto('/scheduled-posts');
    const { dialog, networks } = await openComposer(page, centro, bairro);
    await dialog.getByRole('textbox', { name: /^Título/ }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Texto base' }).fill(BASE);
    await dialog.getByRole('tab', { name: new RegExp(`@${bairro}`) }).click();
    const own = dialog.getByRole('textbox', { name: `Texto para o X (Twitter) · @${bairro}` });
    expect(await own.inputValue()).toBe(BASE);
    await own.fill(OWN);
    await dialog.getByRole('tabpanel').getByText('Texto próprio').waitFor();
    // The preview names the chosen account.
    await dialog.getByRole('tabpanel').getByText('Loja Bairro').first().waitFor();
    await snapshot(page, 'multi-account-composer-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await networks.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'multi-account-composer-375', { fullPage: false });
    await dialog
      .getByRole('tab', { name: new RegExp(`@${bairro}`) })
      .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await snapshot(page, 'multi-account-composer-tabs-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByRole('button', { name: 'Agendar' }).dblclick();
    await expectToast(page, '2 posts criados, um por conta.');
    await dialog.waitFor({ state: 'detached' });
    const posts = await sql<{ id: string; content: string; connected_account_id: string }>(
      `SELECT id, content, connected_account_id FROM suggested_posts
       WHERE workspace_id = $1 AND title = $2 ORDER BY content`,
      [user!.id, TITLE],
    );
    // A double click stored one post per account, each with its account.
    expect(posts.map((p) => [p.connected_account_id, p.content])).toEqual([
      [second.id, OWN],
      [first.id, BASE],
    ]);

    // The cards name the account (two X accounts in this workspace).
    const bairroCard = page.locator(`[data-post-id="${posts[0]!.id}"]`);
    await bairroCard.getByTestId('post-account').getByText(`@${bairro}`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-post-id="${posts[1]!.id}"]`).getByText(`@${centro}`).waitFor();
    await closeToasts(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await bairroCard.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await snapshot(page, 'multi-account-cards-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Editar Post: "Conta" shows the post's account and offers the other.
    await bairroCard.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog');
    const select = edit.getByRole('combobox', { name: /^Conta/ });
    await select.waitFor();
    expect(await select.inputValue()).toBe(`@${bairro} (Loja Bairro)`);
    await select.click();
    await page.getByRole('option', { name: new RegExp(`@${centro}`) }).waitFor();
    await snapshot(page, 'multi-account-edit-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    // The toasts of the save out of the way of the picture.
    await closeToasts(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await select.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await snapshot(page, 'multi-account-edit-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor({ state: 'detached' });

    // The three screens in every variant, scanned by axe: the cards, Novo post with an account's
    // tab, Editar Post's "Conta".
    const report = new AxeReport();
    for (const [width, scheme] of VARIANTS) {
      const variant = `${width} ${scheme}`;
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      await page.goto('/scheduled-posts');
      await bairroCard.getByTestId('post-account').waitFor();
      await scan(page, report, 'posts: cards with the account', variant);
      const composer = await openComposer(page, centro, bairro);
      await composer.dialog.getByRole('tab', { name: new RegExp(`@${bairro}`) }).click();
      await scan(page, report, 'Novo post: two accounts of X', variant);
      await snapshot(page, `multi-account-composer-${width}-${scheme}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await composer.dialog.waitFor({ state: 'detached' });
      await bairroCard.getByRole('button', { name: 'Editar' }).click();
      await edit
        .getByRole('combobox', { name: /^Conta/ })
        .evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await scan(page, report, 'Editar Post: Conta', variant);
      await snapshot(page, `multi-account-edit-${width}-${scheme}`, { fullPage: false });
      await edit.getByRole('button', { name: 'Cancelar' }).click();
      await edit.waitFor({ state: 'detached' });
    }
    expect(report.describeBlocking()).toBe('');
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
    await page.setViewportSize({ width: 1280, height: 900 });

    // Due in a few seconds: the worker publishes each from its own account.
    for (const post of posts) {
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: post.id, scheduledFor: new Date(Date.now() + 4000).toISOString() },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, res.body).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (
            await sql<{ status: string; last_error: string | null }>(
              'SELECT status, last_error FROM suggested_posts WHERE id = ANY($1)',
              [posts.map((p) => p.id)],
            )
          ).map((r) => `${r.status}${r.last_error ? ` ${r.last_error}` : ''}`),
        { timeout: 90_000, interval: 250 },
      )
      .toEqual(['published', 'published']);
    const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=x`);
    const { posts: sent } = (await res.json()) as { posts: { authorId: string; text: string }[] };
    const ours = sent.filter((p) => p.text.includes(`#${marker}`));
    expect(ours.map((p) => [p.authorId, p.text]).sort()).toEqual(
      [
        [xSub, BASE],
        [second.sub, OWN],
      ].sort(),
    );
    await context.close();
  }, 300_000);
});
