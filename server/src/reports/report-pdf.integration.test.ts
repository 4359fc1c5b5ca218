// The report's PDF (issue 27 item 3): rendered without a browser, read back with a real PDF reader
// (pdf.js through unpdf): A4 pages, a cover, a summary and one page per network, whose text holds
// the totals the database holds in pt-BR formats, the analysis marked, and the manager's note.
import { reportFormat } from '@pauta/core';
import { type DbHandle, parseKeyring } from '@pauta/db';
import { sql } from 'kysely';
import pino from 'pino';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { seedReportMonth } from '../../../test/report-seed.js';
import { TEST_KEYS } from '../../../test/server-harness.js';
import { writeAnalysis } from './analysis.js';
import { type ReportData, readReportData } from './report-data.js';
import { renderReportPdf } from './report-pdf.js';

const keyring = parseKeyring(TEST_KEYS);
const logger = pino({ level: 'silent' });
const NOV_FROM = new Date('2026-11-01T03:00:00Z');
const NOV_TO = new Date('2026-12-01T03:00:00Z');

let handle: DbHandle;
let workspaceId: string;
let pages: string[];
let pageSizes: Array<{ width: number; height: number }>;
let approval: ReportData['approval'];
let bestTimes: ReportData['bestTimes'];
let engagement: ReportData['networks'];

