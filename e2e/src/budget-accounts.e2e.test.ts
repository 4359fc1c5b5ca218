// Network budgets per connected account in Chromium (docs/budgets.md, scope `account`): a workspace
// with two Instagram accounts; Editar Post's budget line names the post's account and counts only
// its posts, and "Conta" switched to the full account shows that account's line and the warning.
// Screenshots at 1280 and 375 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
const DAY = 86_400_000;

/** 10:00 in São Paulo (13:00Z) two days from today, plus `minutes`. */
function at(minutes: number): Date {
  const d = new Date(Date.now() + 2 * DAY);
  d.setUTCHours(13, minutes, 0, 0);
  return d;
}
const dayLabel = (d: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

describe('budgets per connected account', () => {
  it("Editar Post names the post's account and counts only its posts", async () => {
    const email = uniqueEmail('orcamento-contas');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const suffix = user!.id.slice(0, 6);
    const centro = `loja_centro_${suffix}`;
    const bairro = `loja_bairro_${suffix}`;
    // Two Instagram accounts of the person's workspace (the budget reads no token).
    const accounts: Record<string, string> = {};
    for (const [i, username] of [centro, bairro].entries()) {
      const [row] = await sql<{ id: string }>(
        `INSERT INTO connected_accounts (user_id, platform, platform_user_id, platform_username, access_token, account_data, is_active, created_at)
         VALUES ($1, 'instagram', $2, $3, 'selado', $4, true, now() - $5 * interval '1 minute') RETURNING id`,
        [user!.id, `ig-${username}`, username, JSON.stringify({ name: username }), 10 - i],
      );
      accounts[username] = row!.id;
    }
    const [theme] = await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Loja', 'Promoções', ARRAY['casual'], ARRAY['instagram'], 'daily', 'orange') RETURNING id`,
      [user!.id],
    );
    const seed = async (title: string, account: string, minutes: number) => {
      const [row] = await sql<{ id: string }>(
        `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for, status, connected_account_id)
         VALUES ($1, $2, $3, $4, 'instagram', 1, $5, 'scheduled', $6) RETURNING id`,
        [theme!.id, user!.id, title, `Legenda de ${title}`, at(minutes), accounts[account]],
      );
      return row!.id;
    };
    // Instagram's default: 50 a day per account. The first account full on the day (50 of 50); the
    // second with 2 posts, one of them the post opened below.
    // The opened post first of the day (lists run by date: it is on the first page).
    const opened = await seed('Promoção do bairro', bairro, 0);
    await seed('Bairro 1', bairro, 1);
    for (let i = 0; i < 50; i++) await seed(`Centro ${i + 1}`, centro, 2 + i);

    await page.goto('/scheduled-posts');
    const card = page.locator(`[data-post-id="${opened}"]`);
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog');
    const panel = dialog.getByTestId('composer-budget');
    const day = dayLabel(at(0));
    await panel.getByText(`Instagram · @${bairro}: 2 de 50 posts em ${day}`).waitFor();
    expect(await panel.getByText(`@${centro}`).count()).toBe(0);
    expect(await panel.getByTestId('budget-warning').count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await snapshot(page, 'budget-accounts-edit-1280', { fullPage: false });

    // "Conta" → the first account: its own count, full, and the warning naming it.
    const select = dialog.getByRole('combobox', { name: /^Conta/ });
    await select.click();
    await page.getByRole('option', { name: new RegExp(`@${centro}`) }).click();
    await panel.getByText(`Instagram · @${centro}: 50 de 50 posts em ${day}`).waitFor();
    await panel
      .getByTestId('budget-warning')
      .getByText(new RegExp(`já há 50 posts no Instagram · @${centro}, e o orçamento é de 50 por dia`))
      .waitFor();
    await panel.scrollIntoViewIfNeeded();
    await snapshot(page, 'budget-accounts-switched-1280', { fullPage: false });

    await page.setViewportSize({ width: 375, height: 812 });
    await panel.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'budget-accounts-switched-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
