// Issue 30 item 12 (the defects a new user found), as a person sees them, at 1280 and 375 px:
// the header reaches Aprovação and Posts Publicados; the approval board shows its columns at
// 1280 px and says it scrolls on a phone; post cards show an excerpt, not a lone "…"; calendar
// chips name their network; a toast never covers an open dialog's actions; the time zone is
// edited in Configurações and the times on screen follow it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { expectToast, signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let userId: string;
// Tomorrow 13:00 UTC: 10:00 in São Paulo, 13:00 in Lisbon (winter time).
const when = new Date(Date.now() + 86_400_000);
when.setUTCHours(13, 0, 0, 0);

/** A day in São Paulo as a UTC midnight (the calendar shows São Paulo's days; weeks start on Sunday). */
function spDay(date: Date): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    .format(date)
    .split('-')
    .map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}
/** Whether the calendar, opened today, must go one month / one week on to show `when`. */
const today = spDay(new Date());
const postDay = spDay(when);
const nextMonth = postDay.getUTCMonth() !== today.getUTCMonth();
const weekStart = (day: Date) => day.getTime() - day.getUTCDay() * 86_400_000;
const nextWeek = weekStart(postDay) !== weekStart(today);

const CONTENT = [
  'Bom dia!',
  '',
  'Hoje falamos de café especial: a moagem na hora, a água a 92 graus e o tempo certo de extração para cada método, do coado à prensa francesa, passando pelo espresso e pela aeropress.',
  '',
  'Conte nos comentários qual é o seu método preferido e por quê: vamos responder a todos ao longo da semana.',
  '',
  '#cafe #barista',
].join('\n');

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('defeitos');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette, requires_approval)
     VALUES ($1, 'Café', 'Descrição', ARRAY['professional'], ARRAY['linkedin', 'x', 'instagram'], 'daily', 'green', true) RETURNING id`,
    [userId],
  );
  for (const [i, platform] of (['linkedin', 'x', 'instagram'] as const).entries()) {
    await sql(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for, approval_stage)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'draft')`,
      [
        theme!.id,
        userId,
        `Post ${i + 1} do café`,
        CONTENT,
        platform,
        i + 1,
        new Date(when.getTime() + i * 3_600_000),
      ],
    );
  }
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

async function phone(): Promise<{ page: Page; close: () => Promise<void> }> {
  const opened = await newPage(browser, { width: 375, height: 812 });
  await opened.context.addCookies(await page.context().cookies());
  return { page: opened.page, close: () => opened.context.close() };
}

