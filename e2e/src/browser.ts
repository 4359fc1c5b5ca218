// Debian's Chromium driven by playwright-core: never a downloaded browser.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    baseURL: inject('baseUrl'),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot under e2e/artifacts for people to look at (not asserted on). */
export async function snapshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  // Let transitions (drawers, toasts, menus) settle so the picture shows what a person sees.
  await page.waitForTimeout(400);
  await page.screenshot({
    path: new URL(`../artifacts/${name}.png`, import.meta.url).pathname,
    fullPage: options.fullPage ?? true,
  });
}
