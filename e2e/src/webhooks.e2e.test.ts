// Issue 28 item 3 in Chromium (docs/webhooks.md): Integrações → Webhooks. The owner creates a
// webhook to a local receiver (private addresses allowed by the admin setting), sees the secret
// once, the embedded worker delivers an event (the receiver answers 500), the delivery log shows
// the status code, "Reenviar" sends it again (200). Screenshots and axe at 1280/375, light/dark.
import { createServer } from 'node:http';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { expectToast, signUp } from './flows.js';

let browser: Awaited<ReturnType<typeof launchBrowser>>;

/** Before a full-page picture: at the top, nothing focused or selected (the skip link shows on focus). */
async function tidy(page: Page) {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
    getSelection()?.removeAllRanges();
  });
}
const received: { id: string; body: string; headers: Record<string, string>; status: number }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const status = received.length === 0 ? 500 : 200;
    received.push({
      id: String(req.headers['webhook-id']),
      body,
      headers: {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      },
      status,
    });
    res.writeHead(status);
    res.end();
  });
});
let receiverUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/pauta`;
  await sql(
    `UPDATE admin_settings SET setting_value = 'true'::jsonb WHERE setting_key = 'webhooks_allow_private_addresses'`,
  );
});
afterAll(async () => {
  await sql(
    `UPDATE admin_settings SET setting_value = 'false'::jsonb WHERE setting_key = 'webhooks_allow_private_addresses'`,
  );
  server.close();
  await browser?.close();
});

describe('Integrações → Webhooks', () => {
  it('creates a webhook, shows the secret once, logs each attempt and re-sends', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('webhooks');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);

    await page.goto('/integracoes');
    await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
    await page.getByText('Nenhum webhook ainda').waitFor();
    const axe = new AxeReport();
    await scan(page, axe, 'integrations-empty', 'light-1280');

    // An internal address is refused while the setting is off, with its reason under the field.
    await sql(
      `UPDATE admin_settings SET setting_value = 'false'::jsonb WHERE setting_key = 'webhooks_allow_private_addresses'`,
    );
    await page.getByLabel(/^Endereço \(URL\)/).fill('http://169.254.169.254/latest/meta-data');
    await page.getByRole('button', { name: 'Criar webhook' }).click();
    await page.getByText('aponta para uma rede interna').waitFor();
    await snapshot(page, 'webhooks-refused-1280', { fullPage: false });
    expect(await sql('SELECT 1 FROM webhook_subscriptions WHERE workspace_id = $1', [user!.id])).toHaveLength(
      0,
    );
    await sql(
      `UPDATE admin_settings SET setting_value = 'true'::jsonb WHERE setting_key = 'webhooks_allow_private_addresses'`,
    );

    await page.getByLabel(/^Endereço \(URL\)/).fill(receiverUrl);
    await page.getByRole('checkbox', { name: /Cliente aprovou um post/ }).check();
    const create = page.getByRole('button', { name: 'Criar webhook' });
    await create.dblclick();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(await sql('SELECT 1 FROM webhook_subscriptions WHERE workspace_id = $1', [user!.id])).toHaveLength(
      1,
    );
    await page.getByTestId('webhook-row').waitFor();
    await tidy(page);
    await snapshot(page, 'webhooks-created-1280');
    await scan(page, axe, 'integrations-created', 'light-1280');

    // An event, as the database records it on a publication; the embedded worker delivers it.
    await sql(`SELECT pauta_webhook_record($1::uuid, 'post.published', '{"postId":"e2e"}'::jsonb)`, [
      user!.id,
    ]);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    await page.getByRole('button', { name: 'Já copiei' }).click();
    await page.getByRole('button', { name: 'Entregas' }).click();
    const delivery = page.getByTestId('webhook-delivery');
    await delivery.getByText('500', { exact: true }).waitFor();
    await delivery.getByRole('button', { name: /Reenviar/ }).click();
    await expectToast(page, 'Evento colocado na fila de envio.');
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.id).toBe(received[0]!.id);
    expect(() => new Webhook(secret).verify(received[1]!.body, received[1]!.headers)).not.toThrow();
    await page.getByRole('button', { name: 'Ocultar entregas' }).click();
    await page.getByRole('button', { name: 'Entregas' }).click();
    await delivery.getByText('200', { exact: true }).waitFor();
    await tidy(page);
    await snapshot(page, 'webhooks-log-1280');
    await scan(page, axe, 'integrations-log', 'light-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await tidy(page);
    await snapshot(page, 'webhooks-log-375');
    await scan(page, axe, 'integrations-log', 'light-375');
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await page.reload();
    await page.getByTestId('webhook-row').waitFor();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    await page.getByRole('button', { name: 'Entregas' }).click();
    await delivery.getByText('200', { exact: true }).waitFor();
    await tidy(page);
    await snapshot(page, 'webhooks-dark-375');
    await scan(page, axe, 'integrations-log', 'dark-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await tidy(page);
    await snapshot(page, 'webhooks-dark-1280');
    await scan(page, axe, 'integrations-log', 'dark-1280');
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  }, 150_000);
});
