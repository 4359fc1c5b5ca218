// Issue 26, TikTok in Chromium against sandbox TikTok: Contas Conectadas shows the TikTok card
// (its icon and name); "Conectar" goes through TikTok's Login Kit dialog (client_key, PKCE S256)
// and back, and the card shows the person's TikTok name and followers; the account is stored with
// its open_id and a refresh token. Screenshots of the card at 1280 and 375 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('TikTok', () => {
  it('connects a TikTok account through Login Kit with PKCE and shows it on its card', {
    timeout: 120_000,
  }, async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('tiktok');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await page.goto('/connected-accounts');
    const card = page.getByRole('article', { name: 'Conta TikTok', exact: true });
    await card.getByText('Não conectado').waitFor();
    await expect(card.locator('svg.tabler-icon-brand-tiktok').count()).resolves.toBeGreaterThan(0);

    const authorize = page.waitForRequest((request) =>
      request.url().includes('/www.tiktok.com/v2/auth/authorize/'),
    );
    await card.getByRole('button', { name: 'Conectar' }).click();
    const url = new URL((await authorize).url());
    expect(url.searchParams.get('client_key')).toBe('sandbox-tiktok-client');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    await page.getByText(/^Conta TikTok conectada com sucesso!/).waitFor({ timeout: 20_000 });
    await card.getByText('Conectado', { exact: true }).waitFor();
    await card.getByText('Ana Souza').first().waitFor();

    const [account] = await sql<{ platform_user_id: string; has_refresh: boolean }>(
      `SELECT a.platform_user_id, a.refresh_token IS NOT NULL AS has_refresh
       FROM connected_accounts a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND a.is_active AND a.platform = 'tiktok'`,
      [email],
    );
    expect(account).toMatchObject({ has_refresh: true });
    expect(account!.platform_user_id).toMatch(/^-000/);
    await card.scrollIntoViewIfNeeded();
    await snapshot(page, 'tiktok-connected-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByText('Conectado', { exact: true }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await snapshot(page, 'tiktok-connected-375', { fullPage: false });
  });
});
