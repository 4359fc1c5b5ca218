// Issue 27 in Chromium (docs/reports.md): a new user's workspace gets a month of published posts
// with metrics and follower snapshots (test/report-seed.ts); the report is generated from the
// Relatórios view and reaches "Pronto" live (no reload, no polling: the reports' live events);
// the PDF downloads and its text (pdf.js) holds the totals the database holds; the private link
// opens in a context without a session and shows the figures; revoked, it shows the refusal.
// Screenshots of the view and of the public page at 1280 and 375 px, light and dark, axe-scanned.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reportFormat } from '@pauta/core';
import { createDb, parseKeyring } from '@pauta/db';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReportMonth } from '../../test/report-seed.js';
import { AxeReport } from './axe.js';
import { launchBrowser, newPage, untilUsable } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { signUp } from './flows.js';
import { everyVariant } from './variants.js';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** The month before the current one in São Paulo (the view's default). */
function previousMonth(): { year: number; month: number; from: string; to: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date());
  let year = Number(parts.find((p) => p.type === 'year')?.value);
  let month = Number(parts.find((p) => p.type === 'month')?.value) - 1;
  if (month === 0) {
    month = 12;
    year -= 1;
  }
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { year, month, from: `${year}-${mm}-01`, to: `${year}-${mm}-${last}` };
}

/** Seeds with the app's own keyring (the e2e data dir holds the generated one). */
async function seed(workspaceId: string, year: number, month: number) {
  const dataDir = path.dirname(e2eEnv().mailDir);
  const keyring = parseKeyring(readFileSync(path.join(dataDir, 'token-encryption-keys'), 'utf8').trim());
  const handle = await createDb({ databaseUrl: e2eEnv().databaseUrl, poolSize: 2 });
  try {
    await seedReportMonth(handle.db, keyring, {
      workspaceId,
      userId: workspaceId,
      platforms: ['linkedin', 'x'],
      postsPerNetwork: 10,
      year,
      month,
    });
  } finally {
    await handle.close();
  }
  // The seeded accounts are history only: the worker reads nothing of them.
  await sql('UPDATE connected_accounts SET is_active = false WHERE workspace_id = $1', [workspaceId]);
  await sql(`UPDATE workspaces SET name = 'Padaria Aurora', color = '#9c3d10' WHERE id = $1`, [workspaceId]);
}

