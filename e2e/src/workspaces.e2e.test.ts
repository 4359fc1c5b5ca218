// Issue 25, switching between clientes (workspaces): a person creates a second cliente, works in
// it, and nothing of one cliente shows in the other; the URL and reloads keep the cliente.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { uniqueEmail } from './db.js';
import { closeToasts, createTheme, expectToast, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const switcher = (page: Page) => page.getByRole('button', { name: /^Cliente atual: / });

async function openThemes(page: Page) {
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Meus Temas' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Meus Temas' }).waitFor();
}

async function switchTo(page: Page, name: string) {
  await switcher(page).click();
  await page.getByRole('menuitem', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: `Cliente atual: ${name}. Trocar de cliente` }).waitFor();
}

describe('clientes (workspaces)', () => {
  it('creates a second cliente, keeps each one’s themes apart, and stays in it on reload', async () => {
    const { context, page } = await newPage(browser);
    const axe = new AxeReport();
    // The live stream (an EventSource, no headers) names its workspace in connectionParams.
    const streams: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/trpc/live.events') streams.push(url.searchParams.get('connectionParams') ?? '');
    });
    await signUp(page, uniqueEmail('clientes'));
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await createTheme(page, 'Tema pessoal', { networks: ['LinkedIn'], frequency: '3x por semana' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });

    // One workspace: no switcher, only a discreet "Novo cliente"; the URL names no cliente.
    await expect(switcher(page).count()).resolves.toBe(0);
    expect(new URL(page.url()).searchParams.has('cliente')).toBe(false);
    await snapshot(page, 'workspaces-single-header-1280', { fullPage: false });
    // In the mobile menu, the same discreet entry and no list.
    await closeToasts(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Novo cliente' }).waitFor();
    await expect(page.getByRole('group', { name: 'Clientes' }).count()).resolves.toBe(0);
    await snapshot(page, 'workspaces-single-menu-375', { fullPage: false });
    await scan(page, axe, 'single-workspace-menu', 'light-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
    await dialog.getByRole('button', { name: 'Criar cliente' }).click();
    await dialog.getByText('Informe o nome do cliente.').waitFor();
    await dialog.getByLabel(/^Nome do cliente/).fill('Padaria Pão Quente');
    await scan(page, axe, 'novo-cliente', 'light-1280');
    await snapshot(page, 'workspaces-new-client-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Criar cliente' }).click();
    await expectToast(page, 'Cliente "Padaria Pão Quente" criado');
    await page
      .getByRole('button', { name: 'Cliente atual: Padaria Pão Quente. Trocar de cliente' })
      .waitFor();
    const padaria = new URL(page.url()).searchParams.get('cliente');
    expect(padaria).toMatch(/^[0-9a-f-]{36}$/);

    await expect
      .poll(() => streams.some((params) => params.includes(padaria ?? '-')), { timeout: 10_000 })
      .toBe(true);

    // The new cliente is empty.
    await openThemes(page);
    expect(new URL(page.url()).searchParams.get('cliente')).toBe(padaria);
    await page.getByText('Nenhum tema criado').waitFor();
    await expect(page.getByText('Tema pessoal').count()).resolves.toBe(0);

    // The switcher, open, at 1280 px.
    await switcher(page).click();
    await page.getByRole('menuitem', { name: /Pessoal/ }).waitFor();
    await snapshot(page, 'workspaces-switcher-1280', { fullPage: false });
    await scan(page, axe, 'workspace-switcher', 'light-1280');
    await page.keyboard.press('Escape');

    // A theme in the Padaria.
    await createTheme(page, 'Tema da padaria', { networks: ['LinkedIn'], frequency: '3x por semana' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    await openThemes(page);
    await page.getByText('Tema da padaria').first().waitFor();
    await expect(page.getByText('Tema pessoal').count()).resolves.toBe(0);

    // Back in the personal workspace: its theme, not the Padaria's.
    await switchTo(page, 'Pessoal');
    await page.getByRole('heading', { level: 1, name: 'Meus Temas' }).waitFor();
    await page.getByText('Tema pessoal').first().waitFor();
    await expect(page.getByText('Tema da padaria').count()).resolves.toBe(0);
    expect(new URL(page.url()).searchParams.get('cliente')).not.toBe(padaria);

    // A reload stays in the cliente shown.
    await page.reload();
    await page.getByRole('button', { name: 'Cliente atual: Pessoal. Trocar de cliente' }).waitFor();
    await page.getByText('Tema pessoal').first().waitFor();
    await expect(page.getByText('Tema da padaria').count()).resolves.toBe(0);
    // Back returns to the Padaria.
    await page.goBack();
    await page
      .getByRole('button', { name: 'Cliente atual: Padaria Pão Quente. Trocar de cliente' })
      .waitFor();
    await page.getByText('Tema da padaria').first().waitFor();
    await page.reload();
    await page
      .getByRole('button', { name: 'Cliente atual: Padaria Pão Quente. Trocar de cliente' })
      .waitFor();
    await page.getByText('Tema da padaria').first().waitFor();
    await expect(page.getByText('Tema pessoal').count()).resolves.toBe(0);
    // Without the URL naming one, the last cliente opens.
    await page.goto('/themes');
    await page
      .getByRole('button', { name: 'Cliente atual: Padaria Pão Quente. Trocar de cliente' })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('cliente')).toBe(padaria);
    // An id the person is not in: the personal workspace, with a notice.
    await page.goto('/themes?cliente=00000000-0000-4000-8000-000000000000');
    await expectToast(page, 'Mostrando o seu espaço pessoal');
    await page.getByRole('button', { name: 'Cliente atual: Pessoal. Trocar de cliente' }).waitFor();
    await page.getByText('Tema pessoal').first().waitFor();

    // The mobile menu at 375 px (the notice closed first, so the picture shows the menu).
    await closeToasts(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: /Padaria Pão Quente/ }).waitFor();
    await snapshot(page, 'workspaces-menu-375', { fullPage: false });
    await scan(page, axe, 'workspace-menu', 'light-375');

    // Dark mode.
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await page.reload();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await drawer.getByRole('button', { name: /Padaria Pão Quente/ }).waitFor();
    await snapshot(page, 'workspaces-menu-dark-375', { fullPage: false });
    await scan(page, axe, 'workspace-menu', 'dark-375');
    // Switching from the menu.
    await drawer.getByRole('button', { name: /Padaria Pão Quente/ }).click();
    await page.getByText('Tema da padaria').first().waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await switcher(page).click();
    await page.getByRole('menuitem', { name: /Pessoal/ }).waitFor();
    await snapshot(page, 'workspaces-switcher-dark-1280', { fullPage: false });
    await scan(page, axe, 'workspace-switcher', 'dark-1280');
    await page.keyboard.press('Escape');
    // The header between the phone and the wide screen.
    await page.setViewportSize({ width: 1024, height: 768 });
    await snapshot(page, 'workspaces-header-dark-1024', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await snapshot(page, 'workspaces-header-dark-1440', { fullPage: false });
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
    await context.close();
  });
});
