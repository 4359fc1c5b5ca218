import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('landing page', () => {
  it('pitches the product with the three stat cards and leads to /auth', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Começar agora' }).waitFor();
    for (const [value, label] of [
      ['80%', /menos tempo/i],
      ['3x', /engajamento/i],
      ['100%', /automatizado/i],
    ] as const) {
      const card = page.getByRole('listitem').filter({ hasText: value }).filter({ hasText: label });
      await expect(card.count()).resolves.toBe(1);
    }
    const start = page.getByRole('link', { name: 'Começar agora' });
    await expect(start.getAttribute('href')).resolves.toBe('/auth');
    const enter = page.getByRole('link', { name: 'Entrar', exact: true }).first();
    await expect(enter.getAttribute('href')).resolves.toBe('/auth');

    // Brand pink on the primary call to action: the light scheme's fill, brand shade 7 (#d6006b),
    // which carries white text at 5.2:1 (#ff1981 itself reaches 3.7:1; docs/accessibility.md).
    const background = await start.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(214, 0, 107)');
    await snapshot(page, 'landing-1280');

    await start.click();
    await page.waitForURL('**/auth');
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the landing page for unknown paths and stacks the cards on a phone', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await page.goto('/qualquer/caminho');
    await page.getByRole('link', { name: 'Começar agora' }).waitFor();
    await expect(page.getByRole('link', { name: 'Começar agora' }).count()).resolves.toBe(1);
    const boxes = await page
      .getByRole('listitem')
      .filter({ hasText: /^(80%|3x|100%)/ })
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(boxes.length).toBe(3);
    expect(new Set(boxes.map((t) => Math.round(t))).size).toBe(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'landing-375');
    await context.close();
  });

  it('serves the security headers with a CSP the built client passes', async () => {
    const res = await fetch(`${(await import('vitest')).inject('baseUrl')}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
