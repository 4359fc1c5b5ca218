// Issue 14: axe-core on every view and every dialog — signed out, signed in and as an admin; at
// 1280 and 375 px; in light and dark mode. Any critical or serious violation fails; the counts
// per view (all impacts) are printed as a Markdown table. One browser, one context per role,
// the four variants run in each by resizing and switching the colour scheme.
// A11Y_VARIANTS=light-1280,dark-375 runs a subset (while fixing something).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_VERSION, AxeReport, scan, settle } from './axe.js';
import { launchBrowser, newPage, untilUsable } from './browser.js';
import { promoteToAdmin, sql, uniqueEmail } from './db.js';
import { logIn, PASSWORD, signUp } from './flows.js';

type Scheme = 'light' | 'dark';
interface Variant {
  scheme: Scheme;
  width: 1280 | 375;
}
const ALL_VARIANTS: Variant[] = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 1280 },
  { scheme: 'light', width: 375 },
  { scheme: 'dark', width: 375 },
];
const wanted = process.env.A11Y_VARIANTS?.split(',').map((s) => s.trim());
const VARIANTS = ALL_VARIANTS.filter((v) => !wanted || wanted.includes(`${v.scheme}-${v.width}`));
const label = (v: Variant) => `${v.scheme}-${v.width}`;

const DAY = 86_400_000;
const ARTIFACTS = new URL('../artifacts/', import.meta.url);
let browser: Browser;
const reports: Record<string, AxeReport> = {};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  const tables = Object.entries(reports).map(([role, report]) => report.table(role));
  if (tables.length === 0) return;
  const text = `axe-core ${AXE_VERSION} (${VARIANTS.map(label).join(', ')})\n\n${tables.join('\n\n')}\n`;
  // Also kept under e2e/artifacts for the release note.
  mkdirSync(ARTIFACTS, { recursive: true });
  const details = Object.entries(reports).map(([role, report]) => `### ${role}\n\n${report.details()}`);
  writeFileSync(new URL('a11y-report.md', ARTIFACTS), `${text}\n## Findings\n\n${details.join('\n\n')}\n`);
  process.stdout.write(`\n${text}\n`);
});

/** Sizes the page and sets the colour scheme Mantine reads at start-up (the toggle's choice). */
async function applyVariant(page: Page, variant: Variant): Promise<void> {
  await page.setViewportSize({ width: variant.width, height: variant.width === 375 ? 812 : 900 });
  await page.evaluate((scheme) => localStorage.setItem('mantine-color-scheme-value', scheme), variant.scheme);
  await page.reload();
  await untilUsable(page);
}

/**
 * Goes to `path` the way the app's own links do (history.pushState and the popstate its router
 * listens to): no reload per view, which keeps the run short.
 */
async function open(page: Page, path: string, ready: Locator): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await ready.first().waitFor();
  await page.waitForFunction(
    () =>
      document.documentElement.getAttribute('data-mantine-color-scheme') ===
      localStorage.getItem('mantine-color-scheme-value'),
  );
}

/** The first Tab reaches "Pular para o conteúdo", shown; Enter puts focus on the main landmark. */
async function checkSkipLink(page: Page): Promise<void> {
  // Start the Tab order at the top of the document, as a fresh page load does.
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    start.id = 'a11y-start';
    document.body.prepend(start);
    start.focus();
  });
  await page.keyboard.press('Tab');
  await page.evaluate(() => document.getElementById('a11y-start')?.remove());
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
  const box = await skip.boundingBox();
  expect(box && box.y >= 0 && box.width > 0).toBe(true);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
}

/**
 * Opens a dialog from `trigger`, checks that focus moved into it, scans the page, closes it with
 * Escape and checks that focus went back to the trigger.
 */
