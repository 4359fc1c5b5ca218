// Several accounts of one network in the composer (issue 30 item 1; docs/composer.md,
// docs/workspaces.md "Several accounts of one network") in Chromium: a workspace with two X
// accounts — the first connected through the sandbox's OAuth, the second seeded beside it with the
// app's keyring (the "Conectar outra conta" screen is another piece of work) — writes one post to
// both accounts, the second with its own text; each post names its account, the cards show the
// @handle, Editar Post offers "Conta", and the worker publishes each once to its own sandbox account.
// Screenshots of the composer and of Editar Post's "Conta" at 1280 and 375 px.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createDb, parseKeyring, upsertAccount } from '@pauta/db';
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

const TITLE = 'Promoção de sábado';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A second X account of the workspace, as the connect flow would store it (tokens sealed by the app's keyring). */
async function seedSecondX(userId: string, username: string) {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ network: 'x', user: 'bruno' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const token = (await res.json()) as { accessToken: string; platformUserId: string };
  const dataDir = path.dirname(e2eEnv().mailDir);
  const keyring = parseKeyring(readFileSync(path.join(dataDir, 'token-encryption-keys'), 'utf8').trim());
  const handle = await createDb({ databaseUrl: e2eEnv().databaseUrl, poolSize: 2 });
  try {
    const account = await upsertAccount(handle.db, keyring, {
      userId,
      platform: 'x',
      platformUserId: token.platformUserId,
      platformUsername: username,
      accountData: { provider: 'x', name: 'Loja Bairro' },
      accessToken: token.accessToken,
      refreshToken: null,
      accessTokenExpiresAt: null,
      allowAnother: true,
    });
    return { id: account.id, sub: token.platformUserId };
  } finally {
    await handle.close();
  }
}

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
    const bairro = `bairro${freshId(6)}`;
    const second = await seedSecondX(user!.id, bairro);
    const [first] = await sql<{ id: string }>(
      `SELECT id FROM connected_accounts WHERE workspace_id = $1 AND platform = 'x' AND id <> $2 AND is_active`,
      [user!.id, second.id],
    );
    await sql(
      `INSERT INTO themes (user_id, name, description, social_networks, color_palette)
       VALUES ($1, 'Ofertas', 'Promoções da semana', ARRAY['x'], 'orange')`,
      [user!.id],
    );
    const marker = freshId(6);
    const BASE = `Sábado tem desconto em todos os pães! #${marker}`;
    const OWN = `No bairro, o desconto vale até as 14h. #${marker}`;

    await page.goto('/scheduled-posts');
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
      [first!.id, BASE],
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
