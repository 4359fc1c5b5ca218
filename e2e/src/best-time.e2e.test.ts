// Issue 17 item 4, best time to post, in Chromium (docs/best-time.md): a user whose LinkedIn posts
// do best on Saturday evenings sees that slot first on the dashboard's heat map with the
// confidence; a reschedule suggestion fills the edit dialog's date and time; a theme with
// "Usar o melhor horário de cada rede" gets its LinkedIn posts at that hour. Screenshots at 1280
// and 375 px, light and dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { expectToast, logIn, signUp } from './flows.js';

const SP = 'America/Sao_Paulo';
let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let email: string;
let userId: string;
let postId: string;

const localParts = (d: Date) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SP,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { weekday: get('weekday'), hour: Number(get('hour')), minute: Number(get('minute')) };
};

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  email = uniqueEmail('melhor-horario');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  await sql(`UPDATE profiles SET timezone = $2 WHERE id = $1`, [userId, SP]);
  // 20 strong LinkedIn posts on past Saturdays at 20:10 São Paulo time, 40 weak ones on
  // Tuesday–Friday mornings at 10:00: 60 posts with metrics, "confiança alta".
  await sql(
    `INSERT INTO published_posts (user_id, title, content, platform, published_at, engagement_rate, reach, likes_count, comments_count)
     SELECT $1, 'Sábado ' || n, 'Conteúdo', 'linkedin',
            (date_trunc('week', now() AT TIME ZONE $2) - interval '2 days' - n * interval '7 days'
              + interval '20 hours 10 minutes') AT TIME ZONE $2,
            8 + (n % 3), 1000, 80, 10
       FROM generate_series(0, 19) AS n`,
    [userId, SP],
  );
  await sql(
    `INSERT INTO published_posts (user_id, title, content, platform, published_at, engagement_rate, reach, likes_count, comments_count)
     SELECT $1, 'Semana ' || n || '-' || k, 'Conteúdo', 'linkedin',
            (date_trunc('week', now() AT TIME ZONE $2) - interval '7 days' - n * interval '7 days'
              + k * interval '1 day' + interval '10 hours') AT TIME ZONE $2,
            1 + (n % 4) / 10.0, 1000, 10, 0
       FROM generate_series(0, 9) AS n, generate_series(1, 4) AS k`,
    [userId, SP],
  );
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Tema LinkedIn', 'Descrição', ARRAY['professional'], ARRAY['linkedin'], 'daily', 'blue') RETURNING id`,
    [userId],
  );
  const [post] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
     VALUES ($1, $2, 'Reagendar no melhor horário', 'Conteúdo do post', 'linkedin', 1, now() + interval '20 days') RETURNING id`,
    [theme!.id, userId],
  );
  postId = post!.id;
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

async function toggleScheme(target: Page) {
  await target.getByRole('button', { name: 'Alternar modo claro/escuro' }).first().click();
}
describe('best time to post', () => {
  it('the dashboard heat map shows the data-driven best slot and the confidence', async () => {
    await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'Melhores horários', exact: true });
    await section
      .getByText('Baseado em 60 posts publicados — confiança alta: com base nos seus próprios resultados')
      .waitFor();
    const top = section.getByTestId('best-time-top').getByRole('listitem');
    expect(await top.first().textContent()).toContain('sábado às 20h');
    const table = section.getByRole('table', { name: /LinkedIn$/ });
    const best = table.locator('td[data-weekday="6"][data-hour="20"]');
    expect(await best.getAttribute('class')).toMatch(/best/);
    expect(await best.getAttribute('title')).toMatch(/^sábado, 20h: índice \d+$/);
    await section.scrollIntoViewIfNeeded();
    await snapshot(page, 'best-time-dashboard-1280', { fullPage: false });
    await toggleScheme(page);
    await snapshot(page, 'best-time-dashboard-dark-1280', { fullPage: false });
    // Another network: no posts, the industry references.
    await section.getByText('X (Twitter)', { exact: true }).click();
    await section
      .getByText(/Baseado em 0 posts publicados — confiança baixa: usando referências do setor/)
      .waitFor();
    await toggleScheme(page);
  });

  it('a reschedule suggestion fills the date and time, and saving keeps it', async () => {
    await page.goto('/scheduled-posts');
    const card = page.getByRole('article').filter({ hasText: 'Reagendar no melhor horário' });
    await card.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Post' });
    const suggestions = dialog.getByRole('region', { name: 'Sugestões de horário' });
    const saturday = suggestions
      .getByRole('button', { name: /^Sáb, \d\d\/\d\d às 20:00 · índice \d+$/ })
      .first();
    await saturday.waitFor();
    await saturday.scrollIntoViewIfNeeded();
    await snapshot(page, 'best-time-dialog-1280', { fullPage: false });
    const label = (await saturday.textContent())!;
    const [, day, month] = /(\d\d)\/(\d\d)/.exec(label)!;
    await saturday.click();
    expect(await dialog.getByLabel(/^Horário/).inputValue()).toBe('20:00');
    await dialog.getByText(new RegExp(`^${day}/${month}/\\d{4}$`)).waitFor();
    expect(await saturday.getAttribute('aria-pressed')).toBe('true');
    // Not saved by the click.
    const before = await sql<{ version: number }>('SELECT version FROM suggested_posts WHERE id = $1', [
      postId,
    ]);
    expect(before[0]!.version).toBe(1);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, /atualizad/);
    const [row] = await sql<{ scheduled_for: Date }>(
      'SELECT scheduled_for FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(localParts(row!.scheduled_for)).toEqual({ weekday: 'Sat', hour: 20, minute: 0 });
  });

  it('a theme with "Usar o melhor horário de cada rede" gets its LinkedIn posts at the best hour', async () => {
    await page.goto('/create');
    await page.getByLabel(/^Nome do tema/).fill('No melhor horário');
    await page.getByLabel(/^Descrição/).fill('Dicas práticas de marketing para pequenos negócios');
    await page.getByText('Profissional', { exact: true }).click();
    await page.getByText('LinkedIn', { exact: true }).click();
    await page.getByText('Diário', { exact: true }).click();
    const option = page.getByRole('switch', { name: 'Usar o melhor horário de cada rede' });
    expect(await option.isChecked()).toBe(false);
    await option.check();
    await option.scrollIntoViewIfNeeded();
    await snapshot(page, 'best-time-theme-form-1280', { fullPage: false });
    await page.getByRole('button', { name: 'Criar Tema' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    const rows = await sql<{ scheduled_for: Date; use_best_time: boolean }>(
      `SELECT p.scheduled_for, t.use_best_time FROM suggested_posts p JOIN themes t ON t.id = p.theme_id
        WHERE t.user_id = $1 AND t.name = 'No melhor horário'`,
      [userId],
    );
    expect(rows).toHaveLength(15);
    expect(rows.every((r) => r.use_best_time)).toBe(true);
    const saturdays = rows.map((r) => localParts(r.scheduled_for)).filter((p) => p.weekday === 'Sat');
    expect(saturdays.length).toBeGreaterThanOrEqual(2);
    for (const p of saturdays) expect(p).toEqual({ weekday: 'Sat', hour: 20, minute: 0 });
    for (const r of rows) expect(localParts(r.scheduled_for).minute).toBe(0);
  });

  it('dark at 1280 px: the dialog suggestions and the theme option', async () => {
    await setScheme(page, 'dark');
    try {
      await openDialog(page);
      await snapshot(page, 'best-time-dialog-dark-1280', { fullPage: false });
      await page.keyboard.press('Escape');
      await openThemeOption(page);
      await snapshot(page, 'best-time-theme-form-dark-1280', { fullPage: false });
    } finally {
      await setScheme(page, 'light');
    }
  });

  it('at 375 px, light and dark: the heat map scrolls inside its box, the dialog and form fit', async () => {
    const small = await newPage(browser, { width: 375, height: 800 });
    const report = new AxeReport();
    try {
      await logIn(small.page, email);
      await small.page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      for (const scheme of ['light', 'dark'] as const) {
        await setScheme(small.page, scheme);
        const suffix = scheme === 'dark' ? 'dark-375' : '375';
        await small.page.goto('/dashboard');
        const section = small.page.getByRole('region', { name: 'Melhores horários', exact: true });
        await section.getByText(/Baseado em 60 posts publicados/).waitFor();
        await section.getByRole('table').scrollIntoViewIfNeeded();
        await snapshot(small.page, `best-time-dashboard-${suffix}`, { fullPage: false });
        expect(await horizontalOverflow(small.page)).toBeLessThanOrEqual(0);
        // The best hour (20h) is scrolled into view on a phone, not midnight.
        const box = await section.getByRole('table').boundingBox();
        const bestCell = await section.locator('td[data-weekday="6"][data-hour="20"]').boundingBox();
        expect(bestCell!.x).toBeGreaterThanOrEqual(0);
        expect(bestCell!.x + bestCell!.width).toBeLessThanOrEqual(375);
        expect(box).not.toBeNull();
        await scan(small.page, report, 'dashboard: melhores horários', suffix);

        await openDialog(small.page);
        await snapshot(small.page, `best-time-dialog-${suffix}`, { fullPage: false });
        await scan(small.page, report, 'edit post: sugestões de horário', suffix);
        await small.page.keyboard.press('Escape');

        await openThemeOption(small.page);
        await snapshot(small.page, `best-time-theme-form-${suffix}`, { fullPage: false });
        expect(await horizontalOverflow(small.page)).toBeLessThanOrEqual(0);
      }
      expect(report.blocking(), report.describeBlocking()).toEqual([]);
    } finally {
      await small.context.close();
    }
  });
});

async function setScheme(target: Page, scheme: 'light' | 'dark') {
  await target.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
}

function horizontalOverflow(target: Page) {
  return target.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function openDialog(target: Page) {
  await target.goto('/scheduled-posts');
  const card = target.getByRole('article').filter({ hasText: 'Reagendar no melhor horário' });
  await card.getByRole('button', { name: 'Editar' }).click();
  const suggestions = target
    .getByRole('dialog', { name: 'Editar Post' })
    .getByRole('region', { name: 'Sugestões de horário' });
  await suggestions.getByRole('button').first().waitFor();
  await suggestions.scrollIntoViewIfNeeded();
}

async function openThemeOption(target: Page) {
  await target.goto('/create');
  const option = target.getByRole('switch', { name: 'Usar o melhor horário de cada rede' });
  await option.scrollIntoViewIfNeeded();
}
