// Issue 18 item 3, network budgets, in Chromium (docs/budgets.md): the calendar's usage panel and
// the mark on a day past X's daily budget; the composer's warning and the confirmation a save past
// it needs; a calendar drop past it; the administrator's editor. Screenshots at 1280 and 375 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { promoteToAdmin, sql, uniqueEmail } from './db.js';
import { expectToast, logIn, signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let email: string;
let userId: string;
let themeId: string;
const DAY = 86_400_000;

/** 10:00 in São Paulo (13:00Z) `days` days from today. */
function at(days: number, hourUtc = 13): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
}
const dayKey = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

async function seedPost(title: string, when: Date, status = 'scheduled'): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for, status)
     VALUES ($1, $2, $3, $4, 'x', 1, $5, $6) RETURNING id`,
    [themeId, userId, title, `Conteúdo de ${title}`, when, status],
  );
  return row!.id;
}

// Two days ahead and three days ahead, in the same local month (moved on at a month's end).
let full: Date;
let other: Date;

/** Opens the calendar on the month of `full` (Posts Agendados › Calendário). */
async function openCalendar(target: Page) {
  await target.goto('/scheduled-posts?view=calendar');
  await target.locator('[data-day]').first().waitFor({ state: 'attached' });
  if ((await target.locator(`[data-day="${dayKey(full)}"]:not([class*="outside"])`).count()) === 0)
    await target.getByRole('button', { name: 'Próximo mês' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  email = uniqueEmail('orcamento');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Tema X', 'Descrição', ARRAY['professional'], ARRAY['x'], 'daily', 'blue') RETURNING id`,
    [userId],
  );
  themeId = theme!.id;
  let offset = 2;
  while (dayKey(at(offset)).slice(0, 7) !== dayKey(at(offset + 1)).slice(0, 7)) offset += 1;
  full = at(offset);
  other = at(offset + 1);
  // X: 2 posts a day and 40 a month, counting each account's own (stored as the old 'user', read as
  // 'account'; no X account here: this workspace's posts), so other e2e files never count here.
  await sql(`UPDATE admin_settings SET setting_value = $1 WHERE setting_key = 'network_budgets'`, [
    JSON.stringify({ x: { month: 40, day: 2, scope: 'user' } }),
  ]);
  // The day at its budget (2 of 2): a third post there goes past it.
  await seedPost('Cheio 1', full);
  await seedPost('Cheio 2', new Date(full.getTime() + 3_600_000));
});
afterAll(async () => {
  // Back to the shipped setting: every network on its default.
  await sql(`UPDATE admin_settings SET setting_value = '{}'::jsonb WHERE setting_key = 'network_budgets'`);
  await close?.();
  await browser?.close();
});