describe('issue 30 defects, as a person sees them', () => {
  it('the theme form counts its text and says a bad colour, never cutting what was pasted', async () => {
    for (const width of [1280, 375] as const) {
      const target = width === 1280 ? { page, close: async () => {} } : await phone();
      try {
        const p = target.page;
        await p.goto('/create');
        await p.getByRole('textbox', { name: /^Nome do tema/ }).fill('Café especial');
        const description = p.getByRole('textbox', { name: /^Descrição/ });
        await description.fill('Café especial, do grão à xícara. '.repeat(70));
        const typed = await description.inputValue();
        expect(typed.length).toBeGreaterThan(2000);
        await p.getByText(`${typed.length}/2000 caracteres · Use no máximo 2000 caracteres.`).waitFor();
        const color = p.getByRole('textbox', { name: 'Cor personalizada' });
        await color.fill('#12345G');
        await color.blur();
        await p.getByText('Código hexadecimal inválido. Use o formato #RRGGBB.').waitFor();
        await description.scrollIntoViewIfNeeded();
        await snapshot(p, `defects-theme-form-${width}`, { fullPage: false });
        await color.scrollIntoViewIfNeeded();
        await snapshot(p, `defects-theme-color-${width}`, { fullPage: false });
        await p.getByRole('button', { name: 'Criar Tema' }).click();
        await expectToast(p, 'Use no máximo 2000 caracteres.');
        expect(await description.inputValue()).toBe(typed);
      } finally {
        await target.close();
      }
    }
  });

  it('the header reaches the same places as the side menu', async () => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    for (const name of [
      'Home',
      'Meus Temas',
      'Posts Agendados',
      'Aprovação',
      'Posts Publicados',
      'Configurações',
    ]) {
      await nav.getByRole('link', { name }).waitFor();
    }
    // Every entry fits in the header at 1280 px (none pushed under the avatar or Sair).
    const sair = await page.getByRole('button', { name: 'Sair' }).boundingBox();
    const last = await nav.getByRole('link', { name: 'Configurações' }).boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(sair!.x);
    await snapshot(page, 'defects-header-1280', { fullPage: false });
    await nav.getByRole('link', { name: 'Aprovação' }).click();
    await page.getByRole('heading', { name: 'Quadro de aprovação' }).waitFor();
  });

  it('the approval board shows every column at 1280 px, and says it scrolls at 375 px', async () => {
    await page.goto('/approval-board');
    await page
      .getByRole('region', { name: /^Rascunho \(/ })
      .getByRole('article')
      .first()
      .waitFor();
    const last = await page.locator('[data-column="published"]').boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(1280);
    expect(await page.getByTestId('board-scroll-hint').count()).toBe(0);
    await snapshot(page, 'defects-board-1280');
    const report = new AxeReport();
    await scan(page, report, 'approval board', 'light-1280');
    expect(report.findings.filter((f) => f.impact === 'critical' || f.impact === 'serious')).toEqual([]);
    const small = await phone();
    try {
      await small.page.goto('/approval-board');
      await small.page
        .getByRole('region', { name: /^Rascunho \(/ })
        .getByRole('article')
        .first()
        .waitFor();
      await small.page.getByTestId('board-scroll-hint').waitFor();
      await snapshot(small.page, 'defects-board-375', { fullPage: false });
    } finally {
      await small.close();
    }
  });

  it('post cards show several lines of text, and calendar chips name their network', async () => {
    await page.goto('/scheduled-posts');
    const card = page.getByRole('article').filter({ hasText: 'Post 1 do café' }).first();
    await card.waitFor();
    // The excerpt goes past the short first line and the blank one.
    const excerpt = card.locator('[title^="Bom dia!"]');
    expect(await excerpt.textContent()).toContain('Bom dia! Hoje falamos de café especial');
    const box = await excerpt.boundingBox();
    expect(box!.height).toBeGreaterThan(30); // more than one line of 14 px text
    await snapshot(page, 'defects-cards-1280', { fullPage: false });

    await page.getByText('Calendário', { exact: true }).click();
    // Tomorrow may be next month (the 30th) for the calendar that opens on today's month.
    if (nextMonth) await page.getByRole('button', { name: 'Próximo mês' }).click();
    for (const [title, network] of [
      ['Post 1 do café', 'LinkedIn'],
      ['Post 2 do café', 'X (Twitter)'],
      ['Post 3 do café', 'Instagram'],
    ] as const) {
      const chip = page.getByRole('button', {
        name: new RegExp(`${title}.*${network.replace(/[()]/g, '\\$&')}`),
      });
      await chip.first().waitFor();
      expect(await chip.first().locator('svg').count()).toBeGreaterThan(0);
    }
    await snapshot(page, 'defects-calendar-1280');
    const small = await phone();
    try {
      await small.page.goto('/scheduled-posts');
      await small.page.getByRole('article').filter({ hasText: 'Post 1 do café' }).first().waitFor();
      await snapshot(small.page, 'defects-cards-375', { fullPage: false });
      // On a phone the week view has room for each chip's network icon.
      await small.page.getByText('Calendário', { exact: true }).click();
      await small.page.getByText('Semana', { exact: true }).click();
      // Tomorrow is next week when today is Saturday in São Paulo.
      if (nextWeek) await small.page.getByRole('button', { name: 'Próxima semana' }).click();
      const chip = small.page.locator('[data-platform="linkedin"]').first();
      await chip.scrollIntoViewIfNeeded();
      expect(await chip.locator('svg').first().isVisible()).toBe(true);
      await snapshot(small.page, 'defects-calendar-week-375', { fullPage: false });
    } finally {
      await small.close();
    }
  });

  it('a toast shown while a dialog is open does not cover its actions', async () => {
    for (const viewport of [1280, 375] as const) {
      const target = viewport === 1280 ? { page, close: async () => {} } : await phone();
      try {
        const p = target.page;
        await p.goto('/scheduled-posts');
        await p
          .getByRole('article')
          .filter({ hasText: 'Post 1 do café' })
          .filter({ hasText: 'LinkedIn' })
          .getByRole('button', { name: 'Editar' })
          .click();
        const dialog = p.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Salvar' }).waitFor();
        // A toast while the dialog stays open: a version for X exists already ("Já existia…").
        await dialog.getByRole('combobox', { name: 'Rede da nova versão' }).selectOption('x');
        await dialog.getByRole('button', { name: 'Criar versão para outra rede' }).click();
        await expectToast(p, /Versão para o X \(Twitter\)|Já existia uma versão/);
        const toast = await p.locator('.mantine-Notification-root').first().boundingBox();
        for (const name of ['Salvar', 'Cancelar', 'Fechar']) {
          const button = dialog.getByRole('button', { name, exact: true }).first();
          await button.scrollIntoViewIfNeeded();
          const b = (await button.boundingBox())!;
          const t = (await p.locator('.mantine-Notification-root').first().boundingBox()) ?? toast!;
          const overlaps =
            t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
          expect(overlaps, `${name} at ${viewport}`).toBe(false);
        }
        await snapshot(p, `defects-dialog-toast-${viewport}`, { fullPage: false });
        await p.keyboard.press('Escape');
      } finally {
        await target.close();
      }
    }
  });

  it('the changed screens in dark mode, at 1280 and 375 px, with no serious axe finding', async () => {
    const report = new AxeReport();
    for (const width of [1280, 375] as const) {
      const opened = await newPage(browser, { width, height: width === 1280 ? 900 : 812 });
      await opened.context.addCookies(await page.context().cookies());
      const p = opened.page;
      try {
        await p.goto('/dashboard');
        await p.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
        await p.goto('/approval-board');
        await p
          .getByRole('region', { name: /^Rascunho \(/ })
          .getByRole('article')
          .first()
          .waitFor();
        await snapshot(p, `defects-board-${width}-dark`, { fullPage: false });
        await scan(p, report, 'approval board', `dark-${width}`);
        await p.goto('/scheduled-posts');
        await p.getByRole('article').filter({ hasText: 'Post 1 do café' }).first().waitFor();
        await snapshot(p, `defects-cards-${width}-dark`, { fullPage: false });
        await p.getByText('Calendário', { exact: true }).click();
        if (nextMonth) await p.getByRole('button', { name: 'Próximo mês' }).click();
        await p.locator('[data-platform="linkedin"]').first().waitFor();
        await snapshot(p, `defects-calendar-${width}-dark`);
        await scan(p, report, 'calendar', `dark-${width}`);
        await p.goto('/settings');
        await p.getByTestId('time-zone-current').waitFor();
        await snapshot(p, `defects-settings-${width}-dark`, { fullPage: false });
        await scan(p, report, 'settings', `dark-${width}`);
      } finally {
        await opened.context.close();
      }
    }
    expect(report.findings.filter((f) => f.impact === 'critical' || f.impact === 'serious')).toEqual([]);
  });

  it('the time zone is changed in Configurações and the times on screen follow it', async () => {
    await page.goto('/scheduled-posts');
    const card = page
      .getByRole('article')
      .filter({ hasText: 'Post 1 do café' })
      .filter({ hasText: 'LinkedIn' });
    await card.getByText(/10:00/).first().waitFor();
    await page.goto('/settings');
    const field = page.getByRole('combobox', { name: 'Fuso horário' });
    await field.click();
    await field.fill('Lisbon');
    await page.getByRole('option', { name: /^Lisbon/ }).click();
    await page.getByRole('button', { name: 'Salvar fuso horário' }).click();
    await expectToast(page, 'Fuso horário atualizado com sucesso.');
    expect(
      (await sql<{ timezone: string }>('SELECT timezone FROM profiles WHERE id = $1', [userId]))[0]!.timezone,
    ).toBe('Europe/Lisbon');
    await snapshot(page, 'defects-settings-1280');
    const small = await phone();
    try {
      await small.page.goto('/settings');
      await small.page.getByTestId('time-zone-current').waitFor();
      await snapshot(small.page, 'defects-settings-375');
    } finally {
      await small.close();
    }
    await page.goto('/scheduled-posts');
    await card.getByText(/13:00/).first().waitFor();
    expect(await card.getByText(/10:00/).count()).toBe(0);
    // The calendar moves too: the LinkedIn post's chip reads 13:00.
    await page.getByText('Calendário', { exact: true }).click();
    if (nextMonth) await page.getByRole('button', { name: 'Próximo mês' }).click();
    const chip = page.locator('[data-platform="linkedin"]').first();
    await expect.poll(() => chip.locator('span').first().textContent()).toBe('13:00');
    await snapshot(page, 'defects-calendar-after-zone-1280', { fullPage: false });
  });
});
