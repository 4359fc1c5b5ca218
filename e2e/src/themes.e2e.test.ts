// Issue "Themes, AI-drafted posts and the automatic calendar", driven in Chromium.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { createTheme, expectToast, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Weekday (0 = Sunday) and local time in São Paulo of a timestamptz. */
function saoPaulo(date: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Sao_Paulo',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value;
  return { weekday: get('weekday'), time: `${get('hour')}:${get('minute')}` };
}

describe('themes', () => {
  it('explains each missing field', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('validation'));
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await page.getByRole('button', { name: 'Criar Tema' }).click();
    await expectToast(page, 'Por favor, preencha o nome e a descrição do tema.');
    await page.getByLabel(/^Nome do tema/).fill('Tema');
    await page.getByLabel(/^Descrição/).fill('Descrição');
    await page.getByRole('button', { name: 'Criar Tema' }).click();
    await expectToast(page, 'Selecione pelo menos um tom de voz.');
    await page.getByText('Inspirador', { exact: true }).click();
    await page.getByRole('button', { name: 'Criar Tema' }).click();
    await expectToast(page, 'Selecione pelo menos uma rede social.');
    await context.close();
  });

  it('creates a theme with LinkedIn + X, 3x por semana: 30 posts on Mon/Wed/Fri at 10:00 São Paulo', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('calendar');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const started = new Date();
    await createTheme(page, 'Marketing digital', {
      networks: ['LinkedIn', 'X (Twitter)'],
      frequency: '3x por semana',
    });
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: /Sucesso! 🤖|posts foram/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await snapshot(page, 'dashboard-after-create-1280');

    const rows = await sql<{ platform: string; scheduled_for: Date }>(
      `SELECT p.platform, p.scheduled_for FROM suggested_posts p JOIN users u ON u.id = p.user_id
       WHERE u.email = $1 ORDER BY p.scheduled_for, p.platform`,
      [email],
    );
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => r.platform === 'linkedin')).toHaveLength(15);
    expect(rows.filter((r) => r.platform === 'x')).toHaveLength(15);
    const startOfTomorrow = new Date(started.getTime());
    for (const row of rows) {
      const local = saoPaulo(row.scheduled_for);
      expect(['Mon', 'Wed', 'Fri']).toContain(local.weekday);
      expect(local.time).toBe('10:00');
      expect(row.scheduled_for.getTime()).toBeGreaterThan(startOfTomorrow.getTime());
    }
    // 15 distinct slots, each holding the same post for both networks.
    expect(new Set(rows.map((r) => r.scheduled_for.toISOString())).size).toBe(15);
    await context.close();
  });

  it('lists themes, generates 5 drafts from the card, schedules one, and deletes the theme', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('cards');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await createTheme(page, 'Receitas rápidas', { networks: ['Facebook'], frequency: 'Diário' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });

    await page.goto('/themes');
    const card = page.locator('article, .mantine-Card-root').filter({ hasText: 'Receitas rápidas' }).first();
    await card.waitFor();
    await snapshot(page, 'themes-1280');
    await card.getByRole('link', { name: 'Gerar 5 Posts' }).click();
    await page.getByRole('heading', { name: 'Posts Sugeridos' }).waitFor();
    const schedule = page.getByRole('button', { name: 'Agendar' });
    await expect.poll(() => schedule.count(), { timeout: 30_000 }).toBe(5);
    await snapshot(page, 'suggested-posts-1280');
    const before = await sql<{ n: string }>(
      'SELECT count(*) AS n FROM suggested_posts p JOIN users u ON u.id = p.user_id WHERE u.email = $1',
      [email],
    );
    await schedule.first().click();
    await expectToast(page, 'Post agendado para 1 plataforma(s)!');
    await expect.poll(() => schedule.count()).toBe(4);
    const after = await sql<{ n: string }>(
      'SELECT count(*) AS n FROM suggested_posts p JOIN users u ON u.id = p.user_id WHERE u.email = $1',
      [email],
    );
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 1);

    await page.goto('/themes');
    await card.waitFor();
    await card.getByRole('button', { name: /Ações do tema/ }).click();
    await page.getByRole('menuitem', { name: 'Excluir Tema' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/posts/).first().waitFor();
    await dialog.getByRole('button', { name: /Excluir/ }).click();
    await page.getByText('Nenhum tema criado').waitFor();
    const left = await sql<{ n: string }>(
      'SELECT count(*) AS n FROM suggested_posts p JOIN users u ON u.id = p.user_id WHERE u.email = $1',
      [email],
    );
    expect(Number(left[0]!.n)).toBe(0);
    await context.close();
  });
});