describe('network budgets', () => {
  it('the composer warns before a save past the budget, and saves only once confirmed', async () => {
    const failed = await seedPost('Falhou no dia cheio', new Date(full.getTime() + 7_200_000), 'failed');
    await openCalendar(page);
    await page.locator(`[data-post-id="${failed}"]`).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Post' });
    const panel = dialog.getByTestId('composer-budget');
    await panel.getByText(/^X \(Twitter\): 2 de 40 posts/).waitFor();
    await panel.getByText(/^X \(Twitter\): 2 de 2 posts em /).waitFor();
    await panel
      .getByTestId('budget-warning')
      .getByText(/já há 2 posts no X \(Twitter\), e o orçamento é de 2 por dia/)
      .waitFor();
    await dialog.getByRole('textbox', { name: /^Título/ }).fill('Falhou no dia cheio (revisto)');
    await panel.getByTestId('budget-warning').scrollIntoViewIfNeeded();
    await snapshot(page, 'budget-dialog-warning-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const confirm = dialog.getByTestId('budget-confirm');
    await confirm.getByText('Agendar acima do orçamento?').waitFor();
    await confirm.scrollIntoViewIfNeeded();
    await snapshot(page, 'budget-dialog-confirm-1280', { fullPage: false });
    // Not saved until confirmed.
    expect((await sql('SELECT status FROM suggested_posts WHERE id = $1', [failed]))[0]!.status).toBe(
      'failed',
    );
    await confirm.getByRole('button', { name: 'Agendar mesmo assim' }).click();
    await expectToast(page, 'Post atualizado com sucesso.');
    const [row] = await sql<{ status: string; title: string }>(
      'SELECT status, title FROM suggested_posts WHERE id = $1',
      [failed],
    );
    expect(row).toEqual({ status: 'scheduled', title: 'Falhou no dia cheio (revisto)' });
    // The calendar follows: 3 posts on the day now, one past its budget.
    await page
      .getByRole('region', { name: /^Orçamento das redes em / })
      .getByText(/^X \(Twitter\): 3 de 40 posts/)
      .waitFor();
  });

  it('the calendar shows the month usage and marks the day past the daily budget', async () => {
    await openCalendar(page);
    const panel = page.getByRole('region', { name: /^Orçamento das redes em / });
    await panel.getByText(/^X \(Twitter\): 3 de 40 posts/).waitFor();
    await panel.getByText(/passa do limite de 2 posts por dia/).waitFor();
    const cell = page.locator(`[data-day="${dayKey(full)}"]`);
    await cell.getByLabel('X (Twitter): 3 posts, acima do limite de 2 por dia').waitFor();
    expect(await page.locator(`[data-day="${dayKey(other)}"] [data-over-budget]`).count()).toBe(0);
    await snapshot(page, 'budget-calendar-1280');
    // The same in the dark scheme, then back.
    const toggle = page.getByRole('button', { name: 'Alternar modo claro/escuro' }).first();
    await toggle.click();
    await snapshot(page, 'budget-calendar-dark-1280', { fullPage: false });
    await toggle.click();
  });

  it('a calendar drop past the budget asks first; "Escolher outra data" keeps the old day', async () => {
    const moving = await seedPost('Mover para o dia cheio', other);
    await openCalendar(page);
    const chip = page.locator(`[data-post-id="${moving}"]`);
    await chip.waitFor();
    await chip.dragTo(page.locator(`[data-day="${dayKey(full)}"]`));
    const modal = page.getByRole('dialog', { name: 'Agendar acima do orçamento?' });
    await modal.getByText(/já há 3 posts no X \(Twitter\)/).waitFor();
    await snapshot(page, 'budget-drop-confirm-1280');
    await modal.getByRole('button', { name: 'Escolher outra data' }).click();
    await modal.waitFor({ state: 'hidden' });
    const [row] = await sql<{ scheduled_for: Date }>(
      'SELECT scheduled_for FROM suggested_posts WHERE id = $1',
      [moving],
    );
    expect(row!.scheduled_for.getTime()).toBe(other.getTime());
  });

  it('at 375 px: the calendar panel and the dialog warning fit', async () => {
    const small = await newPage(browser, { width: 375, height: 800 });
    try {
      await logIn(small.page, email);
      await small.page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      const failed = await seedPost('Outro que falhou', new Date(full.getTime() + 14_400_000), 'failed');
      await openCalendar(small.page);
      await small.page.getByRole('region', { name: /^Orçamento das redes em / }).waitFor();
      await snapshot(small.page, 'budget-calendar-375');
      // The day holds more posts than a narrow cell shows: open them from "+N mais".
      await small.page
        .locator(`[data-day="${dayKey(full)}"]`)
        .getByRole('button', { name: /mais/i })
        .click();
      await small.page.locator(`[data-post-id="${failed}"]`).last().click();
      const dialog = small.page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.getByTestId('budget-warning').waitFor();
      await dialog.getByTestId('budget-warning').scrollIntoViewIfNeeded();
      await snapshot(small.page, 'budget-dialog-warning-375', { fullPage: false });
      await dialog.getByRole('textbox', { name: /^Título/ }).fill('Outro que falhou (revisto)');
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      const confirm = dialog.getByTestId('budget-confirm');
      await confirm.waitFor();
      await confirm.scrollIntoViewIfNeeded();
      await snapshot(small.page, 'budget-dialog-confirm-375', { fullPage: false });
      await confirm.getByRole('button', { name: 'Escolher outra data' }).click();
      const overflow = await small.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await small.context.close();
    }
  });

  it('an administrator sets the budgets in Configurações do Sistema', async () => {
    await promoteToAdmin(email);
    await logIn(page, email);
    await page.getByRole('button', { name: 'Administração' }).waitFor();
    await page.goto('/admin-settings');
    const card = page.getByRole('region', { name: 'Orçamento de posts por rede' });
    const day = card.getByLabel('Posts por dia — X (Twitter)');
    await day.waitFor();
    expect(await day.inputValue()).toBe('2');
    await card.getByText('Padrão da rede: 1.500 por mês, 17 por dia.').waitFor();
    await day.fill('-1');
    await card.getByRole('button', { name: 'Salvar' }).click();
    await card
      .getByText(/Informe um número inteiro entre 0 e 1.000.000/)
      .first()
      .waitFor();
    await day.fill('5');
    await card.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Orçamento salvo com sucesso.');
    const [setting] = await sql<{ setting_value: unknown }>(
      `SELECT setting_value FROM admin_settings WHERE setting_key = 'network_budgets'`,
    );
    // The old 'user' is saved as what it means now.
    expect(setting!.setting_value).toEqual({ x: { month: 40, day: 5, scope: 'account' } });
    await snapshot(page, 'budget-admin-1280');
  });
});
