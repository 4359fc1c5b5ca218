// Issue 30 item 9, Datas comemorativas, in Chromium (docs/commemorative-dates.md): Criar Novo Tema
// offers the dates of the next 60 days and sends the picked one with the theme; the calendar labels
// the dates of the month on screen (the description in a tooltip) and hides them with its toggle,
// remembered after a reload; Editar Tema shows the stored dates and saves a change. Screenshots at
// 1280 and 375 px, light and dark.
import { mkdirSync } from 'node:fs';
import {
  type CalendarDate,
  type CommemorativeDate,
  commemorativeDatesOfYear,
  commemorativeMessages,
  upcomingCommemorativeDates,
} from '@pauta/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { expectToast, logIn, signUp } from './flows.js';

const SP = 'America/Sao_Paulo';
const SHOTS = process.env.DATES_SHOTS ?? new URL('../artifacts/', import.meta.url).pathname;

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let email: string;

/** Today in São Paulo (the test may run on any day). */
function todayInSaoPaulo(): CalendarDate {
  // en-CA formats as YYYY-MM-DD.
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: SP }).format(new Date()).split('-');
  return { year: Number(year), month: Number(month), day: Number(day) };
}

async function shot(target: Page, name: string, fullPage = false) {
  await target.waitForTimeout(400);
  await target.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function toggleScheme(target: Page) {
  await target.getByRole('button', { name: 'Alternar modo claro/escuro' }).first().click();
}

/** The calendar of Posts Agendados, on the month a person sees first (today's). */
async function openCalendar(target: Page) {
  await target.goto('/scheduled-posts');
  await target.getByText('Calendário', { exact: true }).click();
  await target.getByRole('switch', { name: commemorativeMessages.toggle }).waitFor();
}

/**
 * A date of the month on screen (Black Friday when it is November), or of the next month when this
 * one has none (a February whose Carnaval falls in March): then the calendar moves on to it.
 */
async function dateOnScreen(target: Page): Promise<CommemorativeDate> {
  const today = todayInSaoPaulo();
  const ofMonth = (year: number, month: number) =>
    commemorativeDatesOfYear(year).filter((d) => d.date.month === month);
  const current = ofMonth(today.year, today.month);
  if (current.length > 0) return current.find((d) => d.id === 'black-friday') ?? current[0]!;
  await target.getByRole('button', { name: 'Próximo mês', exact: true }).click();
  const next = today.month === 12 ? ofMonth(today.year + 1, 1) : ofMonth(today.year, today.month + 1);
  return next[0]!;
}

const markerName = (date: CommemorativeDate) => commemorativeMessages.markerLabel(date.name, date.holiday);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  email = uniqueEmail('datas');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  await sql(`UPDATE profiles SET timezone = $2 WHERE id = (SELECT id FROM users WHERE email = $1)`, [
    email,
    SP,
  ]);
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

describe('Datas comemorativas', () => {
  it('the theme form offers the next 60 days and sends the picked date with the new theme', async () => {
    await page.goto('/create');
    const upcoming = upcomingCommemorativeDates(todayInSaoPaulo());
    // 60 days always hold a date (the longest gap between two, Confraternização → Carnaval, is shorter).
    expect(upcoming.length).toBeGreaterThan(0);
    const section = page.getByRole('region', { name: commemorativeMessages.sectionTitle, exact: true });
    await section.waitFor();
    const chosen = upcoming[0]!;
    const label = commemorativeMessages.optionLabel(chosen.name, chosen.isoDate);
    const chip = section.getByRole('checkbox', { name: label, exact: true });
    // The chip's checkbox is visually hidden: a person clicks its label.
    await section.getByText(label, { exact: true }).click();
    expect(await chip.isChecked()).toBe(true);
    await section.getByText(commemorativeMessages.chosen(1), { exact: true }).waitFor();
    expect(await section.getByRole('checkbox').count()).toBe(upcoming.length);
    await section.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await shot(page, 'theme-form-dates-1280');
    await toggleScheme(page);
    await shot(page, 'theme-form-dates-dark-1280');
    await toggleScheme(page);

    await page.getByLabel(/^Nome do tema/).fill('Loja de café');
    await page.getByLabel(/^Descrição/).fill('Cafés especiais e presentes para quem ama café');
    await page.getByText('Profissional', { exact: true }).click();
    await page.getByText('LinkedIn', { exact: true }).click();
    await page.getByText('Diário', { exact: true }).click();
    const sent = page.waitForRequest((request) => request.url().includes('/trpc/themes.create'));
    await page.getByRole('button', { name: 'Criar Tema', exact: true }).click();
    const body = JSON.parse((await sent).postData() ?? '{}') as { json?: { commemorativeDates?: string[] } };
    expect(body.json?.commemorativeDates).toEqual([chosen.key]);
    await expectToast(page, /Sucesso!/);
    await page.waitForURL('**/dashboard');
  });

  it('Editar Tema shows the stored date picked, and saves another one with the theme', async () => {
    const [theme] = await sql<{ id: string; commemorative_dates: string[] }>(
      `SELECT t.id, t.commemorative_dates FROM themes t JOIN users u ON u.id = t.user_id WHERE u.email = $1`,
      [email],
    );
    const upcoming = upcomingCommemorativeDates(todayInSaoPaulo());
    expect(theme!.commemorative_dates).toEqual([upcoming[0]!.key]);
    await page.goto(`/edit?theme=${theme!.id}`);
    const section = page.getByRole('region', { name: commemorativeMessages.sectionTitle, exact: true });
    await section.waitFor();
    const first = commemorativeMessages.optionLabel(upcoming[0]!.name, upcoming[0]!.isoDate);
    expect(await section.getByRole('checkbox', { name: first, exact: true }).isChecked()).toBe(true);
    await section.getByText(commemorativeMessages.chosen(1), { exact: true }).waitFor();
    const expected = [upcoming[0]!.key];
    const other = upcoming[1];
    if (other !== undefined) {
      await section
        .getByText(commemorativeMessages.optionLabel(other.name, other.isoDate), { exact: true })
        .click();
      await section.getByText(commemorativeMessages.chosen(2), { exact: true }).waitFor();
      expected.push(other.key);
    }
    await section.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await shot(page, 'edit-theme-dates-1280');
    const small = await newPage(browser, { width: 375, height: 812 });
    try {
      await logIn(small.page, email);
      await small.page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      await small.page.goto(`/edit?theme=${theme!.id}`);
      const smallSection = small.page.getByRole('region', {
        name: commemorativeMessages.sectionTitle,
        exact: true,
      });
      await smallSection.waitFor();
      await smallSection.scrollIntoViewIfNeeded();
      await shot(small.page, 'edit-theme-dates-375');
      await toggleScheme(small.page);
      await shot(small.page, 'edit-theme-dates-dark-375');
      await toggleScheme(small.page);
    } finally {
      await small.context.close();
    }
    const sent = page.waitForRequest((request) => request.url().includes('/trpc/themes.update'));
    await page.getByRole('button', { name: 'Salvar Alterações', exact: true }).click();
    const body = JSON.parse((await sent).postData() ?? '{}') as { json?: { commemorativeDates?: string[] } };
    expect([...(body.json?.commemorativeDates ?? [])].sort()).toEqual([...expected].sort());
    await expectToast(page, /Sucesso!/);
    await page.waitForURL('**/dashboard');
    const [saved] = await sql<{ commemorative_dates: string[] }>(
      `SELECT commemorative_dates FROM themes WHERE id = $1`,
      [theme!.id],
    );
    expect([...saved!.commemorative_dates].sort()).toEqual([...expected].sort());
  });

  it('the calendar labels the dates of the month on screen, with the description, and hides them', async () => {
    await openCalendar(page);
    const date = await dateOnScreen(page);
    const marker = page.getByRole('img', { name: markerName(date), exact: true });
    await marker.waitFor();
    expect(
      await page
        .locator(`[data-day="${date.isoDate}"]`)
        .getByRole('img', { name: markerName(date), exact: true })
        .count(),
    ).toBe(1);
    expect(await marker.textContent()).toBe(date.shortName);
    // From outside first: a pointer already resting where the marker is drawn sends no mouseenter
    // (the tooltip stayed shut once in a full run).
    await page.mouse.move(0, 0);
    await marker.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain(date.description);
    await shot(page, 'calendar-dates-1280');
    const report = new AxeReport();
    await scan(page, report, 'calendário', 'datas comemorativas');
    expect(report.blocking(), report.describeBlocking()).toEqual([]);
    await toggleScheme(page);
    await page.mouse.move(0, 0);
    await shot(page, 'calendar-dates-dark-1280');
    await toggleScheme(page);

    // The toggle hides them, and the choice outlives a reload.
    await page.getByRole('switch', { name: commemorativeMessages.toggle }).click();
    await marker.waitFor({ state: 'detached' });
    await page.reload();
    await openCalendar(page);
    await dateOnScreen(page);
    expect(await page.getByRole('switch', { name: commemorativeMessages.toggle }).isChecked()).toBe(false);
    expect(await page.getByRole('img', { name: markerName(date), exact: true }).count()).toBe(0);
    await page.getByRole('switch', { name: commemorativeMessages.toggle }).click();
    await page.getByRole('img', { name: markerName(date), exact: true }).waitFor();
  });

  it('at 375 px the label is an icon named by the date, its description on a tap', async () => {
    const small = await newPage(browser, { width: 375, height: 812 });
    try {
      await logIn(small.page, email);
      await small.page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      await openCalendar(small.page);
      const date = await dateOnScreen(small.page);
      const marker = small.page.getByRole('img', { name: markerName(date), exact: true });
      await marker.waitFor();
      const box = await marker.boundingBox();
      expect(box!.width).toBeLessThan(40);
      await shot(small.page, 'calendar-dates-375', true);
      await marker.click();
      await small.page.getByRole('tooltip').waitFor();
      expect(await small.page.getByRole('tooltip').textContent()).toContain(date.name);
      await shot(small.page, 'calendar-dates-tooltip-375');
      await small.page.keyboard.press('Escape');
      await toggleScheme(small.page);
      await marker.scrollIntoViewIfNeeded();
      await shot(small.page, 'calendar-dates-dark-375');
      await toggleScheme(small.page);

      await small.page.goto('/create');
      const section = small.page.getByRole('region', {
        name: commemorativeMessages.sectionTitle,
        exact: true,
      });
      await section.scrollIntoViewIfNeeded();
      await shot(small.page, 'theme-form-dates-375');
    } finally {
      await small.context.close();
    }
  });
});
