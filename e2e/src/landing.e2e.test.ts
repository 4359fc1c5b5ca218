import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot, untilUsable } from './browser.js';
import { e2eEnv } from './env.js';

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
    await untilUsable(page);
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
    const res = await fetch(`${e2eEnv().baseUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    // The landing rendered at build time (scripts/prerender.ts): its one inline script (the colour
    // scheme before the first paint) is allowed by its hash, and no other inline script is.
    expect(html).toContain(`<div id="root" data-prerendered="" inert>`);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('paints the landing and /auth from their HTML, before any script, in both colour schemes', async () => {
    for (const [path, heading, dark] of [
      ['/', 'Seu gerente de redes sociais', false],
      ['/auth', 'Bem-vindo de volta', true],
    ] as const) {
      const { context, page } = await newPage(browser, { width: 375, height: 800 });
      if (dark) await context.addInitScript("localStorage.setItem('mantine-color-scheme-value', 'dark')");
      // No script file loads: what a phone shows while the app downloads.
      await context.route(/\.m?js(?:\?|$)/, (route) => route.abort());
      const errors: string[] = [];
      page.on('console', (m) => {
        // The aborted script files are expected; a refused inline script (CSP) is not.
        if (m.type() === 'error' && !m.text().includes('net::ERR_FAILED')) errors.push(m.text());
      });
      await page.goto(path);
      // Inert until the app runs (a tap or a keystroke would be lost): out of the accessibility
      // tree, so by its tag.
      await expect(page.locator('h1').textContent()).resolves.toContain(heading);
      await expect(page.locator('#root').getAttribute('inert')).resolves.toBe('');
      const scheme = await page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
      expect(scheme, path).toBe(dark ? 'dark' : 'light');
      const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(body, path).toBe(dark ? 'rgb(36, 36, 36)' : 'rgb(255, 255, 255)');
      expect(errors, path).toEqual([]);
      await snapshot(page, `first-paint-${path === '/' ? 'landing' : 'auth'}-375${dark ? '-dark' : ''}`);
      await context.close();
    }
  });
});
