// Background generation of a client report (docs/reports.md "Generation"): in the web process,
// under a fenced claim on the `reports` row. The worker cannot run it — it does not depend on
// @pauta/server, where the figures, the analysis and the PDF live — and a report is a short job
// (p95 under half a second, `npm run bench:reports`), so no queue is needed to carry it.
//
// One attempt: claim (status running, attempt + 1, a lease) → figures (readReportData) → analysis
// → PDF → media storage at `reports/<workspace>/<report>.pdf` → done. Progress is written to the
// row as it goes (each write renews the lease and names the attempt). A process that dies leaves a
// running row whose lease expires; the sweep (every process, every minute) or the next
// `reports.generate` reclaims it. The PDF's key is the row's, so a retried attempt overwrites the
// same object: never two PDFs for one period.
import {
  claimReport,
  type Database,
  findWorkspaceTimeZone,
  finishReport,
  listReclaimableReports,
  type MediaStorage,
  reportProgress,
  saveReportSnapshot,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import type { AiClient } from '../ai/ai-client.js';
import type { Logger } from '../logger.js';
import { writeAnalysis } from './analysis.js';
import { readReportData } from './report-data.js';
import { loadReportImages } from './report-images.js';
import { renderReportPdf } from './report-pdf.js';

export const REPORT_LEASE_MS = 2 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;
/** A queued row nobody started for this long (its process died before the start) is started by the sweep. */
const QUEUED_GRACE_MS = 30_000;

export interface ReportRunnerDeps {
  db: Kysely<Database>;
  logger: Logger;
  storage: MediaStorage;
  ai: AiClient | null;
  leaseMs?: number;
  /** Tests: called between the steps with the progress just written. */
  onStep?: (progress: number) => Promise<void> | void;
}

export interface ReportRunner {
  /** Starts the row's work in the background if it is claimable; never throws. */
  start(workspaceId: string, reportId: string): void;
  /** Resolves when every attempt started by this process has ended (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function reportPdfKey(workspaceId: string, reportId: string): string {
  return `reports/${workspaceId}/${reportId}.pdf`;
}

/** One attempt at the row. Returns what happened (tests); errors are written to the row. */
export async function runReport(
  deps: ReportRunnerDeps,
  workspaceId: string,
  reportId: string,
): Promise<'done' | 'failed' | 'not-claimed' | 'lost'> {
  const leaseMs = deps.leaseMs ?? REPORT_LEASE_MS;
  const claimed = await claimReport(deps.db, workspaceId, reportId, leaseMs);
  if (!claimed) return 'not-claimed';
  const fence = { workspaceId, id: reportId, attempt: claimed.attempt };
  const step = async (progress: number) => {
    if (!(await reportProgress(deps.db, fence, progress, leaseMs))) throw new LostLease();
    await deps.onStep?.(progress);
  };
  try {
    await step(10);
    const data = await readReportData(deps.db, {
      workspaceId,
      period: { from: claimed.period_start, to: claimed.period_end },
      // The workspace's zone (its owner's): the period's days, the cadence's and the best times'.
      timeZone: await findWorkspaceTimeZone(deps.db, workspaceId),
      now: new Date(),
    });
    await step(40);
    const analysis = await writeAnalysis({ ai: deps.ai, logger: deps.logger }, data);
    // What the web page of a private link shows: the very figures and text of this PDF.
    if (!(await saveReportSnapshot(deps.db, fence, { data, analysis }))) throw new LostLease();
    await step(60);
    const images = await loadReportImages({ storage: deps.storage, logger: deps.logger }, data);
    const pdf = await renderReportPdf({
      data,
      analysis,
      logo: images.logo,
      thumbs: images.thumbs,
      note: claimed.note || null,
      generatedAt: new Date(),
    });
    await step(85);
    const key = reportPdfKey(workspaceId, reportId);
    await deps.storage.put(key, pdf, 'application/pdf');
    return (await finishReport(deps.db, fence, { pdfKey: key })) ? 'done' : 'lost';
  } catch (error) {
    if (error instanceof LostLease) return 'lost';
    deps.logger.error({ err: error, reportId, workspaceId }, 'falha ao gerar relatório');
    await finishReport(deps.db, fence, { errorCode: 'INTERNAL' }).catch(() => undefined);
    return 'failed';
  }
}

class LostLease extends Error {}

export function createReportRunner(deps: ReportRunnerDeps, options: { sweep?: boolean } = {}): ReportRunner {
  const running = new Map<string, Promise<unknown>>();
  let closed = false;
  const start = (workspaceId: string, reportId: string) => {
    if (closed || running.has(reportId)) return;
    const work = runReport(deps, workspaceId, reportId)
      .catch((err) => deps.logger.error({ err, reportId }, 'falha ao gerar relatório'))
      .finally(() => running.delete(reportId));
    running.set(reportId, work);
  };
  const sweep = async () => {
    try {
      for (const row of await listReclaimableReports(deps.db, QUEUED_GRACE_MS))
        start(row.workspace_id, row.id);
    } catch (err) {
      deps.logger.warn({ err }, 'relatórios: varredura falhou');
    }
  };
  const timer = options.sweep === false ? null : setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer?.unref();
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running.values()]);
  };
  return {
    start,
    idle,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await idle();
    },
  };
}
