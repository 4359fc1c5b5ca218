// Issue 11, item 4: a real double-click (Playwright's dblclick: two clicks a few milliseconds
// apart, as a person's hand does) on every button that changes something runs the action once:
// one row, one success toast, no error toast. Checked in the database and on screen.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { closeToasts, signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let userId: string;
let themeId: string;
const DAY = 86_400_000;

/** Every tRPC mutation the page sends, by procedure, and the requests still running. */
const sent = new Map<string, number>();
let running = 0;
let lastActivity = Date.now();

function watchNetwork(target: Page) {
  target.on('request', (request) => {
    running += 1;
    lastActivity = Date.now();
    const match = /\/trpc\/([^?]+)/.exec(request.url());
    if (request.method() === 'POST' && match) {
      for (const procedure of match[1]!.split(',')) sent.set(procedure, (sent.get(procedure) ?? 0) + 1);
    }
  });
  const done = () => {
    running -= 1;
    lastActivity = Date.now();
  };
  target.on('requestfinished', done);
  target.on('requestfailed', done);
}

/** Waits until no request has been running for 700 ms: every answer of the action has arrived. */
async function networkSettled(): Promise<void> {
  await expect
    .poll(() => running === 0 && Date.now() - lastActivity > 700, { timeout: 20_000, interval: 100 })
    .toBe(true);
}

/** Toasts on screen whose text matches. */
function toasts(text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/** The red toasts (title 'Erro'). */
function errorToasts() {
  return page.locator('.mantine-Notification-root').filter({
    has: page.locator('.mantine-Notification-title', { hasText: /^Erro$/ }),
  });
}

/** Dismisses every toast so the next step counts only its own. */
const clearToasts = () => closeToasts(page);

/** One success toast, no error toast, and `procedure` sent once, once the page is quiet. */
async function expectOnce(procedure: string, success: string | RegExp) {
  await toasts(success).first().waitFor();
  await networkSettled();
  expect(await toasts(success).count(), `toasts "${success}"`).toBe(1);
  expect(await errorToasts().allInnerTexts(), 'error toasts').toEqual([]);
  expect(sent.get(procedure) ?? 0, `requests to ${procedure}`).toBe(1);
}

async function seedPost(title: string, status: 'scheduled' | 'failed'): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for, status, last_error)
     VALUES ($1, $2, $3, $4, 'linkedin', 1, $5, $6, $7) RETURNING id`,
    [
      themeId,
      userId,
      title,
      `Conteúdo de ${title}`,
      new Date(Date.now() + 3 * DAY),
      status,
      status === 'failed' ? 'REJECTED' : null,
    ],
  );
  return row!.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('duplo');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  [{ id: themeId }] = (await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Clique duplo', 'Dicas práticas de marketing', ARRAY['professional'], ARRAY['linkedin'], 'daily', 'blue')
     RETURNING id`,
    [userId],
  )) as [{ id: string }];
  watchNetwork(page);
});

afterAll(async () => {
  await close?.();
  await browser?.close();
});

describe('a double-click runs the action once', () => {
  it('Agendar (Posts Sugeridos): one post scheduled, one toast', async () => {
    await page.goto(`/suggested-posts?theme=${themeId}&from=card`);
    const schedule = page.getByRole('button', { name: /^Agendar/ });
    await expect.poll(() => schedule.count(), { timeout: 30_000 }).toBe(5);
    await networkSettled();
    await clearToasts();
    const title = (await page.getByRole('article').first().getByRole('heading').innerText()).trim();
    sent.clear();
    await schedule.first().dblclick();
    await expectOnce('themes.scheduleDraft', 'Post agendado para 1 plataforma(s)!');
    const rows = await sql<{ id: string }>(
      'SELECT id FROM suggested_posts WHERE theme_id = $1 AND title = $2',
      [themeId, title],
    );
    expect(rows).toHaveLength(1);
    await expect.poll(() => schedule.count()).toBe(4);
  });

  it('Excluir (one post): one success toast, no error toast', async () => {
    const id = await seedPost('Excluir com clique duplo', 'scheduled');
    await page.goto(`/scheduled-posts?theme=${themeId}`);
    const card = page.getByRole('article').filter({ hasText: 'Excluir com clique duplo' });
    await card.getByRole('button', { name: 'Excluir' }).click();
    await networkSettled();
    await clearToasts();
    sent.clear();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).dblclick();
    await expectOnce('posts.delete', 'Post excluído com sucesso.');
    expect(await sql('SELECT id FROM suggested_posts WHERE id = $1', [id])).toEqual([]);
  });

  it('Tentar novamente: one success toast, no error toast', async () => {
    const id = await seedPost('Tentar com clique duplo', 'failed');
    await page.goto(`/scheduled-posts?theme=${themeId}`);
    const card = page.getByRole('article').filter({ hasText: 'Tentar com clique duplo' });
    const retry = card.getByRole('button', { name: 'Tentar novamente' });
    await retry.waitFor();
    await networkSettled();
    await clearToasts();
    sent.clear();
    await retry.dblclick();
    await expectOnce('posts.retry', 'Nova tentativa de publicação agendada.');
    const [row] = await sql<{ status: string; version: number }>(
      'SELECT status, version FROM suggested_posts WHERE id = $1',
      [id],
    );
    // One retry: the post went back to the queue once (version 1 → 2).
    expect(row).toMatchObject({ version: 2 });
  });

  it('Salvar Alterações (theme): one success toast, no error toast', async () => {
    await page.goto(`/edit?theme=${themeId}`);
    await page.getByLabel(/^Nome do tema/).fill('Clique duplo (editado)');
    await networkSettled();
    await clearToasts();
    sent.clear();
    await page.getByRole('button', { name: 'Salvar Alterações' }).dblclick();
    await expectOnce('themes.update', 'Tema atualizado com sucesso!');
    const [row] = await sql<{ name: string }>('SELECT name FROM themes WHERE id = $1', [themeId]);
    expect(row!.name).toBe('Clique duplo (editado)');
  });

  it('Conectar Página (Facebook): one account, one success toast, no error toast', async () => {
    await page.goto('/connected-accounts');
    await page
      .getByRole('article', { name: 'Conta Facebook' })
      .getByRole('button', { name: 'Conectar' })
      .click();
    const picker = page.getByRole('dialog');
    await picker.getByText('Escolha a Página do Facebook').waitFor({ timeout: 20_000 });
    await picker.getByRole('radio').first().check();
    await networkSettled();
    await clearToasts();
    sent.clear();
    await picker.getByRole('button', { name: 'Conectar Página' }).dblclick();
    await expectOnce('accounts.selectFacebookPage', /Facebook conectad/);
    const rows = await sql("SELECT id FROM connected_accounts WHERE user_id = $1 AND platform = 'facebook'", [
      userId,
    ]);
    expect(rows).toHaveLength(1);
  });
});
