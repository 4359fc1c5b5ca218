// UI steps shared by the e2e specs, written the way a person uses the screens.
import type { Page } from 'playwright-core';

export const PASSWORD = 'uma senha bem longa';

/** Waits for a toast (Mantine notification) containing `text`. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page
    .locator('.mantine-Notification-root')
    .filter({ hasText: text })
    .first()
    .waitFor({ timeout: 15_000 });
}

export async function signUp(
  page: Page,
  email: string,
  options: { firstName?: string; password?: string } = {},
) {
  await page.goto('/auth');
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
