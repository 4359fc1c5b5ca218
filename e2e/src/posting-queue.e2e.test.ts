// Issue 30 item 2 in Chromium (docs/posting-queue.md): "Fila de publicação" with X connected —
// two slots added, two posts put in the queue with "Adicionar à fila" from Posts Agendados, each
// taking the next free slot on the queue screen, then the two reordered with "Descer" and back
// again by dragging one onto the other's slot (HTML5 drag-and-drop, playwright's dragTo). Positions,
// not clock times, are asserted, so the test holds on any day and in any zone. Screenshots at
// 1280 and 375 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { connectX, expectToast, signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let userId: string;

// Far from any slot: 40 days ahead at 03:07Z.
const later = new Date(Date.now() + 40 * 86_400_000);
later.setUTCHours(3, 7, 0, 0);

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('fila');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  const [{ id: themeId }] = (await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Padaria', 'Pães', ARRAY['casual'], ARRAY['x'], 'weekly', 'orange') RETURNING id`,
    [userId],
  )) as [{ id: string }];
  for (const [i, title] of ['Pão de queijo', 'Bolo de fubá'].entries())
    await sql(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, $3, $4, 'x', $5, $6)`,
      [themeId, userId, title, `${title} quentinho`, i + 1, new Date(later.getTime() + i * 86_400_000)],
    );
  await connectX(page);
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

const entryTitles = () => page.getByTestId('queue-entry').allInnerTexts();

async function shots(name: string) {
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await snapshot(page, `posting-queue-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('Fila de publicação', () => {
  it('sets slots, queues two posts into the next slots, and reorders them', {
    timeout: 240_000,
  }, async () => {
    await page.goto('/posting-queue');
    await page.getByRole('heading', { level: 1, name: 'Fila de publicação' }).waitFor();
    const card = page.getByTestId('queue-account');
    await card.getByText('Nenhum horário ainda.', { exact: false }).waitFor();
    await shots('empty');

    // Two slots: segunda 10:00 (the form's default) and quarta 18:30.
    await card.getByRole('button', { name: 'Adicionar horário' }).click();
    await expectToast(page, 'Horários da fila salvos.');
    await card.getByLabel('Dia da semana').click();
    await page.getByRole('option', { name: 'quarta' }).click();
    await card.getByLabel('Horário', { exact: true }).fill('18:30');
    await card.getByRole('button', { name: 'Adicionar horário' }).click();
    await card.getByText('quarta, 18:30').waitFor();
    await card.getByText('segunda, 10:00').waitFor();
    // Every upcoming entry is free.
    await expect.poll(async () => (await entryTitles()).every((t) => t.includes('Horário livre'))).toBe(true);

    // "Adicionar à fila" on both posts, from Posts Agendados.
    await page.goto('/scheduled-posts');
    for (const title of ['Pão de queijo', 'Bolo de fubá']) {
      const post = page.getByRole('article').filter({ hasText: title });
      await post.getByRole('button', { name: 'Adicionar à fila' }).click();
      await expectToast(page, /Post adicionado à fila/);
      await post.getByText('Na fila', { exact: true }).waitFor();
      await expect(post.getByRole('button', { name: 'Adicionar à fila' }).count()).resolves.toBe(0);
    }

    await page.goto('/posting-queue');
    await card.getByTestId('queue-entry').first().waitFor();
    await expect
      .poll(async () =>
        (await entryTitles()).slice(0, 3).map((t) =>
          t
            .split('\n')
            .filter((line) => line.trim() !== '')
            .at(1),
        ),
      )
      .toEqual(['Pão de queijo', 'Bolo de fubá', 'Horário livre']);
    await shots('filled');

    // Reorder: "Pão de queijo" goes down; the two swap slots.
    await card.getByRole('button', { name: 'Descer "Pão de queijo" na fila' }).click();
    await expectToast(page, 'Ordem da fila atualizada.');
    await expect
      .poll(async () =>
        (await entryTitles()).slice(0, 2).map((t) =>
          t
            .split('\n')
            .filter((line) => line.trim() !== '')
            .at(1),
        ),
      )
      .toEqual(['Bolo de fubá', 'Pão de queijo']);
    await shots('reordered');

    // Drag-and-drop: "Pão de queijo" dragged onto the first slot takes it back; one reorder call.
    await card.getByText('Arraste um post da fila', { exact: false }).waitFor();
    const entry = (title: string) => card.getByTestId('queue-entry').filter({ hasText: title });
    const reorders: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('postingQueue.reorder')) reorders.push(request.method());
    });
    await entry('Pão de queijo').dragTo(entry('Bolo de fubá'));
    await expect
      .poll(async () =>
        (await entryTitles()).slice(0, 2).map((t) =>
          t
            .split('\n')
            .filter((line) => line.trim() !== '')
            .at(1),
        ),
      )
      .toEqual(['Pão de queijo', 'Bolo de fubá']);
    // Stored: the dragged post now goes out first.
    await expect
      .poll(async () =>
        (
          await sql<{ title: string }>(
            `SELECT title FROM suggested_posts WHERE user_id = $1 ORDER BY scheduled_for`,
            [userId],
          )
        ).map((r) => r.title),
      )
      .toEqual(['Pão de queijo', 'Bolo de fubá']);
    expect(reorders).toEqual(['POST']);
    await shots('dragged');
  });
});
