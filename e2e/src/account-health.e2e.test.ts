// Issue 18 item 1 in Chromium: each connected account shows its health (a LinkedIn token without
// partner refresh expiring in 10 days, an account the network limited, one whose access was
// revoked), the shell's banner says so on other pages, the page is axe-clean at 1280 and 375 px in
// both colour schemes, and "Reconectar" renews the same account: its published history stays.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { decodeMail, receivedMail, sql, uniqueEmail, waitForMail } from './db.js';
import { e2eEnv } from './env.js';
import { signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const DAY_S = 24 * 60 * 60;

/** What the sandbox's next LinkedIn authorization answers (an app without partner refresh). */
async function nextLinkedIn(ttlSeconds: number) {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/next-authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ network: 'linkedin', accessTokenTtlSeconds: ttlSeconds, refreshToken: false }),
  });
  expect(res.status).toBe(201);
}

async function clickConnect(page: Page, network: string, name: 'Conectar' | 'Reconectar') {
  const card = page.getByRole('article', { name: `Conta ${network}`, exact: true });
  await card.getByRole('button', { name }).click();
  // Sandbox consent auto-approves → /auth/callback?connection=true → back here.
  await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
}

async function accountOf(email: string, platform: string) {
  const [row] = await sql<{ id: string; status: string; status_reason: string | null; expires: Date }>(
    `SELECT a.id, a.status, a.status_reason, a.access_token_expires_at AS expires
       FROM connected_accounts a JOIN users u ON u.id = a.user_id
      WHERE u.email = $1 AND a.platform = $2 AND a.is_active`,
    [email, platform],
  );
  return row!;
}

describe('account health', () => {
  it('shows each state with what to do, a banner elsewhere, and reconnects in place', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('health');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    // An app without LinkedIn's partner refresh: a 60-day token and nothing to renew it with.
    await page.goto('/connected-accounts');
    await nextLinkedIn(60 * DAY_S);
    await clickConnect(page, 'LinkedIn', 'Conectar');
    const linkedin = page.getByRole('article', { name: 'Conta LinkedIn', exact: true });
    await linkedin.getByText('Conectado').first().waitFor();
    await page.waitForURL((url) => url.search === '', { timeout: 10_000 });

    // 50 days later (the expiry moved for the test): the worker announces it to the open page —
    // a toast and the card's badge, without a reload — and by email, once.
    await sql(
      `UPDATE connected_accounts SET access_token_expires_at = now() + interval '10 days' - interval '2 minutes'
        WHERE platform = 'linkedin' AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    await page
      .getByText('A conexão com o LinkedIn expira em breve', { exact: true })
      .waitFor({ timeout: 20_000 });
    await linkedin.getByText('Expira em 10 dias').waitFor();
    await linkedin.getByText(/não permite que a Pauta renove esta autorização sozinha/).waitFor();
    const mail = await waitForMail(email, /daqui a 10 dias/);
    expect(mail).toContain('/connected-accounts');
    // Several sweeps later, still one notice.
    await page.waitForTimeout(5000);
    const notices = receivedMail().filter(
      (m) => m.toLowerCase().includes(email.toLowerCase()) && /daqui a 10 dias/.test(decodeMail(m)),
    );
    expect(notices).toHaveLength(1);

    await clickConnect(page, 'X (Twitter)', 'Conectar');
    await clickConnect(page, 'Facebook', 'Conectar');
    const picker = page.getByRole('dialog');
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Conectar Página' }).click();
    await page.getByRole('article', { name: 'Conta Facebook' }).getByText('Conectado').first().waitFor();

    // What the worker records: X answered 429 until half an hour from now; Facebook revoked.
    const x = await accountOf(email, 'x');
    await sql(`UPDATE connected_accounts SET limited_until = now() + interval '30 minutes' WHERE id = $1`, [
      x.id,
    ]);
    const facebook = await accountOf(email, 'facebook');
    await sql(
      `UPDATE connected_accounts SET status = 'needs_reconnect', status_reason = 'revoked' WHERE id = $1`,
      [facebook.id],
    );
    // A post already published through the LinkedIn account, with metrics.
    const li = await accountOf(email, 'linkedin');
    await sql(
      `INSERT INTO published_posts (user_id, connected_account_id, title, content, platform, platform_post_id, reach, likes_count)
       SELECT a.user_id, a.id, 'Post antigo', 'Texto antigo', 'linkedin', 'urn:li:share:42', 300, 12
         FROM connected_accounts a WHERE a.id = $1`,
      [li.id],
    );

    await page.goto('/connected-accounts');
    await page.getByRole('article', { name: 'Conta X' }).getByText('Limitada pela rede').waitFor();
    const fb = page.getByRole('article', { name: 'Conta Facebook' });
    await fb.getByText('Acesso revogado').waitFor();
    expect(await fb.getByRole('button', { name: 'Reconectar' }).count()).toBe(1);
    expect(
      await page
        .getByRole('article', { name: 'Conta X' })
        .getByRole('button', { name: 'Reconectar' })
        .count(),
    ).toBe(0);

    const report = new AxeReport();
    for (const [width, scheme] of [
      [1280, 'light'],
      [375, 'light'],
      [1280, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      await page.goto('/connected-accounts');
      await page.getByRole('article', { name: 'Conta Facebook' }).getByText('Acesso revogado').waitFor();
      await scan(page, report, 'connected accounts: health', `${width} ${scheme}`);
      await snapshot(page, `account-health-${width}-${scheme}`);
    }
    expect(report.describeBlocking()).toBe('');
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
    await page.setViewportSize({ width: 1280, height: 900 });

    // Any other page: the banner lists the accounts that need the person.
    await page.goto('/dashboard');
    const banner = page.getByRole('status').filter({ hasText: 'contas conectadas precisam de atenção' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('LinkedIn: Expira em 10 dias');
    expect(await banner.textContent()).toContain('Facebook: Acesso revogado');
    await snapshot(page, 'account-health-banner-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await snapshot(page, 'account-health-banner-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Reconectar LinkedIn: the same account, 60 more days, its history still attached.
    await page.goto('/connected-accounts');
    await nextLinkedIn(60 * DAY_S);
    await clickConnect(page, 'LinkedIn', 'Reconectar');
    await page
      .getByRole('article', { name: 'Conta LinkedIn', exact: true })
      .getByText('Conectado')
      .first()
      .waitFor();
    const renewed = await accountOf(email, 'linkedin');
    expect(renewed.id).toBe(li.id);
    expect(new Date(renewed.expires).getTime()).toBeGreaterThan(Date.now() + 59 * DAY_S * 1000);
    // (Its metrics are the worker's business: LinkedIn's read "indisponível" without the opt-in.)
    const history = await sql<{ connected_account_id: string; title: string }>(
      `SELECT connected_account_id, title FROM published_posts WHERE platform_post_id = 'urn:li:share:42'`,
    );
    expect(history).toEqual([{ connected_account_id: li.id, title: 'Post antigo' }]);
    await page.goto('/published-posts');
    await page.getByText('Post antigo').first().waitFor();

    // Reconectar Facebook (the same Page): back to Conectado, and no banner left.
    await page.goto('/connected-accounts');
    await clickConnect(page, 'Facebook', 'Reconectar');
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Conectar Página' }).click();
    await page.getByRole('article', { name: 'Conta Facebook' }).getByText('Conectado').first().waitFor();
    expect((await accountOf(email, 'facebook')).id).toBe(facebook.id);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByText('precisa de atenção').count()).toBe(0);
    expect(await page.getByText('precisam de atenção').count()).toBe(0);
    await context.close();
  });
});
