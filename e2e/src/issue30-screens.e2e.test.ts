// Issue 30's second "Done when": every screen it added or changed, at 1280 and 375 px, light and
// dark, in e2e/artifacts/issue30-<screen>-<scheme>-<width>.png (for people to look at; E2E_SNAPSHOTS=0
// skips the pictures), and axe on each in all four variants: no critical or serious finding.
// Screens: Novo post (composer, Instagram tab with its first comment), Fila de publicação, Editar
// Post's first comment field, "Antes de agendar" (pre-flight) and "Repetir" (recurring), a published
// post's first comment status, the bulk action bar, the CSV import preview with a bad row, Trechos
// salvos, the calendar with its commemorative dates, and Configurações' time zone. The carousel
// dialog's pictures are taken in carousel.e2e.test.ts.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan, settle } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { clickConnect, expectToast, freshId, sandboxControl, signUp } from './flows.js';

const THEME = 'Padaria artesanal';
const SCHEDULED = 'Fornada de domingo';
const PUBLISHED = 'Pão de queijo recheado';
const COMMENT = '#paocaseiro #fornada — receita no link da bio';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let scheduledId = '';
let publishedId = '';

/** dd/mm/aaaa `days` after today in São Paulo (for the CSV file's rows). */
function dayAhead(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}/${part('month')}/${part('year')}`;
}

function csvWithBadRow() {
  const text = [
    'título;tema;rede;conta;data;hora;texto;imagem;status',
    `Pão de forma;${THEME};X (Twitter);;${dayAhead(3)};09:30;Pão de forma caseiro, macio por três dias.;;`,
    `Broa de milho;${THEME};Orkut;;${dayAhead(4)};18:45;Broa de milho quentinha saindo agora.;;`,
  ].join('\r\n');
  return { name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}`, 'utf8') };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('telas-30');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

  const xSub = freshId(19);
  await sandboxControl('next-authorization', {
    network: 'x',
    user: { sub: xSub, given_name: 'Lia', family_name: 'Souza', username: `lia${xSub.slice(-8)}` },
  });
  await (await clickConnect(page, 'X (Twitter)')).getByText('Conectado').first().waitFor();
  const pageId = freshId(15);
  await sandboxControl('next-authorization', {
    network: 'facebook',
    user: {
      sub: freshId(16),
      given_name: 'Lia',
      family_name: 'Souza',
      pages: [
        {
          id: pageId,
          name: 'Padaria da Lia',
          category: 'Padaria',
          instagramAccountId: `1784${freshId(13)}`,
          instagramUsername: `padariadalia${pageId.slice(-5)}`,
        },
      ],
    },
  });
  await (await clickConnect(page, 'Instagram'))
    .getByText('Conectado', { exact: true })
    .waitFor({ timeout: 30_000 });

  const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, $2, 'Pães e fermentação', ARRAY['casual'], ARRAY['x','instagram'], 'weekly', 'orange') RETURNING id`,
    [user!.id, THEME],
  );
  const posts = await sql<{ id: string; title: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for, first_comment, first_comment_status)
     VALUES ($1, $2, $3, 'A fornada de domingo sai às 8h: pão italiano, ciabatta e broa.', 'instagram', 1, now() + interval '5 days', $4, 'pending'),
            ($1, $2, 'Ciabatta', 'Ciabatta de fermentação lenta, casca fina e miolo aberto.', 'x', 2, now() + interval '6 days', NULL, NULL)
     RETURNING id, title`,
    [theme!.id, user!.id, SCHEDULED, COMMENT],
  );
  scheduledId = posts.find((p) => p.title === SCHEDULED)!.id;
  const [published] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for,
                                  status, is_used, first_comment, first_comment_status)
     VALUES ($1, $2, $3, 'Pão de queijo recheado com requeijão, só hoje.', 'instagram', 3, now() - interval '1 day',
             'published', true, $4, 'published') RETURNING id`,
    [theme!.id, user!.id, PUBLISHED, COMMENT],
  );
  publishedId = published!.id;

  // A queue slot for X (its upcoming entries show on Fila de publicação), and a saved snippet.
  await page.goto('/posting-queue');
  const xQueue = page.getByRole('region', { name: 'X (Twitter)', exact: true });
  await xQueue.getByRole('button', { name: 'Adicionar horário' }).click();
  await expectToast(page, 'Horários da fila salvos.');
  await page.goto('/snippets');
  await page.getByRole('button', { name: 'Criar trecho', exact: true }).first().click();
  const snippet = page.getByRole('dialog', { name: 'Novo trecho' });
  await snippet.getByRole('textbox', { name: /^Nome/ }).fill('Hashtags da padaria');
  await snippet.getByRole('textbox', { name: /^Hashtags/ }).fill('#paocaseiro #fermentacaonatural #padaria');
  await snippet.getByRole('button', { name: 'Criar trecho', exact: true }).click();
  await snippet.waitFor({ state: 'detached' });
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

async function openEditor(): Promise<Locator> {
  await page.goto('/scheduled-posts');
  await page.locator(`[data-post-id="${scheduledId}"]`).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Post' });
  await dialog.getByTestId('preflight-panel').getByText('Antes de agendar').waitFor();
  return dialog;
}

/** Each screen: how a person reaches it, and what to bring into view for the picture. */
const SCREENS: { name: string; open: () => Promise<void> }[] = [
  {
    name: 'novo-post',
    open: async () => {
      await page.goto('/scheduled-posts');
      await page.getByRole('button', { name: 'Novo post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo post' });
      await dialog.getByRole('combobox', { name: /^Tema/ }).click();
      await page.getByRole('option', { name: THEME }).click();
      await dialog.getByRole('textbox', { name: /^Título/ }).fill('Broa de fubá');
      await dialog
        .getByRole('textbox', { name: 'Texto base' })
        .fill('Broa de fubá com erva-doce, saindo às 16h.');
      await dialog.getByRole('tab', { name: /^Instagram/ }).click();
      const comment = dialog.getByRole('tabpanel').getByRole('textbox', { name: 'Primeiro comentário' });
      await comment.fill(COMMENT);
      await comment.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'fila-de-publicacao',
    open: async () => {
      await page.goto('/posting-queue');
      await page.getByTestId('queue-entry').first().waitFor();
    },
  },
  {
    name: 'primeiro-comentario-campo',
    open: async () => {
      const dialog = await openEditor();
      await dialog.getByRole('textbox', { name: 'Primeiro comentário' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'antes-de-agendar',
    open: async () => {
      const dialog = await openEditor();
      await dialog.getByTestId('preflight-panel').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'repetir',
    open: async () => {
      const dialog = await openEditor();
      await dialog.getByRole('region', { name: 'Repetir' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'primeiro-comentario-status',
    open: async () => {
      await page.goto('/scheduled-posts');
      const status = page
        .locator(`[data-post-id="${publishedId}"]`)
        .getByText('Primeiro comentário publicado');
      await status.waitFor();
      await status.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'acoes-em-massa',
    open: async () => {
      await page.goto('/scheduled-posts');
      await page.locator(`[data-bulk-select="${scheduledId}"]`).check();
      await page.getByRole('region', { name: 'Ações em massa' }).getByText('1 selecionado').waitFor();
    },
  },
  {
    name: 'importar-csv-previa',
    open: async () => {
      await page.goto('/scheduled-posts');
      await page.getByRole('button', { name: 'Importar CSV', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Importar posts de um CSV' });
      await dialog.locator('input[type="file"][accept^=".csv"]').setInputFiles(csvWithBadRow());
      await dialog.getByText('Rede desconhecida: "Orkut".').waitFor();
    },
  },
  {
    name: 'trechos-salvos',
    open: async () => {
      await page.goto('/snippets');
      await page.getByText('Hashtags da padaria').first().waitFor();
    },
  },
  {
    name: 'calendario-datas-comemorativas',
    open: async () => {
      await page.goto('/scheduled-posts');
      await page.getByText('Calendário', { exact: true }).click();
      await page.getByRole('switch', { name: 'Datas comemorativas' }).waitFor();
    },
  },
  {
    name: 'configuracoes-fuso-horario',
    open: async () => {
      await page.goto('/settings');
      await page.getByRole('combobox', { name: 'Fuso horário' }).scrollIntoViewIfNeeded();
    },
  },
];

describe('issue 30 screens, light and dark, 1280 and 375 px', () => {
  it('takes every screen in four variants and axe finds nothing critical or serious', {
    timeout: 600_000,
  }, async () => {
    const report = new AxeReport();
    const overflow: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375] as const) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
        const variant = `${scheme}-${width}`;
        for (const screen of SCREENS) {
          await screen.open();
          // The page follows the stored scheme (Mantine's attribute on <html>).
          expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
          await settle(page);
          await snapshot(page, `issue30-${screen.name}-${variant}`, { fullPage: false });
          await scan(page, report, screen.name, variant);
          const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (wider > 0) overflow.push(`${screen.name} ${variant}: ${wider} px wider than the screen`);
          await page.keyboard.press('Escape');
        }
      }
    }
    process.stdout.write(`${report.table('issue 30 screens (axe)')}\n`);
    expect(report.blocking(), report.describeBlocking()).toEqual([]);
    expect(overflow).toEqual([]);
  });
});
