// Debian's Chromium driven by playwright-core: never a downloaded browser.
import { randomInt } from 'node:crypto';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { e2eEnv } from './env.js';

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

// Test files may each load this module afresh: a random start keeps their addresses apart.
let contexts = randomInt(0, 1 << 16);
function nextClientAddress(): string {
  contexts = (contexts + 1) % (1 << 17);
  return `198.${18 + (contexts >> 16)}.${(contexts >> 8) & 255}.${contexts & 255}`;
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    baseURL: e2eEnv().baseUrl,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Its own client address (the app trusts one proxy hop in the e2e run): the per-address
    // limits of sign-up and sign-in apply per person, as they would in the field. Only a header:
    // 198.18.0.0/15 is the benchmarking range, never contacted.
    extraHTTPHeaders: { 'X-Forwarded-For': nextClientAddress() },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves a screenshot under e2e/artifacts for people to look at (not asserted on). E2E_SNAPSHOTS=0
 * (set by .ci/run, where nobody looks at them) skips the capture: ~170 full-page captures are
 * minutes of a loaded CI run. The pause before it stays, so a test's steps keep their pacing.
 * Screenshots a test asserts on or reads are taken with page.screenshot and always run.
 */
export async function snapshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  // Let transitions (drawers, toasts, menus) settle so the picture shows what a person sees.
  await page.waitForTimeout(400);
  if (process.env.E2E_SNAPSHOTS === '0') return;
  const path = new URL(`../artifacts/${name}.png`, import.meta.url).pathname;
  try {
    // A full-page capture of a long view took over 15 s once on a loaded CI machine (the
    // context's default timeout): the picture gets more time than an action does.
    await page.screenshot({ path, fullPage: options.fullPage ?? true, timeout: 45_000 });
  } catch (error) {
    // Not asserted on: a picture that cannot be taken is said, never a failed test. One more try
    // of the visible part only, which is cheaper than the full page.
    console.warn(`[snapshot] ${name}: ${(error as Error).message.split('\n')[0]}; só a parte visível`);
    await page
      .screenshot({ path, fullPage: false, timeout: 45_000 })
      .catch((again: unknown) =>
        console.warn(`[snapshot] ${name}: sem imagem (${(again as Error).message.split('\n')[0]})`),
      );
  }
}

/**
 * Waits until the page can be used. The landing and /auth come rendered in the HTML and inert
 * until React has hydrated them (scripts/prerender.ts): a click or a keystroke before that would
 * be lost, and `page.goto` may return first. Any other page is never inert.
 */
export async function untilUsable(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && !root.hasAttribute('inert');
  });
}
