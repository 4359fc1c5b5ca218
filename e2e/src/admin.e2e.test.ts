// Issue "Administration": roles, template preview and the welcome email, logs pager, settings,
// and password recovery through the emailed link — in Chromium, with a real SMTP server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot, untilUsable } from './browser.js';
import { promoteToAdmin, sql, uniqueEmail, waitForMail } from './db.js';
import { createTheme, expectToast, logIn, PASSWORD, signUp } from './flows.js';

let browser: Browser;
let admin: Page;
let closeAdmin: () => Promise<void>;
let adminEmail: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  admin = opened.page;
  closeAdmin = () => opened.context.close();
  adminEmail = uniqueEmail('admin');
  await signUp(admin, adminEmail);
  await admin.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  await promoteToAdmin(adminEmail);
  await logIn(admin, adminEmail);
  await admin.getByRole('button', { name: 'Administração' }).waitFor();
});
afterAll(async () => {
  await sql(
    `UPDATE admin_settings SET setting_value = '10'::jsonb WHERE setting_key = 'max_themes_per_user'`,
  );
  await closeAdmin?.();
  await browser?.close();
});

async function setRole(name: string, role: 'Admin' | 'Usuário') {
  await admin.goto('/user-management');
  await admin
    .getByLabel(/Buscar/)
    .first()
    .fill(name);
  const select = admin.getByLabel(new RegExp(`^Papel de ${name}`)).first();
  await select.waitFor();
  await select.click();
  await admin.getByRole('option', { name: role, exact: true }).click();
  // Every role change is confirmed in a dialog.
  await admin
    .getByRole('dialog', { name: 'Alterar papel' })
    .getByRole('button', { name: 'Alterar papel' })
    .click();
}

describe('administration', () => {
  it('promotes a user, who then sees the admin menus; a demoted admin loses access at once', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('promoted');
    await signUp(page, email, { firstName: 'Promovida' });
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await expect(page.getByRole('button', { name: 'Administração' }).count()).resolves.toBe(0);

    await setRole('Promovida', 'Admin');
    await expectToast(admin, /papel|Papel/);
    await snapshot(admin, 'user-management-1280');
    // The role change revoked the old session: the next request asks to sign in again.
    await logIn(page, email);
    await page.getByRole('button', { name: 'Administração' }).waitFor();

    await setRole('Promovida', 'Usuário');
    await expectToast(admin, /papel|Papel/);
    await page.goto('/admin');
    await expect
      .poll(
        async () =>
          (await page.getByText('Você não tem permissões de administrador').count()) +
          (await page.getByRole('link', { name: 'Começar agora' }).count()),
      )
      .toBeGreaterThan(0);
    expect(
      (
        await sql<{ n: string }>(
          `SELECT count(*) AS n FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`,
          [email],
        )
      )[0]!.n,
    ).toBe('0');
    await context.close();
  });

  it('previews a template edit safely and sends it as the next welcome email', async () => {
    await admin.goto('/email-templates');
    await admin.getByRole('button', { name: 'Editar welcome' }).click();
    const dialog = admin.getByRole('dialog');
    const html = dialog.getByLabel(/^Conteúdo HTML/);
    await html.fill(
      '<h1>Oi, {{first_name}}! Edição do teste</h1><img src=x onerror="parent.__xss=1"><script>parent.__xss=2</script>',
    );
    const frame = admin.frameLocator('iframe').first();
    await frame.getByText('Edição do teste').first().waitFor();
    await admin.waitForTimeout(500);
    expect(await admin.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    await snapshot(admin, 'template-preview-1280');
    await dialog.getByRole('button', { name: /Salvar/ }).click();
    await expectToast(admin, 'Template salvo com sucesso.');

    const { context, page } = await newPage(browser);
    const email = uniqueEmail('welcome');
    await signUp(page, email, { firstName: 'Bia' });
    const mail = await waitForMail(email, /Edição do teste/);
    expect(mail).toContain('Oi, Bia!');
    await context.close();
  });

  it('pages 45 logs in 3 pages with titles cut at 50 characters', async () => {
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [adminEmail]);
    await sql(
      `INSERT INTO publishing_logs (user_id, status, title, content, platform, attempted_at)
       SELECT $1, 'success', 'Um título bem comprido para ver o corte em cinquenta caracteres número ' || g, 'c', 'instagram', now() - (g || ' minutes')::interval
       FROM generate_series(1, 45) AS g`,
      [user!.id],
    );
    // Only this admin's logs: other e2e files publish to Instagram too (the database is shared).
    await admin.goto(`/publishing-logs?user=${user!.id}`);
    await admin.getByLabel('Plataforma').first().click();
    await admin.getByRole('option', { name: 'Instagram' }).click();
    await admin.getByText('45 registros').waitFor();
    await expect
      .poll(() =>
        admin
          .locator('.mantine-Pagination-control')
          .filter({ hasText: /^[0-9]+$/ })
          .count(),
      )
      .toBe(3);
    await admin.getByText('Um título bem comprido para ver o corte em cinquen…').first().waitFor();
    await snapshot(admin, 'publishing-logs-1280');
  });

  it('a settings edit changes behaviour: max themes per cliente (workspace)', async () => {
    await admin.goto('/admin-settings');
    const input = admin.getByLabel('Valor de Máximo de temas por cliente');
    await input.fill('1');
    await input
      .locator('xpath=ancestor::form')
      .getByRole('button', { name: /Salvar/ })
      .click();
    await expectToast(admin, 'Configuração salva com sucesso.');

    const { context, page } = await newPage(browser);
    await signUp(page, uniqueEmail('limited'));
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await createTheme(page, 'Primeiro', { networks: ['LinkedIn'], frequency: 'Semanal' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    await createTheme(page, 'Segundo', { networks: ['LinkedIn'], frequency: 'Semanal' });
    await expectToast(page, /limite de 1 tema/);
    await context.close();
  });

  it('resets a forgotten password through the emailed link and signs in', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('forgot');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await context.clearCookies();
    await page.goto('/auth');
    await untilUsable(page);
    await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    const mail = await waitForMail(email, /auth\/reset\?token=/);
    const link = /https?:\/\/[^\s"<]+\/auth\/reset\?token=[A-Za-z0-9_.-]+/.exec(mail)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel(/^Nova senha/).fill('outra senha bem longa');
    await page.getByLabel(/^Confirmar/).fill('outra senha bem longa');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expectToast(page, 'Senha redefinida!');
    await context.clearCookies();
    await logIn(page, email, PASSWORD);
    await expectToast(page, 'Email ou senha incorretos.');
    await logIn(page, email, 'outra senha bem longa');
    await expectToast(page, 'Login realizado com sucesso.');
    await context.close();
  });
});
