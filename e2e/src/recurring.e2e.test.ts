// Recurring posts (docs/recurring-posts.md), in Chromium against the built app and the sandbox
// LinkedIn: a post set in Editar Post → "Repetir" to repeat weekly 3 times is published by the
// worker, and its next occurrence (the same text, a week later, "Recorrente", "Publicação 2 de 3")
// appears on the open Posts Agendados screen without a reload.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { createTheme, expectToast, mutateInPage, signUp } from './flows.js';

const SHOTS = new URL('../artifacts/recurring', import.meta.url).pathname;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** The screen at 1280 and 375 px wide, with `focus` (a section of a dialog, a card) in view. */
async function shoot(page: Page, name: string, focus: Locator) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(400);
    await focus.scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

function cardsOf(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

describe('recurring posts', () => {
  it('repeats a post weekly 3 times: published through the sandbox, the next occurrence appears live', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('recorrente');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await page.goto('/connected-accounts');
    await page
      .getByRole('article', { name: 'Conta LinkedIn', exact: true })
      .getByRole('button', { name: 'Conectar' })
      .click();
    await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
    await page
      .getByRole('article', { name: 'Conta LinkedIn', exact: true })
      .getByText('Conectado')
      .first()
      .waitFor();
    await createTheme(page, 'Dicas semanais', { networks: ['LinkedIn'], frequency: 'Diário' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });

    const [post] = await sql<{ id: string; title: string; content: string }>(
      `SELECT p.id, p.title, p.content FROM suggested_posts p JOIN users u ON u.id = p.user_id
       WHERE u.email = $1 ORDER BY p.post_order LIMIT 1`,
      [email],
    );
    expect(post).toBeDefined();
    // A title of its own, so the cards of this series are told apart from the theme's other posts.
    await sql(`UPDATE suggested_posts SET title = $2 WHERE id = $1`, [post!.id, 'Dica recorrente']);
    const title = 'Dica recorrente';

    await page.goto('/scheduled-posts');
    const card = cardsOf(page, title).first();
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Post' });
    await dialog.waitFor();
    const section = dialog.getByRole('region', { name: 'Repetir' });
    await section.getByLabel('Repetição', { exact: true }).click();
    await page.getByRole('option', { name: 'A cada N semanas', exact: true }).click();
    await expect.poll(() => section.getByLabel('A cada quantas semanas').inputValue()).toBe('1');
    await section.getByLabel('Número de publicações (contando esta)').fill('3');
    await shoot(page, 'editar-post-repetir-form', section);
    await section.getByRole('button', { name: 'Salvar repetição' }).click();
    await expectToast(page, 'Repetição salva. As próximas publicações seguem esta regra.');
    await section.getByText('Publicação 1 de 3').waitFor();
    await section.getByText('Toda semana, 3 publicações').waitFor();
    await shoot(page, 'editar-post-repetir-salvo', section);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByTestId('recurring-badge').waitFor();
    expect(await cardsOf(page, title).count()).toBe(1);
    await page.evaluate(() => {
      (window as unknown as { __stayed: boolean }).__stayed = true;
    });

    // Due in 3 s (the calendar's reschedule call); the worker of the run publishes it.
    const due = new Date(Date.now() + 3000).toISOString();
    const res = await mutateInPage(page, 'posts.reschedule', {
      json: { id: post!.id, scheduledFor: due },
      meta: { values: { scheduledFor: ['Date'] } },
    });
    expect(res.status, res.body).toBe(200);

    await card.getByText('Publicado').first().waitFor({ timeout: 30_000 });
    // The next occurrence appears on the open screen, without a reload.
    await expect.poll(() => cardsOf(page, title).count(), { timeout: 20_000 }).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
    // Ascending by date: the published occurrence first, the next one (a week later) second.
    const next = cardsOf(page, title).nth(1);
    await next.getByText('Agendado', { exact: true }).waitFor();
    await next.getByTestId('recurring-badge').waitFor();
    await shoot(page, 'posts-agendados-recorrente', next);

    // Exactly one post reached the sandbox; the next occurrence is a week later, same text.
    const rows = await sql<{
      series_occurrence: number;
      status: string;
      content: string;
      scheduled_for: Date;
    }>(
      `SELECT series_occurrence, status, content, scheduled_for FROM suggested_posts
       WHERE series_id = (SELECT series_id FROM suggested_posts WHERE id = $1) ORDER BY series_occurrence`,
      [post!.id],
    );
    expect(rows.map((r) => [r.series_occurrence, r.status])).toEqual([
      [1, 'published'],
      [2, 'scheduled'],
    ]);
    expect(rows[1]!.content).toBe(rows[0]!.content);
    const published = await sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM published_posts WHERE suggested_post_id = $1`,
      [post!.id],
    );
    expect(published[0]!.n).toBe('1');

    await next.getByRole('button', { name: 'Editar' }).click();
    await dialog.waitFor();
    await section.getByText('Publicação 2 de 3').waitFor();
    await section.getByText(/Próxima publicação: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).waitFor();
    await shoot(page, 'editar-post-ocorrencia-2', section);
    await context.close();
  }, 240_000);
});
