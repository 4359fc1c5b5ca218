// UI steps shared by the e2e specs, written the way a person uses the screens.
import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { untilUsable } from './browser.js';
import { sql } from './db.js';
import { e2eEnv } from './env.js';

export const PASSWORD = 'uma senha bem longa';

/** Waits for a toast (Mantine notification) containing `text`. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page
    .locator('.mantine-Notification-root')
    .filter({ hasText: text })
    .first()
    .waitFor({ timeout: 15_000 });
}

/**
 * Closes every toast on screen and waits until none is left. A toast may close by itself (Mantine's
 * autoClose) between being found and being clicked, and another may arrive meanwhile: each close
 * button gets one short try, and the page is looked at again until no toast is there.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notification-root');
  await expect
    .poll(
      async () => {
        for (const button of await toasts.locator('.mantine-Notification-closeButton').all()) {
          await button.click({ timeout: 1_000 }).catch(() => {});
        }
        return toasts.count();
      },
      { timeout: 15_000, interval: 300 },
    )
    .toBe(0);
}

export async function signUp(
  page: Page,
  email: string,
  options: { firstName?: string; password?: string } = {},
) {
  await page.goto('/auth');
  await untilUsable(page);
  await page.getByText('Criar conta', { exact: true }).first().click();
  await page.getByLabel('Nome', { exact: true }).fill(options.firstName ?? 'Ana');
  await page.getByLabel('Sobrenome').fill('Teste');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Senha/).fill(options.password ?? PASSWORD);
  await page.getByLabel(/^Confirmar senha/).fill(options.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await untilUsable(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await page.getByRole('link', { name: 'Começar agora' }).waitFor();
}

export async function createTheme(
  page: Page,
  name: string,
  options: { networks: string[]; frequency: string },
) {
  await page.goto('/create');
  await page.getByLabel(/^Nome do tema/).fill(name);
  await page.getByLabel(/^Descrição/).fill('Dicas práticas de marketing para pequenos negócios');
  await page.getByText('Profissional', { exact: true }).click();
  for (const network of options.networks) await page.getByText(network, { exact: true }).click();
  await page.getByText(options.frequency, { exact: true }).click();
  await page.getByRole('button', { name: 'Criar Tema' }).click();
}

/**
 * Calls a tRPC mutation from the page, with the browser's own session cookie and, as the UI does,
 * an Idempotency-Key of its own (a new user action).
 */
export async function mutateInPage(page: Page, procedure: string, body: { json: unknown; meta?: unknown }) {
  return page.evaluate(
    async ({ procedure, body }) => {
      const res = await fetch(`/trpc/${procedure}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    },
    { procedure, body },
  );
}

export async function connectX(page: Page) {
  await page.goto('/connected-accounts');
  await page.getByRole('article', { name: 'Conta X' }).getByRole('button', { name: 'Conectar' }).click();
  await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
  await page.getByRole('article', { name: 'Conta X' }).getByText('Conectado').first().waitFor();
}

/**
 * A new user with X connected and a weekly theme on X, whose "Exige aprovação antes de publicar"
 * was then switched on in the theme form (its drafts start in Rascunho). Returns the theme's id.
 */
export async function signUpWithApprovalTheme(page: Page, email: string): Promise<string> {
  await signUp(page, email, { firstName: 'Marina' });
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  await connectX(page);
  await createTheme(page, 'Coleção de verão', { networks: ['X (Twitter)'], frequency: 'Semanal' });
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
  const [theme] = await sql<{ id: string }>(
    'SELECT t.id FROM themes t JOIN users u ON u.id = t.user_id WHERE u.email = $1',
    [email],
  );
  await page.goto(`/edit?theme=${theme!.id}`);
  await page.getByRole('switch', { name: 'Exige aprovação antes de publicar' }).check();
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect
    .poll(
      async () =>
        (await sql<{ r: boolean }>('SELECT requires_approval AS r FROM themes WHERE id = $1', [theme!.id]))[0]
          ?.r,
    )
    .toBe(true);
  return theme!.id;
}

/**
 * Opens "Mover para…" of a board card, picks a stage with the keyboard only and waits for the card
 * in that column (`wait: false` when it may move on at once, e.g. approving a post already due).
 */
export async function moveWithKeyboard(page: Page, title: string, stage: string, options = { wait: true }) {
  const button = page.getByRole('button', { name: `Mover para… — ${title}` });
  await button.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: stage, exact: true });
  await item.waitFor();
  // One ArrowDown at a time, each waiting for the focus to move: on a loaded machine the menu moves
  // its focus a frame later, and a check made before that pressed ArrowDown again and overshot the
  // stage (the move then went to another column).
  for (let i = 0; i < 8; i++) {
    if (await item.evaluate((el) => el === document.activeElement)) break;
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press('ArrowDown');
    await page
      .waitForFunction((previous) => document.activeElement !== previous, before, { timeout: 2000 })
      .catch(() => undefined);
    await before.dispose();
  }
  if (!(await item.evaluate((el) => el === document.activeElement))) {
    throw new Error(`o item "${stage}" do menu Mover para… não recebeu o foco`);
  }
  await page.keyboard.press('Enter');
  if (!options.wait) return;
  await page
    .getByRole('region', { name: new RegExp(`^${stage.replace(/[()]/g, '\\$&')} \\(`) })
    .getByRole('article', { name: title })
    .waitFor();
}

/** A random id of `digits` digits that does not start with 0 (a network's numeric ids). */
export const freshId = (digits: number): string =>
  String(randomInt(1, 10)) + Array.from({ length: digits - 1 }, () => randomInt(0, 10)).join('');

/** The sandbox's control endpoint (`POST /__sandbox/<path>`): 201, or the test fails with the answer. */
export async function sandboxControl(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** Contas Conectadas → the network's "Conectar" (Instagram: through the Facebook Page), and back. */
export async function clickConnect(page: Page, network: string): Promise<Locator> {
  await page.goto('/connected-accounts');
  const card = page.getByRole('article', { name: `Conta ${network}`, exact: true });
  // Instagram offers two logins (docs/instagram-login.md): these tests connect through the Page.
  const button = network === 'Instagram' ? 'Conectar pelo Facebook' : 'Conectar';
  await card.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL('**/connected-accounts**', { timeout: 30_000 });
  return card;
}
