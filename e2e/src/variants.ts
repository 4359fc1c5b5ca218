// Screenshots of one screen at 1280 and 375 px, light and dark, each scanned by axe.
import type { Page } from 'playwright-core';
import { type AxeReport, scan } from './axe.js';
import { snapshot } from './browser.js';

export async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
  await page.reload();
  await page.waitForFunction(
    (s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s,
    scheme,
  );
}

/** `ready` waits for the screen after each reload and resize; ends in light at 1280 px. */
export async function everyVariant(page: Page, axe: AxeReport, name: string, ready: () => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await ready();
      await snapshot(page, `${name}-${scheme}-${width}`, { fullPage: true });
      await scan(page, axe, name, `${scheme}-${width}`);
    }
  }
  await setScheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });
}
