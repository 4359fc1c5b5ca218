// Issue 25, items 5 and 6 with renaming and deleting (docs/workspaces.md): a person creates two
// clientes, gives one a colour and a logo, sees them in the switcher and in "Todos os clientes",
// follows a count into that cliente's filtered view, opens the public approval page of a link
// and sees the logo there, then deletes the other cliente. Screenshots at 1280 and 375 px, light
// and dark; axe on every screen.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { closeToasts, expectToast, signUp } from './flows.js';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const switcher = (page: Page) => page.getByRole('button', { name: /^Cliente atual: / });

async function createCliente(page: Page, name: string, from: 'icon' | 'menu') {
  if (from === 'icon') await page.getByRole('button', { name: 'Novo cliente' }).click();
  else {
    await switcher(page).click();
    await page.getByRole('menuitem', { name: 'Novo cliente' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
  await dialog.getByLabel(/^Nome do cliente/).fill(name);
  await dialog.getByRole('button', { name: 'Criar cliente' }).click();
  await page.getByRole('button', { name: `Cliente atual: ${name}. Trocar de cliente` }).waitFor();
  return new URL(page.url()).searchParams.get('cliente')!;
}

async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
  await page.reload();
  await page.waitForFunction(
    (value) => document.documentElement.getAttribute('data-mantine-color-scheme') === value,
    scheme,
  );
}

/** Four pictures of the page as it is: 1280 and 375 px, light and dark; axe on each. */
async function fourShots(page: Page, axe: AxeReport, name: string, ready: (page: Page) => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await ready(page);
      await closeToasts(page);
      await snapshot(page, `${name}-${scheme}-${width}`);
      await scan(page, axe, name, `${scheme}-${width}`);
    }
  }
  await setScheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('Todos os clientes, Dados do cliente, Excluir cliente', () => {
  it('brands a cliente, shows it everywhere, follows a count into it, and deletes another', async () => {
    const { page } = await newPage(browser);
    const axe = new AxeReport();
    const email = uniqueEmail('visao-geral');
    await signUp(page, email, { firstName: 'Marina' });
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const personal = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

    const padaria = await createCliente(page, 'Padaria Pão Quente', 'icon');
    const clinica = await createCliente(page, 'Clínica Sorriso', 'menu');
    expect(padaria).not.toBe(clinica);

    // Data in the Padaria: a post due later today, and one waiting for the client on a theme that
    // requires approval (its link is opened below).
    const [theme] = await sql<{ id: string }>(
      `INSERT INTO themes (user_id, workspace_id, name, description, social_networks, color_palette, requires_approval)
       VALUES ($1, $2, 'Pães de Natal', 'Receitas de Natal', '{linkedin}', 'orange', true) RETURNING id`,
      [personal, padaria],
    );
    const midnight = (
      await sql<{ t: Date }>(
        `SELECT ((date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') + interval '1 day')
                 AT TIME ZONE 'America/Sao_Paulo') AS t`,
      )
    )[0]!.t;
    const laterToday = new Date((Date.now() + midnight.getTime()) / 2);
    const [due] = await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, workspace_id, title, content, platform, scheduled_for)
       VALUES ($1, $2, $3, 'Panetone da casa', 'Saiu do forno!', 'linkedin', $4) RETURNING id`,
      [theme!.id, personal, padaria, laterToday],
    );
    await sql(`UPDATE suggested_posts SET approval_stage = 'approved' WHERE id = $1`, [due!.id]);
    await sql(
      `INSERT INTO suggested_posts (theme_id, user_id, workspace_id, title, content, platform, scheduled_for)
       VALUES ($1, $2, $3, 'Chocotone trufado', 'Para a ceia', 'linkedin', now() + interval '3 days')`,
      [theme!.id, personal, padaria],
    );
    await sql(
      `UPDATE suggested_posts SET approval_stage = 'client' WHERE title = 'Chocotone trufado' AND workspace_id = $1`,
      [padaria],
    );

    // Dados do cliente of the Padaria, from the switcher.
    await switcher(page).click();
    await page.getByRole('menuitem', { name: /Padaria Pão Quente/ }).click();
    await page
      .getByRole('button', { name: 'Cliente atual: Padaria Pão Quente. Trocar de cliente' })
      .waitFor();
    await switcher(page).click();
    await page.getByRole('menuitem', { name: 'Dados do cliente' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dados do cliente' }).waitFor();
    expect(new URL(page.url()).searchParams.get('cliente')).toBe(padaria);

    // An invalid custom colour is explained and nothing is saved; a valid one is.
    const custom = page.getByLabel('Cor personalizada');
    await custom.fill('#12G');
    await page.getByText(/Cor inválida/).waitFor();
    await snapshot(page, 'workspace-settings-invalid-colour-1280', { fullPage: false });
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(
      sql<{ color: string | null }>('SELECT color FROM workspaces WHERE id = $1', [padaria]),
    ).resolves.toEqual([{ color: null }]);
    await custom.fill('#E8590C');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expectToast(page, 'Dados do cliente salvos.');
    await expect
      .poll(
        async () =>
          (await sql<{ color: string }>('SELECT color FROM workspaces WHERE id = $1', [padaria]))[0]?.color,
      )
      .toBe('#E8590C');

    // The logo: a GIF is refused with its reason, a PNG is taken.
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: gif });
    await page.getByText('O logo precisa ser uma imagem PNG, JPEG ou WebP (sem animação).').waitFor();
    const png = await sharp({
      create: { width: 600, height: 600, channels: 4, background: '#E8590C' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="600" height="600"><circle cx="300" cy="300" r="200" fill="#FFF4E6"/><text x="300" y="350" font-size="160" text-anchor="middle" fill="#D9480F" font-family="sans-serif" font-weight="bold">PQ</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expectToast(page, 'Logo atualizado.');
    await page.getByRole('img', { name: 'Logo de Padaria Pão Quente' }).waitFor();
    await fourShots(page, axe, 'workspace-settings', async (p) => {
      await p.getByRole('img', { name: 'Logo de Padaria Pão Quente' }).waitFor();
    });

    // The switcher shows the logo beside the name.
    await switcher(page).locator('[data-cliente-mark="logo"]').waitFor();
    await switcher(page).click();
    await page.getByRole('menuitem', { name: /Clínica Sorriso/ }).waitFor();
    await snapshot(page, 'workspace-switcher-logo-light-1280', { fullPage: false });
    await scan(page, axe, 'switcher-with-logo', 'light-1280');

    // Todos os clientes, from the switcher.
    await page.getByRole('menuitem', { name: 'Todos os clientes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Todos os clientes' }).waitFor();
    const card = page.getByRole('region', { name: 'Abrir Padaria Pão Quente' });
    await card.locator('[data-cliente-mark="logo"]').waitFor();
    await page.getByRole('region', { name: 'Abrir Clínica Sorriso' }).waitFor();
    await card.getByRole('link', { name: '1 post para hoje em Padaria Pão Quente' }).waitFor();
    await card.getByRole('link', { name: '1 na aprovação do cliente em Padaria Pão Quente' }).waitFor();
    await fourShots(page, axe, 'workspace-overview', async (p) => {
      await p
        .getByRole('region', { name: 'Abrir Padaria Pão Quente' })
        .locator('[data-cliente-mark="logo"]')
        .waitFor();
    });
    // On a phone, the mobile menu reaches it too.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: 'Todos os clientes' }).waitFor();
    await snapshot(page, 'workspace-menu-logo-light-375', { fullPage: false });
    await scan(page, axe, 'menu-with-logo', 'light-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Following "1 post para hoje" opens the Padaria's Posts Agendados filtered to today.
    await card.getByRole('link', { name: '1 post para hoje em Padaria Pão Quente' }).click();
    await page.getByRole('heading', { level: 1, name: 'Posts Agendados' }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('cliente')).toBe(padaria);
    expect(url.searchParams.get('status')).toBe('scheduled');
    await page
      .getByRole('button', { name: 'Cliente atual: Padaria Pão Quente. Trocar de cliente' })
      .waitFor();
    await page.getByText('Panetone da casa').first().waitFor();

    // A client link of the Padaria; its public page shows the cliente's logo and colour.
    const link = await page.evaluate(
      async ({ themeId, workspace }) => {
        const res = await fetch('/trpc/clientLinks.create', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
            'x-pauta-workspace': workspace,
          },
          body: JSON.stringify({ json: { clientName: 'Dona Maria', themeId } }),
        });
        return (await res.json()) as { result: { data: { json: { url: string } } } };
      },
      { themeId: theme!.id, workspace: padaria },
    );
    const publicUrl = new URL(link.result.data.json.url);
    const visitor = await newPage(browser);
    await visitor.page.goto(publicUrl.pathname);
    await visitor.page.getByRole('heading', { name: /Dona Maria/ }).waitFor();
    const logo = visitor.page.getByRole('img', { name: 'Logo de Padaria Pão Quente' });
    await logo.waitFor();
    await expect
      .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await visitor.page.getByText('Chocotone trufado').first().waitFor();
    await fourShots(visitor.page, axe, 'workspace-public-page', async (p) => {
      await p.getByRole('img', { name: 'Logo de Padaria Pão Quente' }).waitFor();
    });
    await visitor.context.close();

    // Excluir cliente: the Clínica, from its own Dados do cliente.
    await switcher(page).click();
    await page.getByRole('menuitem', { name: /Clínica Sorriso/ }).click();
    await page.getByRole('button', { name: 'Cliente atual: Clínica Sorriso. Trocar de cliente' }).waitFor();
    await switcher(page).click();
    await page.getByRole('menuitem', { name: 'Dados do cliente' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dados do cliente' }).waitFor();
    await page.getByRole('button', { name: 'Excluir cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir Clínica Sorriso?' });
    await dialog.getByText('0 temas').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Excluir para sempre' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/Para confirmar, digite o nome do cliente/).fill('Clínica Sorriso');
    await snapshot(page, 'workspace-delete-dialog-light-1280', { fullPage: false });
    await scan(page, axe, 'delete-dialog', 'light-1280');
    await confirm.click();
    await expectToast(page, 'Clínica Sorriso foi excluído.');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).searchParams.get('cliente')).toBe(personal);
    await expect(sql('SELECT id FROM workspaces WHERE id = $1', [clinica])).resolves.toEqual([]);
    await switcher(page).click();
    await page.getByRole('menuitem', { name: /Padaria Pão Quente/ }).waitFor();
    await expect(page.getByRole('menuitem', { name: /Clínica Sorriso/ }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');

    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
  }, 300_000);
});