describe('Relatórios', () => {
  it('generates live, downloads the PDF with the database totals, shares a link, revokes it and deletes the report', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('relatorio');
    await signUp(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const workspaceId = user!.id;
    const period = previousMonth();
    await seed(workspaceId, period.year, period.month);

    // The database's totals for the month (São Paulo days).
    const [totals] = await sql<{ published: number; reach: string }>(
      `SELECT count(*)::int AS published, coalesce(sum(reach), 0)::text AS reach FROM published_posts
       WHERE workspace_id = $1
         AND published_at >= ($2::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'
         AND published_at < ($3::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'`,
      [workspaceId, period.from, period.to],
    );
    expect(totals!.published).toBe(20);
    const reach = integer.format(Number(totals!.reach));

    await page.goto('/reports');
    await untilUsable(page);
    await page.getByRole('heading', { name: 'Gerar relatório' }).waitFor();
    await page.getByText('Nenhum relatório ainda').waitFor();
    const list = page.getByRole('region', { name: 'Relatórios gerados' });

    // Generate (the previous month is the default) and watch it reach "Pronto" without a reload.
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await page.getByRole('button', { name: 'Gerar relatório' }).click();
    const card = list.getByRole('article');
    await card.getByTestId('report-status').filter({ hasText: 'Pronto' }).waitFor({ timeout: 20_000 });
    expect(navigations).toBe(0);
    const [row] = await sql<{ id: string; status: string }>(
      'SELECT id, status FROM reports WHERE workspace_id = $1',
      [workspaceId],
    );
    expect(row?.status).toBe('done');
    // The progress reached the page as live events of the row (10 → 40 → 60 → 85 → done).
    const events = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM live_events WHERE kind = 'report' AND report_id = $1`,
      [row!.id],
    );
    expect(events[0]!.n).toBeGreaterThanOrEqual(5);

    // The PDF: its text holds the month's totals as the database has them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: /^Baixar PDF/ }).click(),
    ]);
    const file = await download.path();
    const doc = await getDocumentProxy(new Uint8Array(readFileSync(file)));
    const pdfText = (await extractText(doc, { mergePages: true })).text as string;
    expect(pdfText).toContain('Padaria Aurora');
    expect(pdfText).toContain(String(totals!.published));
    expect(pdfText).toContain(reach);

    // The private link.
    await card.getByRole('button', { name: /^Criar link para o cliente/ }).click();
    const url = await card.getByTestId('report-link-url').inputValue();
    expect(url).toMatch(/\/relatorio\/[A-Za-z0-9_-]{43}$/);
    await card.getByTestId('report-link-row').getByText('Ativo').waitFor();

    const axe = new AxeReport();
    await everyVariant(page, axe, 'reports', async () => {
      await list.getByTestId('report-status').filter({ hasText: 'Pronto' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
    });

    // The client: another context, no cookies.
    const client = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    client.setDefaultTimeout(15_000);
    const clientPage = await client.newPage();
    const opened = await clientPage.goto(url);
    expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await clientPage.getByRole('heading', { name: 'Relatório de resultados nas redes sociais' }).waitFor();
    await clientPage.getByText('Padaria Aurora').first().waitFor();
    const figures = await clientPage.getByTestId('report-figure').allTextContents();
    expect(figures[0]).toBe(String(totals!.published));
    expect(figures).toContain(reach);
    await clientPage.getByRole('heading', { name: 'Cadência de publicação' }).waitFor();
    await clientPage.getByRole('heading', { name: 'LinkedIn', exact: true }).waitFor();
    await clientPage.getByRole('link', { name: 'Baixar PDF' }).waitFor();

    // Everything the PDF shows: the worst posts of each network, as SQL ranks them (lowest
    // engagement, then reach), with their reach and engagement.
    const month = `published_at >= ($2::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'
         AND published_at < ($3::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'`;
    const worst = await sql<{ platform: string; title: string; reach: number; engagement: number }>(
      `SELECT platform, title, reach, engagement_rate::float8 AS engagement FROM (
         SELECT platform, title, reach, engagement_rate, row_number() OVER (PARTITION BY platform
           ORDER BY engagement_rate ASC NULLS LAST, reach ASC NULLS LAST, published_at DESC, id DESC) AS rank
           FROM published_posts WHERE workspace_id = $1 AND ${month}) ranked
        WHERE rank <= 3 ORDER BY platform, rank`,
      [workspaceId, period.from, period.to],
    );
    expect(worst).toHaveLength(6);
    for (const platform of ['linkedin', 'x']) {
      const expected = worst.filter((w) => w.platform === platform);
      const items = clientPage.getByTestId(`report-worst-${platform}`).getByTestId('report-post');
      expect(await items.count()).toBe(3);
      for (const [i, post] of expected.entries()) {
        await expect.poll(() => items.nth(i).textContent()).toContain(post.title);
        expect(await items.nth(i).getByTestId('report-post-metrics').textContent()).toBe(
          `Alcance ${integer.format(post.reach)} · engajamento ${reportFormat.percent(Number(post.engagement))}`,
        );
      }
    }
    // Approval (the seeded theme requires it): posts approved in the month and the mean hours
    // from the first move to review to the approval, as SQL over the stage events gives them.
    const [approval] = await sql<{ approved: number; hours: number | null }>(
      `WITH spans AS (
         SELECT post_id,
                min(created_at) FILTER (WHERE to_stage IN ('review', 'client')) AS asked_at,
                max(created_at) FILTER (WHERE to_stage = 'approved') AS approved_at
           FROM post_stage_events WHERE workspace_id = $1 GROUP BY post_id)
       SELECT count(*)::int AS approved, round(avg(extract(epoch FROM approved_at - asked_at) / 3600)::numeric, 2)::float8 AS hours
         FROM spans
        WHERE asked_at IS NOT NULL AND approved_at > asked_at
          AND approved_at >= ($2::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'
          AND approved_at < ($3::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'`,
      [workspaceId, period.from, period.to],
    );
    expect(approval!.approved).toBeGreaterThan(0);
    expect(
      await clientPage.getByTestId('report-approval').getByTestId('report-figure').allTextContents(),
    ).toEqual([integer.format(approval!.approved), reportFormat.hours(approval!.hours)]);
    // Best times: the heat map's top slots the report was made with (its snapshot), per network.
    const [snap] = await sql<{
      data: {
        bestTimes: Array<{ platform: string; slots: Array<{ weekday: number; hour: number }> }>;
        summary: { engagement: { current: number | null; previous: number | null } };
        approval: { averageHours: { current: number | null; previous: number | null } } | null;
      };
    }>('SELECT data FROM report_snapshots WHERE report_id = $1', [row!.id]);
    const bestTimes = (await clientPage.getByTestId('report-best-times').textContent()) ?? '';
    const withSlots = snap!.data.bestTimes.filter((b) => b.slots.length > 0);
    expect(withSlots.length).toBeGreaterThan(0);
    for (const b of withSlots) expect(bestTimes).toContain(reportFormat.slots(b.slots));
    // A longer approval time is worse (red badge), a shorter one better (green).
    const hours = snap!.data.approval!.averageHours;
    const trend =
      hours.current === null || hours.previous === null || hours.current === hours.previous
        ? 'flat'
        : hours.current < hours.previous
          ? 'better'
          : 'worse';
    expect(
      await clientPage
        .getByTestId('report-approval')
        .locator('[data-trend]')
        .nth(1)
        .getAttribute('data-trend'),
    ).toBe(trend);
    // Engagement changes in percentage points.
    const engagement = snap!.data.summary.engagement;
    await clientPage
      .getByText(reportFormat.points(engagement.current, engagement.previous))
      .first()
      .waitFor();
    await everyVariant(clientPage, axe, 'report-page', async () => {
      await clientPage.getByRole('heading', { name: 'Resultados por rede' }).waitFor();
      // Nothing wider than the window (the chart and the figures' table once pushed the page past 375 px).
      expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        clientPage.viewportSize()?.width ?? 0,
      );
    });

    // Revoked: the page refuses and shows nothing of the report.
    await card.getByRole('button', { name: /^Revogar/ }).click();
    await card.getByTestId('report-link-row').getByText('Revogado').waitFor();
    await clientPage.reload();
    await clientPage.getByText('Este link foi revogado').waitFor();
    expect(await clientPage.getByText('Padaria Aurora').count()).toBe(0);

    // Deleted (after a confirmation naming the period): gone from the list and from the database.
    await card.getByRole('button', { name: /^Excluir o relatório de/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Excluir o relatório de .+ de \d{4}\?$/ });
    await dialog.getByRole('button', { name: 'Excluir relatório' }).click();
    await page.getByText('Nenhum relatório ainda').waitFor();
    expect(await sql('SELECT id FROM reports WHERE workspace_id = $1', [workspaceId])).toEqual([]);
    await clientPage.reload();
    await clientPage.getByText('Este link não abre nenhum relatório').waitFor();
    await client.close();

    expect(axe.blocking(), JSON.stringify(axe.blocking(), null, 2)).toEqual([]);
  });
});
