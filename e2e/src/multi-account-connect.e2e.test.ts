// Several accounts of one network through the screens (issue 30 item 1, docs/workspaces.md): X
// connected with one sandbox user, "Conectar" with another is refused in pt-BR, "Conectar outra
// conta" adds the second beside the first, both are listed in the X card with their own
// Desconectar, disconnecting one (the dialog names it) leaves the other connected. axe-clean and
// pictured at 1280 and 375 px, light and dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { closeToasts, expectToast, freshId, sandboxControl, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function activeX(email: string) {
  return sql<{ platform_username: string }>(
    `SELECT a.platform_username FROM connected_accounts a JOIN users u ON u.id = a.user_id
      WHERE u.email = $1 AND a.platform = 'x' AND a.is_active ORDER BY a.created_at`,
    [email],
  );
}

/** The X card's button `name`, then the sandbox consent auto-approves and the browser is back. */
async function clickOnX(page: Page, name: string) {
  const card = page.getByRole('article', { name: 'Conta X (Twitter)', exact: true });
  await card.getByRole('button', { name, exact: true }).click();
  await page.waitForURL('**/connected-accounts**', { timeout: 30_000 });
  return card;
}

describe('several accounts of one network', () => {
  it('connects a second X account through Conectar outra conta, lists both, disconnects one', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('multi-conta');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    const first = {
      sub: freshId(19),
      given_name: 'Ana',
      family_name: 'Padaria',
      username: `padaria${freshId(6)}`,
    };
    const second = {
      sub: freshId(19),
      given_name: 'Ana',
      family_name: 'Confeitaria',
      username: `doces${freshId(6)}`,
    };

    await page.goto('/connected-accounts');
    await sandboxControl('next-authorization', { network: 'x', user: first });
    const card = await clickOnX(page, 'Conectar');
    await card.getByText('Conectado').first().waitFor();
    await card.getByRole('button', { name: 'Conectar outra conta' }).waitFor();
    await snapshot(page, 'multi-account-one-1280');

    // "Conectar" (the same flow without the intent) of a different account is refused.
    await page.waitForURL((url) => url.search === '', { timeout: 10_000 });
    await sandboxControl('next-authorization', { network: 'x', user: second });
    await page.goto('/auth/oauth/x/start?purpose=connect');
    await page.waitForURL('**/connected-accounts**', { timeout: 30_000 });
    await expectToast(page, /Você autorizou outra conta do X/);
    expect((await activeX(email)).map((row) => row.platform_username)).toEqual([first.username]);
    await closeToasts(page);

    // "Conectar outra conta": the second account joins the first.
    await page.goto('/connected-accounts');
    await sandboxControl('next-authorization', { network: 'x', user: second });
    await clickOnX(page, 'Conectar outra conta');
    await expectToast(page, 'Conta X (Twitter) conectada com sucesso!');
    const list = card.getByRole('list', { name: 'Contas X (Twitter) conectadas' });
    await list.getByRole('listitem').nth(1).waitFor();
    expect((await activeX(email)).map((row) => row.platform_username)).toEqual([
      first.username,
      second.username,
    ]);
    await card.getByText('2 contas conectadas').waitFor();
    await closeToasts(page);

    // The same account again through "Conectar outra conta": updated in place, and said so.
    await page.waitForURL((url) => url.search === '', { timeout: 10_000 });
    await sandboxControl('next-authorization', { network: 'x', user: second });
    await clickOnX(page, 'Conectar outra conta');
    await expectToast(page, /Esta conta já estava conectada/);
    expect(await activeX(email)).toHaveLength(2);
    await closeToasts(page);

    const report = new AxeReport();
    for (const [width, scheme] of [
      [1280, 'light'],
      [375, 'light'],
      [1280, 'dark'],
      [375, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      await page.goto('/connected-accounts');
      await list.getByRole('listitem').nth(1).waitFor();
      await scan(page, report, 'connected accounts: two X accounts', `${width} ${scheme}`);
      await snapshot(page, `multi-account-two-${width}-${scheme}`);
      // The X card itself, on screen (the full page is long at 375 px).
      await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await snapshot(page, `multi-account-two-${width}-${scheme}-card`, { fullPage: false });
    }
    expect(report.describeBlocking()).toBe('');
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/connected-accounts');

    // Desconectar of the first names it; the second stays connected.
    const firstName = 'Ana Padaria';
    const firstRow = list.getByRole('listitem', { name: `Conta ${firstName}` });
    await firstRow.getByRole('button', { name: 'Desconectar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`Tem certeza que deseja desconectar a conta ${firstName} do X (Twitter)?`, { exact: false })
      .waitFor();
    await snapshot(page, 'multi-account-disconnect-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Desconectar' }).click();
    await expectToast(page, `Conta ${firstName} do X (Twitter) desconectada.`);
    expect((await activeX(email)).map((row) => row.platform_username)).toEqual([second.username]);
    await card.getByText('Ana Confeitaria').waitFor();
    await card.getByRole('button', { name: 'Conectar outra conta' }).waitFor();
    expect(await card.getByText(firstName).count()).toBe(0);
    await snapshot(page, 'multi-account-after-1280');
    await context.close();
  });
});
