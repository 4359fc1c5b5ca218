// Issue 25 item 7 in Chromium: the same X account connected in two of a person's clientes, each
// with its own consent; the connect notice and the card say "Esta conta também está conectada em
// <cliente>", and disconnecting in one says it stays connected in the other (nothing revoked).
// Pictures at 1280 and 375 px.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { expectToast, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The sandbox's next X consent answers this identity (one of its own, not the default one). */
async function nextX(sub: string) {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/next-authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ network: 'x', user: { sub, username: 'padaria.sol', name: 'Padaria Sol' } }),
  });
  expect(res.status).toBe(201);
}

async function connectX(page: Page) {
  await page.getByRole('article', { name: 'Conta X' }).getByRole('button', { name: 'Conectar' }).click();
  await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
  await page.getByRole('article', { name: 'Conta X' }).getByText('Conectado').first().waitFor();
}

async function createCliente(page: Page, name: string) {
  await page.getByRole('button', { name: 'Novo cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
  await dialog.getByLabel(/^Nome do cliente/).fill(name);
  await dialog.getByRole('button', { name: 'Criar cliente' }).click();
  await page.getByRole('button', { name: `Cliente atual: ${name}. Trocar de cliente` }).waitFor();
  return new URL(page.url()).searchParams.get('cliente')!;
}

describe('the same network account in two clientes', () => {
  it('says where else it is connected, and that disconnecting revokes nothing', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('shared'));
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const sub = randomUUID();

    await page.goto('/connected-accounts');
    await nextX(sub);
    await connectX(page);

    const lua = await createCliente(page, 'Agência Lua');
    await page.goto(`/connected-accounts?cliente=${lua}`);
    await nextX(sub);
    await connectX(page);
    await expectToast(page, /Esta conta também está conectada em Pessoal\./);
    const card = page.getByRole('article', { name: 'Conta X' });
    await card.getByText('Esta conta também está conectada em Pessoal.').waitFor();
    await page.waitForURL((url) => !url.search.includes('connection'), { timeout: 10_000 });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await card.scrollIntoViewIfNeeded();
      await snapshot(page, `shared-account-card-${width}`);
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await card.getByRole('button', { name: 'Desconectar' }).click();
    const dialog = page.getByRole('dialog');
    const kept = 'A conta continua conectada em Pessoal; o acesso da Pauta na rede não foi revogado.';
    await dialog.getByText(kept).waitFor();
    await snapshot(page, 'shared-account-disconnect-1280');
    await dialog.getByRole('button', { name: 'Desconectar' }).click();
    await expectToast(page, kept);
    await context.close();
  });
});
