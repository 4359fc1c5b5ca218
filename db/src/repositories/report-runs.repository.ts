// The `reports` rows (docs/reports.md "Generation"): one per (workspace, period), claimed under a
// lease and fenced by `attempt`. Every statement names its workspace except the reclaim sweep,
// which lists work across workspaces for the web process that runs it.
import { type Kysely, type Selectable, sql, type UpdateObject } from 'kysely';
import type { Database, ReportsTable } from '../schema.js';

export type ReportRow = Selectable<ReportsTable>;

/** Every column, the dates as 'YYYY-MM-DD' text on both drivers (PGlite parses dates itself). */
const COLUMNS = [
  'id',
  'workspace_id',
  sql<string>`period_start::text`.as('period_start'),
  sql<string>`period_end::text`.as('period_end'),
  'status',
  'progress',
  'note',
  'requested_by',
  'attempt',
  'lease_until',
  'pdf_key',
  'error_code',
  'created_at',
  'updated_at',
  'finished_at',
] as const;

/** Inserts the period's row, or returns the one already there (the unique key decides). */
export async function insertOrGetReport(
  db: Kysely<Database>,
  input: {
    workspaceId: string;
    periodStart: string;
    periodEnd: string;
    note: string;
    /** The person who asked; null for the scheduled email's sweep. */
    requestedBy: string | null;
  },
): Promise<{ row: ReportRow; created: boolean }> {
  const inserted = await db
    .insertInto('reports')
    .values({
      workspace_id: input.workspaceId,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      note: input.note,
      requested_by: input.requestedBy,
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'period_start', 'period_end']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const row = await db
    .selectFrom('reports')
    .select(COLUMNS)
    .where('workspace_id', '=', input.workspaceId)
    .where('period_start', '=', input.periodStart)
    .where('period_end', '=', input.periodEnd)
    .executeTakeFirstOrThrow();
  return { row, created: false };
}

/**
 * Claims the row for one attempt: queued, failed, or running under an expired lease (its process
 * stalled or died). Returns the claimed row (its `attempt` fences every later write), or null when
 * it is done or another process holds a live lease.
 */
export async function claimReport(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
  leaseMs: number,
): Promise<ReportRow | null> {
  const row = await db
    .updateTable('reports')
    .set({
      status: 'running',
      progress: 0,
      error_code: null,
      attempt: sql`attempt + 1`,
      lease_until: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updated_at: sql`now()`,
    })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['queued', 'failed']),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)]),
      ]),
    )
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** Writes progress (and renews the lease) if the attempt still holds the row. */
export async function reportProgress(
  db: Kysely<Database>,
  fence: { workspaceId: string; id: string; attempt: number },
  progress: number,
  leaseMs: number,
): Promise<boolean> {
  return updateHeldAttempt(db, fence, {
    progress,
    lease_until: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    updated_at: sql`now()`,
  });
}

/** Ends the attempt: done with its PDF, or failed with an error code. False: the attempt lost the row. */
export async function finishReport(
  db: Kysely<Database>,
  fence: { workspaceId: string; id: string; attempt: number },
  outcome: { pdfKey: string } | { errorCode: string },
): Promise<boolean> {
  const done = 'pdfKey' in outcome;
  return updateHeldAttempt(db, fence, {
    status: done ? 'done' : 'failed',
    progress: done ? 100 : sql`progress`,
    pdf_key: done ? outcome.pdfKey : null,
    error_code: done ? null : outcome.errorCode,
    lease_until: null,
    updated_at: sql`now()`,
    finished_at: sql`now()`,
  });
}

/** The fenced write of a running attempt: applied only while that attempt still holds the row. */
async function updateHeldAttempt(
  db: Kysely<Database>,
  fence: { workspaceId: string; id: string; attempt: number },
  changes: UpdateObject<Database, 'reports'>,
): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set(changes)
    .where('workspace_id', '=', fence.workspaceId)
    .where('id', '=', fence.id)
    .where('attempt', '=', fence.attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listReports(
  db: Kysely<Database>,
  workspaceId: string,
  limit = 100,
): Promise<ReportRow[]> {
  return db
    .selectFrom('reports')
    .select(COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function findReport(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<ReportRow | null> {
  const row = await db
    .selectFrom('reports')
    .select(COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Rows a sweep should (re)start: queued for more than `queuedForMs`, or running under an expired lease. */
export async function listReclaimableReports(
  db: Kysely<Database>,
  queuedForMs: number,
  limit = 20,
): Promise<Array<Pick<ReportRow, 'id' | 'workspace_id'>>> {
  return db
    .selectFrom('reports')
    .select(['id', 'workspace_id'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'queued'),
          eb('created_at', '<', sql<Date>`now() - make_interval(secs => ${queuedForMs / 1000})`),
        ]),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Deletes a report of the workspace (its private links and snapshot go with it, ON DELETE CASCADE;
 * a delivery keeps its row with `report_id` null), unless an attempt is making it right now (a
 * running row under a live lease). `deleted` is the row that was deleted (for its PDF's key);
 * `busy` when it is being made; neither when there is no such row (already deleted: idempotent).
 */
export async function deleteReport(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<{ deleted: ReportRow | null; busy: boolean }> {
  const deleted = await db
    .deleteFrom('reports')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where((eb) => eb.not(eb.and([eb('status', '=', 'running'), eb('lease_until', '>=', sql<Date>`now()`)])))
    .returning(COLUMNS)
    .executeTakeFirst();
  if (deleted) return { deleted, busy: false };
  return { deleted: null, busy: (await findReport(db, workspaceId, id)) !== null };
}