async function dialog(
  page: Page,
  report: AxeReport,
  name: string,
  variant: Variant,
  trigger: Locator,
  options: { returnsFocus?: boolean } = {},
): Promise<void> {
  await trigger.click();
  const box = page.getByRole('dialog').last();
  await box.waitFor();
  await settle(page);
  expect(await box.evaluate((el) => el.contains(document.activeElement)), `${name}: focus moved in`).toBe(
    true,
  );
  await scan(page, report, name, label(variant));
  await page.keyboard.press('Escape');
  await box.waitFor({ state: 'detached' });
  if (options.returnsFocus !== false)
    expect(await trigger.evaluate((el) => el === document.activeElement), `${name}: focus back`).toBe(true);
}

describe('accessibility (axe-core)', () => {
  it('signed out: landing, sign-in and sign-up, password reset, public pages, a toast', {
    timeout: 120_000,
  }, async () => {
    const report = new AxeReport();
    reports['signed out'] = report;
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await untilUsable(page);
    for (const variant of VARIANTS) {
      const v = label(variant);
      await applyVariant(page, variant);
      await open(page, '/', page.getByRole('link', { name: 'Começar agora' }));
      await scan(page, report, 'landing', v);
      await checkSkipLink(page);

      await open(page, '/auth', page.getByRole('button', { name: 'Entrar', exact: true }));
      await scan(page, report, 'auth: login', v);
      // Submitted empty: the errors sit next to their fields.
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await settle(page);
      await scan(page, report, 'auth: login, errors', v);
      // Wrong password: an error toast.
      await page.getByLabel(/^Email/).fill('ninguem@e2e.pauta.dev');
      await page.getByLabel(/^Senha/).fill('senha errada demais');
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await page.locator('.mantine-Notification-root').first().waitFor();
      await scan(page, report, 'auth: toast', v);

      await page.getByText('Criar conta', { exact: true }).first().click();
      await page.getByLabel(/^Confirmar senha/).waitFor();
      await scan(page, report, 'auth: sign-up', v);

      await open(page, '/auth/reset', page.getByRole('button', { name: 'Enviar link' }));
      await scan(page, report, 'auth: reset request', v);
      // A link that is not valid shows why and offers a new one (the form needs a real emailed token).
      await open(
        page,
        '/auth/reset?token=nao-existe',
        page.getByRole('link', { name: 'Solicitar novo link' }),
      );
      await scan(page, report, 'auth: invalid reset link', v);
      await open(page, '/privacy-policy', page.getByRole('heading', { name: 'Política de Privacidade' }));
      await scan(page, report, 'privacy policy (public)', v);
      await open(page, '/data-deletion', page.getByRole('heading', { name: 'Exclusão de Dados' }));
      await scan(page, report, 'data deletion (public)', v);
    }
    await context.close();
    expect(report.blocking(), report.describeBlocking()).toEqual([]);
  });

  it('signed in: every view and dialog of a user', { timeout: 300_000 }, async () => {
    const report = new AxeReport();
    reports['signed in'] = report;
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('a11y');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const { themeId } = await seedUser(email);
    await connectLinkedIn(page);

    for (const variant of VARIANTS) {
      const v = label(variant);
      const phone = variant.width === 375;
      await applyVariant(page, variant);

      await open(page, '/create', page.getByRole('heading', { name: 'Criar Novo Tema' }));
      await scan(page, report, 'create theme', v);
      await page.getByRole('button', { name: 'Criar Tema' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await scan(page, report, 'create theme, errors', v);

      await open(page, '/dashboard', page.getByRole('heading', { name: 'Dashboard' }));
      await page.locator('.recharts-surface').first().waitFor();
      await scan(page, report, 'dashboard', v);
      await checkSkipLink(page);

      await open(page, '/themes', page.getByRole('button', { name: /^Ações do tema/ }));
      await scan(page, report, 'themes', v);
      const menuButton = page.getByRole('button', { name: /^Ações do tema Tema Acessível/ });
      await menuButton.click();
      await page.getByRole('menu').waitFor();
      await scan(page, report, 'themes: card menu', v);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      expect(await menuButton.evaluate((el) => el === document.activeElement), 'menu: focus back').toBe(true);
      await menuButton.click();
      await dialog(
        page,
        report,
        'themes: delete dialog',
        variant,
        page.getByRole('menuitem', { name: 'Excluir Tema' }),
        { returnsFocus: false },
      );

      await open(page, `/edit?theme=${themeId}`, page.getByRole('heading', { name: 'Editar Tema' }));
      await page.getByLabel(/^Nome do tema/).waitFor();
      await scan(page, report, 'edit theme', v);

      await open(page, `/theme-posts?theme=${themeId}`, page.getByRole('article'));
      await scan(page, report, 'theme posts', v);

      await open(page, '/scheduled-posts', page.getByRole('article'));
      await scan(page, report, 'scheduled posts (list)', v);
      const firstCard = page.getByRole('article').first();
      await dialog(
        page,
        report,
        'scheduled: edit dialog',
        variant,
        firstCard.getByRole('button', { name: 'Editar' }),
      );
      await dialog(
        page,
        report,
        'scheduled: delete dialog',
        variant,
        firstCard.getByRole('button', { name: 'Excluir' }),
      );
      await page.getByText('Calendário', { exact: true }).click();
      await page.locator('section[data-day] [data-post-id]').first().waitFor();
      await scan(page, report, 'scheduled posts (calendar)', v);
      // The chip opens the post's dialog: the keyboard way to reschedule (the date field).
      await dialog(
        page,
        report,
        'calendar: post dialog',
        variant,
        page.locator('section[data-day] [data-post-id]').first(),
      );

      await open(page, '/published-posts', page.getByRole('article'));
      await scan(page, report, 'published posts', v);
      await dialog(
        page,
        report,
        'published: delete dialog',
        variant,
        page.getByRole('article').first().getByRole('button', { name: 'Excluir' }),
      );

      // Arriving from a theme card generates the five drafts at once (local models).
      await open(
        page,
        `/suggested-posts?theme=${themeId}&from=card`,
        page.getByRole('heading', { name: 'Posts Sugeridos' }),
      );
      await expect
        .poll(() => page.getByRole('button', { name: /^Agendar/ }).count(), { timeout: 30_000 })
        .toBe(5);
      await scan(page, report, 'suggested posts', v);
      await dialog(
        page,
        report,
        'suggested: edit dialog',
        variant,
        page.getByRole('button', { name: /^Editar: / }).first(),
      );

      await open(
        page,
        '/connected-accounts',
        page.getByRole('article', { name: 'Conta LinkedIn', exact: true }),
      );
      await page
        .getByRole('article', { name: 'Conta LinkedIn', exact: true })
        .getByText('Conectado')
        .first()
        .waitFor();
      await scan(page, report, 'connected accounts', v);
      await dialog(
        page,
        report,
        'accounts: disconnect dialog',
        variant,
        page
          .getByRole('article', { name: 'Conta LinkedIn', exact: true })
          .getByRole('button', { name: 'Desconectar' }),
      );
      // The Facebook Page picker shows during a connection (the sandbox account has two Pages).
      await page
        .getByRole('article', { name: 'Conta Facebook' })
        .getByRole('button', { name: 'Conectar' })
        .click();
      await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
      const picker = page.getByRole('dialog');
      await picker.getByText('Escolha a Página do Facebook').waitFor({ timeout: 20_000 });
      await picker.getByRole('radio').first().waitFor();
      await scan(page, report, 'accounts: Facebook Page picker', v);
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });

      await open(page, '/settings', page.getByRole('heading', { name: 'Configurações' }));
      await scan(page, report, 'settings', v);
      await open(page, '/privacy-policy', page.getByRole('heading', { name: 'Política de Privacidade' }));
      await scan(page, report, 'privacy policy (signed in)', v);
      await open(page, '/data-deletion', page.getByRole('heading', { name: 'Exclusão de Dados' }));
      await scan(page, report, 'data deletion (signed in)', v);

      if (phone) {
        await dialog(page, report, 'mobile menu', variant, page.getByRole('button', { name: 'Abrir menu' }));
      }
    }
    await context.close();
    expect(report.blocking(), report.describeBlocking()).toEqual([]);
  });

  it('admin: every administration view and dialog', { timeout: 240_000 }, async () => {
    const report = new AxeReport();
    reports.admin = report;
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('a11y-admin');
    await signUp(page, email, { firstName: 'Adm' });
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await promoteToAdmin(email);
    await logIn(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    for (const variant of VARIANTS) {
      const v = label(variant);
      await applyVariant(page, variant);

      await open(page, '/admin', page.getByRole('heading', { name: 'Administração', level: 1 }));
      await page.locator('#admin-stats-title').waitFor();
      await scan(page, report, 'admin panel', v);
      if (variant.width === 1280) {
        const menuButton = page.getByRole('button', { name: 'Administração' });
        await menuButton.click();
        await page.getByRole('menu').waitFor();
        await scan(page, report, 'admin menu', v);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      }

      await open(page, '/publishing-logs', page.getByRole('heading', { name: 'Logs de Publicação' }));
      await settle(page);
      await scan(page, report, 'publishing logs', v);

      await open(page, '/user-management', page.getByRole('button', { name: /^Editar perfil de/ }));
      await scan(page, report, 'user management', v);
      await dialog(
        page,
        report,
        'users: edit dialog',
        variant,
        page.getByRole('button', { name: /^Editar perfil de/ }).first(),
      );

      await open(page, '/email-templates', page.getByRole('article'));
      await scan(page, report, 'email templates', v);
      const firstTemplate = page.getByRole('article').first();
      await dialog(
        page,
        report,
        'templates: editor dialog',
        variant,
        firstTemplate.getByRole('button', { name: /^Editar / }),
      );
      await dialog(
        page,
        report,
        'templates: delete dialog',
        variant,
        firstTemplate.getByRole('button', { name: /^Excluir / }),
      );
      await page.getByRole('tab', { name: 'Caixa de saída' }).click();
      await page.getByRole('button', { name: 'Ver email' }).first().waitFor();
      await scan(page, report, 'email outbox', v);
      await dialog(
        page,
        report,
        'outbox: email dialog',
        variant,
        page.getByRole('button', { name: 'Ver email' }).first(),
      );

      await open(page, '/admin-settings', page.getByRole('heading', { name: 'Configurações do Sistema' }));
      await page
        .getByRole('button', { name: /Salvar/ })
        .first()
        .waitFor();
      await scan(page, report, 'system settings', v);
    }
    await context.close();
    expect(report.blocking(), report.describeBlocking()).toEqual([]);
  });
});

/** A theme with scheduled posts over the next days (calendar chips) and a published post. */
async function seedUser(email: string): Promise<{ themeId: string }> {
  const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Tema Acessível', 'Dicas de acessibilidade', ARRAY['professional'], ARRAY['linkedin','facebook','x'], 'daily', 'blue')
     RETURNING id`,
    [user!.id],
  );
  for (let i = 1; i <= 6; i++) {
    const when = new Date(Date.now() + i * DAY);
    when.setUTCHours(13, 0, 0, 0);
    await sql(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        theme!.id,
        user!.id,
        `Post ${i} sobre contraste`,
        `Conteúdo ${i}`,
        ['linkedin', 'facebook', 'x'][i % 3],
        i,
        when,
      ],
    );
  }
  await sql(
    `INSERT INTO published_posts (user_id, theme_id, title, content, platform, published_at, reach, likes_count, comments_count, engagement_rate, metrics_updated_at, url)
     VALUES ($1, $2, 'Publicado acessível', 'Texto', 'x', now() - interval '1 day', 1500, 999, 1000, 4.5, now(), 'https://x.com/i/web/status/1')`,
    [user!.id, theme!.id],
  );
  return { themeId: theme!.id };
}

async function connectLinkedIn(page: Page): Promise<void> {
  await page.goto('/connected-accounts');
  const card = page.getByRole('article', { name: 'Conta LinkedIn', exact: true });
  await card.getByRole('button', { name: 'Conectar' }).click();
  await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
  await card.getByText('Conectado').first().waitFor();
}
