// `npm run bench:reports`: building a client's monthly report (docs/reports.md) for a workspace
// with 4 networks and 300 published posts in the month (75 a network; BENCH_REPORT_POSTS for
// another total), two thirds of that in the month before,
// daily follower snapshots, approval events): the figures (readReportData), the local analysis
// and the A4 PDF (pdfkit), timed over BENCH_RUNS runs (default 20), with the process's peak
// resident memory while building (sampled every 5 ms) and the PDF's size.
import { createUser, generateKeyringValue, parseKeyring } from '@pauta/db';
import pino from 'pino';
import { writeAnalysis } from '../../server/src/reports/analysis.js';
import { readReportData } from '../../server/src/reports/report-data.js';
import { renderReportPdf } from '../../server/src/reports/report-pdf.js';
import { seedReportMonth } from '../../test/report-seed.js';
import { benchEnv, numberEnv } from '../env.js';
import { benchDatabase, ms, summary } from './common.js';

const RUNS = Math.min(benchEnv.runs(), 20);
const POSTS = numberEnv('BENCH_REPORT_POSTS', 300);
const print = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const bench = await benchDatabase('pauta_bench_reports');
try {
  const db = bench.handle.db;
  const keyring = parseKeyring(generateKeyringValue('bench1'));
  const user = await createUser(db, {
    email: 'reports@bench.pauta.dev',
    passwordHash: null,
    firstName: 'Ana',
  });
  await db
    .updateTable('workspaces')
    .set({ name: 'Café Aurora', color: '#b45309' })
    .where('id', '=', user.id)
    .execute();
  await seedReportMonth(db, keyring, {
    workspaceId: user.id,
    userId: user.id,
    platforms: ['linkedin', 'instagram', 'facebook', 'x'],
    postsPerNetwork: Math.max(1, Math.round(POSTS / 4)),
    year: 2026,
    month: 11,
  });
  const logger = pino({ level: 'silent' });
  const build = async () => {
    const data = await readReportData(db, {
      workspaceId: user.id,
      period: { from: '2026-11-01', to: '2026-11-30' },
      timeZone: 'America/Sao_Paulo',
      now: new Date('2026-12-02T12:00:00Z'),
    });
    const analysis = await writeAnalysis({ ai: null, logger }, data);
    const pdf = await renderReportPdf({ data, analysis, note: null, generatedAt: new Date() });
    return { data, pdf };
  };
  // One warm-up run (module loading, prepared plans), not timed.
  const first = await build();
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const dataSamples: number[] = [];
  const totalSamples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const data = await readReportData(db, {
      workspaceId: user.id,
      period: { from: '2026-11-01', to: '2026-11-30' },
      timeZone: 'America/Sao_Paulo',
      now: new Date('2026-12-02T12:00:00Z'),
    });
    dataSamples.push(performance.now() - start);
    const analysis = await writeAnalysis({ ai: null, logger }, data);
    await renderReportPdf({ data, analysis, note: null, generatedAt: new Date() });
    totalSamples.push(performance.now() - start);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  clearInterval(sampler);
  const d = summary(dataSamples);
  const t = summary(totalSamples);
  print(
    `report for 4 networks, ${first.data.summary.published.current} published posts in the month ` +
      `(${first.data.networks.length} network pages, PDF ${(first.pdf.length / 1024).toFixed(1)} KB), ${RUNS} runs:`,
  );
  print(`  figures (readReportData): p50 ${ms(d.p50)}, p95 ${ms(d.p95)}, max ${ms(d.max)}`);
  print(`  figures + analysis + PDF: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, max ${ms(t.max)}`);
  print(`  peak RSS while building: ${mb(peak)} (process RSS before the timed runs ${mb(baseline)})`);
  print(`  process max RSS (getrusage, seeding included): ${mb(process.resourceUsage().maxRSS * 1024)}`);
} finally {
  await bench.drop();
}
