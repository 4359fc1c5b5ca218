// Issue 15 items 4 and 5 in Chromium: the 'Editar Post' dialog previews the post as each network
// shows it (account name, cut with "ver mais", hashtags and links), axe-clean in light and dark
// at 1280 and 375 px; the counter blocks an X text over 280; 'Criar versão para outra rede'
// stores one sibling post for X at the same time, however often it is clicked.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan, settle } from './axe.js';
import { launchBrowser, newPage } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { expectToast, signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let userId: string;
let themeId: string;
const when = new Date(Date.now() + 5 * 86_400_000);
when.setUTCHours(13, 0, 0, 0);

const TEXT = [
  'Café especial começa na escolha do grão: origem, torra e data importam mais do que a marca.',
  '',
  'Três passos para um bom café em casa:',
  '1. Moa na hora, na espessura certa para o método.',
  '2. Use água entre 90 e 96 °C.',
  '3. Pese: 1 g de café para 15 g de água.',
  '',
  'Guia completo em https://pauta.app/cafe #CafeEspecial #Barista',
].join('\n');

const NETWORKS = [
  { platform: 'linkedin', label: 'LinkedIn', title: 'Prévia LinkedIn', more: '…ver mais' },
  { platform: 'facebook', label: 'Facebook', title: 'Prévia Facebook', more: 'Ver mais' },
  { platform: 'instagram', label: 'Instagram', title: 'Prévia Instagram', more: 'mais' },
  { platform: 'x', label: 'X (Twitter)', title: 'Prévia X', more: null },
] as const;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('preview');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  [{ id: themeId }] = (await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Café', 'Descrição', ARRAY['professional'], ARRAY['linkedin','facebook','instagram','x'], 'daily', 'green')
     RETURNING id`,
    [userId],
  )) as [{ id: string }];
  for (const [index, n] of NETWORKS.entries()) {
    const content =
      n.platform === 'x'
        ? 'Café especial: moa na hora e pese 1:15. #CafeEspecial https://pauta.app/cafe'
        : TEXT;
    await sql(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [themeId, userId, n.title, content, n.platform, index + 1, when],
    );
  }
  // A connected LinkedIn account and a Facebook Page: the previews show their names.
  for (const [platform, data] of [
    ['linkedin', { name: 'Ana Souza' }],
    ['facebook', { name: 'Ana Souza', page_name: 'Café da Ana' }],
  ] as const) {
    await sql(
      `INSERT INTO connected_accounts (user_id, platform, platform_user_id, platform_username, access_token, account_data)
       VALUES ($1, $2, $3, 'anasouza', 'v1:seed:unused', $4::jsonb)`,
      [userId, platform, `${platform}-${userId}`, JSON.stringify(data)],
    );
  }
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

async function openEditor(title: string) {
  await page.goto('/scheduled-posts');
  const card = page.getByRole('article', { name: title, exact: true });
  await card.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Post' });
  await dialog.waitFor();
  return dialog;
}

describe('Editar Post: the network preview', () => {
  it('shows each network as it cuts the text, axe-clean at 1280/375 in light and dark', {
    timeout: 180_000,
  }, async () => {
    const report = new AxeReport();
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375] as const) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto('/scheduled-posts');
        await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
        for (const n of NETWORKS) {
          const dialog = await openEditor(n.title);
          const figure = dialog.getByRole('figure', { name: `Prévia no ${n.label}` });
          await figure.waitFor();
          if (n.more)
            await expect(figure.getByRole('button', { name: n.more, exact: true }).count()).resolves.toBe(1);
          else await expect(figure.getByRole('button').count()).resolves.toBe(0);
          if (n.platform === 'linkedin') await figure.getByText('Ana Souza').waitFor();
          if (n.platform === 'facebook') await figure.getByText('Café da Ana').waitFor();
          const box = await figure.boundingBox();
          const form = await dialog.getByRole('textbox', { name: /Conteúdo/ }).boundingBox();
          // Beside the form on a wide screen, below it on a phone.
          if (width === 1280) expect(box!.x).toBeGreaterThan(form!.x + form!.width);
          else expect(box!.y).toBeGreaterThan(form!.y + form!.height);
          await settle(page);
          await scan(page, report, `edit dialog ${n.platform}`, `${scheme}-${width}`);
          const path = new URL(`../artifacts/preview-${n.platform}-${scheme}-${width}.png`, import.meta.url)
            .pathname;
          if (width === 1280) await dialog.screenshot({ path });
          else {
            // On a phone the dialog scrolls: the preview as the person scrolls to it.
            await figure.scrollIntoViewIfNeeded();
            await settle(page);
            await page.screenshot({ path });
          }
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      }
    }
    process.stdout.write(`\n${report.table('preview')}\n`);
    expect(report.blocking(), report.describeBlocking()).toEqual([]);
  });

  it('updates as you type, and blocks saving an X text over 280 with a pt-BR message', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const dialog = await openEditor('Prévia X');
    const content = dialog.getByRole('textbox', { name: /Conteúdo/ });
    await content.fill(`${'Texto longo demais para o X. '.repeat(10)}#fim`);
    const figure = dialog.getByRole('figure', { name: 'Prévia no X (Twitter)' });
    await expect(figure.locator('mark').count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog
      .getByText(
        'O conteúdo ultrapassa o limite de 280 caracteres do X (Twitter). Encurte o texto para salvar.',
      )
      .first()
      .waitFor();
    const [row] = await sql<{ version: number }>(
      `SELECT version FROM suggested_posts WHERE title = 'Prévia X' AND user_id = $1`,
      [userId],
    );
    expect(row!.version).toBe(1);
    await page.keyboard.press('Escape');
  });
});

describe("Editar Post: 'Criar versão para outra rede'", () => {
  it('stores one sibling for X at the same time, fitted to 280, however often it is clicked', async () => {
    const dialog = await openEditor('Prévia LinkedIn');
    await dialog.getByRole('combobox', { name: 'Rede da nova versão' }).selectOption('x');
    const button = dialog.getByRole('button', { name: 'Criar versão para outra rede' });
    await button.dblclick();
    await expectToast(page, /Versão para o X \(Twitter\) criada na data e no horário do formulário/);
    const rows = await sql<{ content: string; scheduled_for: Date; post_order: number }>(
      `SELECT content, scheduled_for, post_order FROM suggested_posts
       WHERE user_id = $1 AND platform = 'x' AND post_order = 1`,
      [userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scheduled_for.getTime()).toBe(when.getTime());
    // The e2e app adapts through the sandbox's AI (a well-behaved model: whole sentences from the
    // start, the theme's hashtag) — fitted to X's 280, never the LinkedIn text as it was.
    expect(rows[0]!.content.startsWith(TEXT.split('\n')[0]!)).toBe(true);
    expect(rows[0]!.content).not.toBe(TEXT);
    expect([...rows[0]!.content].length).toBeLessThanOrEqual(280);
    // Asked again (a new action, a new key): the sibling exists, nothing more is stored.
    await dialog.getByRole('button', { name: 'Criar versão para outra rede' }).click();
    await expectToast(page, /Já existia uma versão para o X \(Twitter\) neste horário/);
    const again = await sql(
      `SELECT 1 FROM suggested_posts WHERE user_id = $1 AND platform = 'x' AND post_order = 1`,
      [userId],
    );
    expect(again).toHaveLength(1);
  });
});