beforeAll(async () => {
  handle = await testDb();
  const user = await makeUser(handle, 'report-pdf');
  workspaceId = user.id;
  await handle.db
    .updateTable('workspaces')
    .set({ name: 'Padaria São João', color: '#2f9e44' })
    .where('id', '=', workspaceId)
    .execute();
  await seedReportMonth(handle.db, keyring, {
    workspaceId,
    userId: user.id,
    platforms: ['linkedin', 'instagram', 'facebook', 'x'],
    postsPerNetwork: 40,
    year: 2026,
    month: 11,
  });
  const data = await readReportData(handle.db, {
    workspaceId,
    period: { from: '2026-11-01', to: '2026-11-30' },
    timeZone: 'America/Sao_Paulo',
    now: new Date('2026-12-02T12:00:00Z'),
  });
  const analysis = await writeAnalysis({ ai: null, logger }, data);
  // Every listed post with a thumbnail (the runner's loadReportImages gives JPEGs of ≤ 160 px).
  const thumbs = new Map<string, Buffer>();
  let hue = 0;
  for (const network of data.networks)
    for (const post of [...network.best, ...network.worst]) {
      post.thumbKey = `posts/${post.id}-thumb.webp`;
      hue = (hue + 47) % 360;
      thumbs.set(
        post.thumbKey,
        await sharp({ create: { width: 160, height: 160, channels: 3, background: `hsl(${hue}, 60%, 55%)` } })
          .jpeg()
          .toBuffer(),
      );
    }
  // A post as people write them: long, with symbols and emoji.
  const first = data.networks[0]!.best[0]!;
  first.content =
    'Chegou o café da estação ☕ → grãos do Sul de Minas, torra média • notas de caramelo e cítricos. ' +
    'Preço −15% só nesta semana ✓ Passe na loja ou peça pelo WhatsApp 📲 e receba em casa. ' +
    'Obrigado a todos que vieram na degustação de sábado! 🙌🏽 Próxima edição: dia 14, às 10h.';
  approval = data.approval;
  engagement = data.networks;
  bestTimes = data.bestTimes;
  const pdf = await renderReportPdf({
    data,
    analysis,
    thumbs,
    note: 'Em dezembro vamos testar vídeos curtos às terças → mais alcance • menos custo.',
    generatedAt: new Date('2026-12-02T12:00:00Z'),
  });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  if (process.env.REPORT_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.REPORT_PDF_OUT, pdf);
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  pageSizes = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const viewport = (await doc.getPage(i)).getViewport({ scale: 1 });
    pageSizes.push({ width: Math.round(viewport.width), height: Math.round(viewport.height) });
  }
  pages = (await extractText(doc, { mergePages: false })).text as string[];
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const ptBR = new Intl.NumberFormat('pt-BR');

describe('report PDF', () => {
  it('is A4, with a cover, a summary and a page per network', () => {
    expect(pageSizes.length).toBeGreaterThanOrEqual(6);
    expect(pageSizes.every((p) => p.width === 595 && p.height === 842)).toBe(true);
    expect(pages[0]).toContain('Padaria São João');
    expect(pages[0]).toContain('01/11/2026 a 30/11/2026');
    expect(pages[1]).toContain('Resumo do período');
    const networkPages = pages.slice(2).join('\n');
    for (const label of ['LinkedIn', 'Facebook', 'X (Twitter)', 'Instagram'])
      expect(networkPages).toContain(label);
  });

  it('its text holds the totals the database holds, in pt-BR formats', async () => {
    const row = await sql<{ n: number; reach: number; planned: number }>`
      SELECT (SELECT count(*)::int FROM published_posts WHERE workspace_id = ${workspaceId}
                AND published_at >= ${NOV_FROM} AND published_at < ${NOV_TO}) AS n,
             (SELECT sum(reach)::int FROM published_posts WHERE workspace_id = ${workspaceId}
                AND published_at >= ${NOV_FROM} AND published_at < ${NOV_TO}) AS reach,
             (SELECT count(*)::int FROM suggested_posts WHERE workspace_id = ${workspaceId}
                AND scheduled_for >= ${NOV_FROM} AND scheduled_for < ${NOV_TO}) AS planned`.execute(
      handle.db,
    );
    const totals = row.rows[0]!;
    expect(totals.reach).toBeGreaterThan(1000);
    const summary = pages[1]!;
    expect(summary).toContain(ptBR.format(totals.n));
    expect(summary).toContain(ptBR.format(totals.planned));
    // '123.456': the pt-BR thousands separator.
    expect(summary).toContain(ptBR.format(totals.reach));
    expect(ptBR.format(totals.reach)).toMatch(/\./);
    expect(summary).toContain('Análise automática');
    expect(summary).toContain(
      'Em dezembro vamos testar vídeos curtos às terças → mais alcance • menos custo.',
    );
  });

  it('the summary holds the best times and the approval figures the data holds', () => {
    const summary = pages.slice(1).join('\n');
    expect(summary).toContain('Melhores horários (mapa de calor)');
    const withSlots = bestTimes.filter((b) => b.slots.length > 0);
    expect(withSlots.length).toBeGreaterThan(0);
    for (const b of withSlots) expect(summary).toContain(reportFormat.slots(b.slots));
    expect(approval?.approved.current).toBeGreaterThan(0);
    expect(summary).toContain(`${ptBR.format(approval!.approved.current!)} posts aprovados`);
    expect(summary).toContain(reportFormat.hours(approval!.averageHours.current));
  });

  it("each network page holds that network's reach", async () => {
    const rows = await sql<{ platform: string; reach: number }>`
      SELECT platform, sum(reach)::int AS reach FROM published_posts WHERE workspace_id = ${workspaceId}
         AND published_at >= ${NOV_FROM} AND published_at < ${NOV_TO} GROUP BY platform`.execute(handle.db);
    const labels: Record<string, string> = {
      linkedin: 'LinkedIn',
      facebook: 'Facebook',
      x: 'X (Twitter)',
      instagram: 'Instagram',
    };
    for (const r of rows.rows) {
      const page = pages.find((p) => p.startsWith(labels[r.platform]!));
      expect(page, r.platform).toBeDefined();
      expect(page).toContain(ptBR.format(r.reach));
      expect(page).toContain('Melhores posts');
      expect(page).toContain('Posts com menor resultado');
    }
    // Engagement changes in percentage points, with the minus sign "−" the font draws.
    for (const network of engagement) {
      const page = pages.find((p) => p.startsWith(network.label))!;
      expect(page).toContain(reportFormat.points(network.engagement.current, network.engagement.previous));
    }
    expect(pages.join('\n')).toContain('grãos do Sul de Minas, torra média • notas de caramelo');
    expect(pages.join('\n')).toContain('Preço −15% só nesta semana ✓');
  });
});
