// Issue 28 items 1–2 in Chromium: Configurações → Integrações creates a personal access token,
// shows it once, and the token works against the REST API (curl-like fetch from the test) until
// it is revoked in the UI. The MCP part shows this installation's /mcp and a config snippet. The
// API reference page renders. Screenshots at 1280 and 375 px, light
// and dark; axe on each.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { expectToast, logIn, signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let email: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  email = uniqueEmail('api-tokens');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

async function setScheme(target: Page, scheme: 'light' | 'dark') {
  await target.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
}

const horizontalOverflow = (target: Page) =>
  target.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function callApi(token: string, path: string) {
  return fetch(`${e2eEnv().baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
}

describe('Integrações: personal access tokens', () => {
  let token = '';

  it('reaches Integrações from Configurações, creates a token shown once, which then reads the API', async () => {
    await page.goto('/settings');
    await page.getByRole('link', { name: /Integrações/ }).click();
    await page.waitForURL('**/integrations');
    await page.getByRole('heading', { name: 'Tokens de acesso pessoal' }).waitFor();
    await page.getByText('Nenhum token criado ainda.').waitFor();
    await snapshot(page, 'integrations-empty-1280', { fullPage: false });

    await page.getByRole('textbox', { name: /Nome do token/ }).fill('Planilha de pautas');
    await page.getByRole('checkbox', { name: /Escrita/ }).check();
    await page.getByRole('button', { name: 'Criar token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copie o seu token agora' });
    await dialog.waitFor();
    token = await dialog.getByRole('textbox').inputValue();
    expect(token).toMatch(/^pauta_pat_[A-Za-z0-9_-]{43}$/);
    await snapshot(page, 'integrations-created-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Já copiei' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: 'Planilha de pautas' });
    await row.waitFor();
    expect(await page.locator('body').innerText()).not.toContain(token);
    expect(await row.innerText()).toContain(token.slice(0, 18));

    const themes = await callApi(token, '/themes');
    expect(themes.status).toBe(200);
    expect(await themes.json()).toEqual([]);
    await page.reload();
    await row.getByText('Ativo').waitFor();
    await snapshot(page, 'integrations-list-1280', { fullPage: false });

    // How to connect an MCP client: this installation's /mcp and a config with the Bearer header.
    const mcp = page.getByRole('region', { name: 'Conectar um assistente de IA (MCP)' });
    await mcp.waitFor();
    expect(await mcp.getByTestId('mcp-url').innerText()).toBe(`${new URL(e2eEnv().baseUrl).origin}/mcp`);
    const snippet = JSON.parse(await mcp.getByTestId('mcp-snippet').innerText());
    expect(snippet.mcpServers.pauta).toEqual({
      type: 'http',
      url: `${new URL(e2eEnv().baseUrl).origin}/mcp`,
      headers: { Authorization: 'Bearer pauta_pat_SEU_TOKEN' },
    });
    await mcp.getByRole('button', { name: 'Copiar configuração' }).waitFor();
    await snapshot(page, 'integrations-mcp-1280', { fullPage: true });
  });

  it('revokes the token after a confirmation: the API answers 401 at once', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Planilha de pautas' });
    await row.getByRole('button', { name: 'Revogar: Planilha de pautas' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revogar token?' });
    await confirm.waitFor();
    await snapshot(page, 'integrations-revoke-1280', { fullPage: false });
    await confirm.getByRole('button', { name: 'Revogar' }).click();
    await expectToast(page, 'Token revogado.');
    await row.getByText('Revogado').waitFor();
    const refused = await callApi(token, '/themes');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('dark at 1280, and at 375 px light and dark: fits, axe clean', async () => {
    const report = new AxeReport();
    await setScheme(page, 'dark');
    await page.goto('/integrations');
    await page.getByRole('row').filter({ hasText: 'Planilha de pautas' }).waitFor();
    await snapshot(page, 'integrations-dark-1280', { fullPage: true });
    await scan(page, report, 'integrações', 'dark-1280');
    await setScheme(page, 'light');
    await page.goto('/integrations');
    await page.getByRole('row').filter({ hasText: 'Planilha de pautas' }).waitFor();
    await scan(page, report, 'integrações', '1280');

    const small = await newPage(browser, { width: 375, height: 800 });
    try {
      await logIn(small.page, email);
      await small.page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      for (const scheme of ['light', 'dark'] as const) {
        await setScheme(small.page, scheme);
        const suffix = scheme === 'dark' ? 'dark-375' : '375';
        await small.page.goto('/integrations');
        await small.page.getByRole('heading', { name: 'Tokens de acesso pessoal' }).waitFor();
        // A phone gets one card per token instead of the table.
        await small.page.getByRole('listitem').filter({ hasText: 'Planilha de pautas' }).waitFor();
        await snapshot(small.page, `integrations-${suffix}`, { fullPage: true });
        expect(await horizontalOverflow(small.page)).toBeLessThanOrEqual(0);
        await scan(small.page, report, 'integrações', suffix);
      }
      await small.page.goto('/api/v1/docs');
      await small.page.getByRole('heading', { name: /API da Pauta/ }).waitFor();
      await snapshot(small.page, 'api-reference-375', { fullPage: false });
      expect(await horizontalOverflow(small.page)).toBeLessThanOrEqual(0);
      await scan(small.page, report, 'referência da API', '375');
    } finally {
      await small.context.close();
    }
    await page.goto('/api/v1/docs');
    await page.getByRole('heading', { name: /API da Pauta/ }).waitFor();
    await snapshot(page, 'api-reference-1280', { fullPage: false });
    await scan(page, report, 'referência da API', '1280');
    expect(report.blocking(), report.describeBlocking()).toEqual([]);
  }, 180_000);
});
