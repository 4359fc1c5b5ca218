// Issue 30 item 10, the pre-flight in Chromium (docs/preflight.md): Editar Post shows "Antes de
// agendar" for the post's network; typing past X's 280 brings the blocking line, a link brings X's
// higher price. Screenshots at 1280 and 375 px into e2e/artifacts (preflight-*).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let themeId: string;
let postId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('preflight');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  const userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Tema pré-voo', 'Descrição', ARRAY['professional'], ARRAY['x'], 'daily', 'blue') RETURNING id`,
    [userId],
  );
  themeId = theme!.id;
  const [post] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for, status)
     VALUES ($1, $2, 'Post do pré-voo', 'Bom dia, Recife!', 'x', 1, now() + interval '3 days', 'scheduled') RETURNING id`,
    [themeId, userId],
  );
  postId = post!.id;
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

async function openEditor(target: Page) {
  await target.goto(`/scheduled-posts?theme=${themeId}`);
  await target.getByRole('button', { name: 'Editar' }).first().click();
  const dialog = target.getByRole('dialog', { name: 'Editar Post' });
  const panel = dialog.getByTestId('preflight-panel');
  await panel.getByText('Antes de agendar').waitFor();
  return { dialog, panel };
}

describe('pre-flight in Editar Post', () => {
  it('shows the checks, the blocking line past the limit and X’s price with a link', async () => {
    const { dialog, panel } = await openEditor(page);
    await panel.getByText('X (Twitter): 16 de 280 caracteres.').waitFor();
    await panel.getByText(/X \(Twitter\): este post custa US\$ 0,015 ao app/).waitFor();
    await panel.getByText('Tudo certo para agendar.').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await snapshot(page, 'preflight-ok-1280', { fullPage: false });

    const content = dialog.getByRole('textbox', { name: /^Conteúdo/ });
    await content.fill(`${'Pauta '.repeat(50)}fim`);
    const blocking = panel.locator('li[data-level="blocking"]');
    await blocking
      .getByText(
        'O conteúdo ultrapassa o limite de 280 caracteres do X (Twitter) (303 de 280). Encurte o texto para salvar.',
      )
      .waitFor();
    await panel.getByText('Não pode ser agendado assim.').waitFor();
    // The line says its level in words too (colour is not the only cue).
    expect(await blocking.first().textContent()).toContain('Impede o agendamento:');
    await panel.scrollIntoViewIfNeeded();
    await snapshot(page, 'preflight-blocking-1280', { fullPage: false });
    // The save refuses what the panel blocks.
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.locator('textarea[aria-invalid="true"]').waitFor();
    expect(
      (await sql<{ content: string }>('SELECT content FROM suggested_posts WHERE id = $1', [postId]))[0]!
        .content,
    ).toBe('Bom dia, Recife!');

    await content.fill('Cardápio novo: https://padaria.exemplo.com.br/cardapio');
    const price = panel.locator('li[data-kind="price"]');
    await price
      .getByText(/este post tem um link e custa US\$ 0,200 ao app, em vez de US\$ 0,015 sem link/)
      .waitFor();
    expect(await price.getAttribute('data-level')).toBe('warning');
    expect(await panel.locator('li[data-level="blocking"]').count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await snapshot(page, 'preflight-price-1280', { fullPage: false });
  });

  it('fits a 375 px screen', async () => {
    const small = await newPage(browser, { width: 375, height: 800 });
    await small.context.addCookies(await page.context().cookies());
    const { dialog, panel } = await openEditor(small.page);
    await dialog
      .getByRole('textbox', { name: /^Conteúdo/ })
      .fill(`Veja https://exemplo.com.br ${'texto '.repeat(50)}`);
    await panel.locator('li[data-level="blocking"]').first().waitFor();
    await panel.scrollIntoViewIfNeeded();
    await snapshot(small.page, 'preflight-375', { fullPage: false });
    const box = await panel.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    await small.context.close();
  });
});
