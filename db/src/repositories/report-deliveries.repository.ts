// The scheduled report email (docs/reports.md "Scheduled email"): a workspace's schedule and one
// `report_deliveries` row per (workspace, period), claimed under a lease and fenced by `attempt`
// like a `reports` row. The outbox rows of a period are inserted in the transaction that marks its
// row sent under the claiming attempt (`markDeliverySent`), so a period is emailed once.
import type { ReportPeriod } from '@pauta/core';
import { type Kysely, type Selectable, sql, type Transaction, type UpdateObject } from 'kysely';
import type { Database, ReportDeliveriesTable, ReportScheduleFrequency } from '../schema.js';

export type ReportDeliveryRow = Selectable<ReportDeliveriesTable>;
type DeliveryFrequency = ReportDeliveryRow['frequency'];

export interface ReportScheduleRow {
  frequency: ReportScheduleFrequency;
  recipients: string[];
  updated_at: Date;
}

const DELIVERY_COLUMNS = [
  'id',
  'workspace_id',
  'frequency',
  sql<string>`period_start::text`.as('period_start'),
  sql<string>`period_end::text`.as('period_end'),
  'status',
  'attempt',
  'lease_until',
  'report_id',
  'recipients',
  'error_code',
  'created_at',
  'updated_at',
  'sent_at',
] as const;

/** Where a workspace's schedule lives when its owner has no zone (the product's default). */
const FALLBACK_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The time zone of a workspace's reports (docs/reports.md "Due periods"): its first owner's
 * (`profiles.timezone`; a personal workspace's owner is its user). SQL over `workspaceRef`.
 */
function workspaceTimeZoneSql(workspaceRef: string) {
  return sql<string>`coalesce((
    SELECT p.timezone FROM workspace_members m JOIN profiles p ON p.id = m.user_id
    WHERE m.workspace_id = ${sql.ref(workspaceRef)} AND m.role = 'owner'
    ORDER BY m.created_at, m.user_id LIMIT 1), ${FALLBACK_TIME_ZONE})`;
}

/** The time zone of a workspace's reports: its first owner's, else America/Sao_Paulo. */
export async function findWorkspaceTimeZone(db: Kysely<Database>, workspaceId: string): Promise<string> {
  const row = await db
    .selectFrom('workspaces as w')
    .select(workspaceTimeZoneSql('w.id').as('time_zone'))
    .where('w.id', '=', workspaceId)
    .executeTakeFirst();
  return row?.time_zone ?? FALLBACK_TIME_ZONE;
}

/** The distinct time zones of the schedules that are on (each has its own due periods). */
export async function listScheduleTimeZones(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('report_schedules as s')
    .select(workspaceTimeZoneSql('s.workspace_id').as('time_zone'))
    .where('s.frequency', '<>', 'off')
    .distinct()
    .execute();
  return rows.map((r) => r.time_zone).sort();
}

const leaseFromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

export async function findReportSchedule(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<ReportScheduleRow | null> {
  const row = await db
    .selectFrom('report_schedules')
    .select(['frequency', 'recipients', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row ?? null;
}

/** Sets the workspace's schedule (insert or update): the same input twice leaves the same row. */
export async function upsertReportSchedule(
  db: Kysely<Database>,
  input: { workspaceId: string; frequency: ReportScheduleFrequency; recipients: string[]; userId: string },
): Promise<ReportScheduleRow> {
  return db
    .insertInto('report_schedules')
    .values({
      workspace_id: input.workspaceId,
      frequency: input.frequency,
      recipients: input.recipients,
      updated_by: input.userId,
    })
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet({
        frequency: input.frequency,
        recipients: input.recipients,
        updated_by: input.userId,
        updated_at: sql`now()`,
      }),
    )
    .returning(['frequency', 'recipients', 'updated_at'])
    .executeTakeFirstOrThrow();
}

/** The workspace's latest sent delivery (the settings card's "Último envio"). */
export async function lastSentDelivery(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<ReportDeliveryRow | null> {
  const row = await db
    .selectFrom('report_deliveries')
    .select(DELIVERY_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'sent')
    .orderBy('sent_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Adds the due period's row for every schedule of `frequency` that has none (the UNIQUE key makes
 * this a no-op for the rows already there, whichever process gets there first). With `timeZone`,
 * only the schedules of the workspaces in that zone (the period is that zone's).
 */
export async function ensureDueDeliveries(
  db: Kysely<Database>,
  frequency: DeliveryFrequency,
  period: ReportPeriod,
  timeZone?: string,
): Promise<number> {
  const result = await db
    .insertInto('report_deliveries')
    .columns(['workspace_id', 'frequency', 'period_start', 'period_end'])
    .expression((eb) =>
      eb
        .selectFrom('report_schedules')
        .select([
          'workspace_id',
          sql<string>`${frequency}::text`.as('frequency'),
          sql<string>`${period.from}::date`.as('period_start'),
          sql<string>`${period.to}::date`.as('period_end'),
        ])
        .where('frequency', '=', frequency)
        .$if(timeZone !== undefined, (qb) =>
          qb.where(workspaceTimeZoneSql('report_schedules.workspace_id'), '=', timeZone!),
        ),
    )
    .onConflict((oc) => oc.columns(['workspace_id', 'period_start', 'period_end']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** What a claim accepts: not sent, under the attempt bound, and no live lease (none, expired, or back-off over). */
function claimable(maxAttempts: number) {
  return sql<boolean>`status <> 'sent' AND attempt < ${maxAttempts} AND (lease_until IS NULL OR lease_until < now())`;
}

/**
 * The rows of the due periods a sweep should try now, whose schedule is still on at that frequency;
 * with `timeZone`, of the workspaces in that zone (whose due periods `due` are).
 */
export async function listClaimableDeliveries(
  db: Kysely<Database>,
  due: Record<DeliveryFrequency, ReportPeriod>,
  maxAttempts: number,
  limit = 20,
  timeZone?: string,
): Promise<Array<Pick<ReportDeliveryRow, 'id' | 'workspace_id'>>> {
  return db
    .selectFrom('report_deliveries as d')
    .innerJoin('report_schedules as s', (join) =>
      join.onRef('s.workspace_id', '=', 'd.workspace_id').onRef('s.frequency', '=', 'd.frequency'),
    )
    .select(['d.id', 'd.workspace_id'])
    .where((eb) =>
      eb.or(
        (['monthly', 'weekly'] as const).map((f) =>
          eb.and([
            eb('d.frequency', '=', f),
            eb('d.period_start', '=', due[f].from),
            eb('d.period_end', '=', due[f].to),
          ]),
        ),
      ),
    )
    .where('d.status', '<>', 'sent')
    .where('d.attempt', '<', maxAttempts)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', sql<Date>`now()`)]))
    .$if(timeZone !== undefined, (qb) => qb.where(workspaceTimeZoneSql('d.workspace_id'), '=', timeZone!))
    .orderBy('d.created_at')
    .limit(limit)
    .execute();
}

/**
 * Claims the row for one attempt (status running, attempt + 1, a lease) when it is claimable and
 * its schedule is still on at its frequency. Null: sent, leased by another process, waiting out its
 * back-off, out of attempts, or its schedule changed.
 */
export async function claimDelivery(
  db: Kysely<Database>,
  id: string,
  leaseMs: number,
  maxAttempts: number,
): Promise<ReportDeliveryRow | null> {
  const row = await db
    .updateTable('report_deliveries as d')
    .set({
      status: 'running',
      attempt: sql`attempt + 1`,
      lease_until: leaseFromNow(leaseMs),
      updated_at: sql`now()`,
    })
    .where('d.id', '=', id)
    .where(claimable(maxAttempts))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('report_schedules as s')
          .select('s.workspace_id')
          .whereRef('s.workspace_id', '=', 'd.workspace_id')
          .whereRef('s.frequency', '=', 'd.frequency'),
      ),
    )
    .returning(DELIVERY_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

export interface DeliveryFence {
  id: string;
  attempt: number;
}

/** Links the period's report to the row and renews the lease, if the attempt still holds it. */
export async function setDeliveryReport(
  db: Kysely<Database>,
  fence: DeliveryFence,
  reportId: string,
  leaseMs: number,
): Promise<boolean> {
  return updateHeldDelivery(db, fence, {
    report_id: reportId,
    lease_until: leaseFromNow(leaseMs),
    updated_at: sql`now()`,
  });
}

/** The fenced write of a running attempt: applied only while that attempt still holds the row. */
async function updateHeldDelivery(
  db: Kysely<Database> | Transaction<Database>,
  fence: DeliveryFence,
  changes: UpdateObject<Database, 'report_deliveries'>,
): Promise<boolean> {
  const result = await db
    .updateTable('report_deliveries')
    .set(changes)
    .where('id', '=', fence.id)
    .where('attempt', '=', fence.attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Ends the attempt without sending: `failed` with its error code, claimable again once `retryInMs`
 * has passed (the back-off), or back to `pending` (no error: the schedule changed under it).
 */
export async function releaseDelivery(
  db: Kysely<Database>,
  fence: DeliveryFence,
  outcome: { errorCode: string; retryInMs: number } | null,
): Promise<boolean> {
  return updateHeldDelivery(db, fence, {
    status: outcome ? 'failed' : 'pending',
    error_code: outcome?.errorCode ?? null,
    lease_until: outcome ? leaseFromNow(outcome.retryInMs) : null,
    updated_at: sql`now()`,
  });
}

/**
 * Marks the row sent to `recipients` if the attempt still holds it. Run it in the transaction that
 * inserts the outbox rows: false (the attempt lost the row) must roll them back.
 */
export async function markDeliverySent(
  trx: Transaction<Database>,
  fence: DeliveryFence,
  recipients: string[],
): Promise<boolean> {
  return updateHeldDelivery(trx, fence, {
    status: 'sent',
    recipients,
    error_code: null,
    lease_until: null,
    sent_at: sql`now()`,
    updated_at: sql`now()`,
  });
}

/** The schedule as a sending transaction sees it, locked against a concurrent change until it commits. */
export async function lockReportSchedule(
  trx: Transaction<Database>,
  workspaceId: string,
): Promise<Pick<ReportScheduleRow, 'frequency' | 'recipients'> | null> {
  const row = await trx
    .selectFrom('report_schedules')
    .select(['frequency', 'recipients'])
    .where('workspace_id', '=', workspaceId)
    .forShare()
    .executeTakeFirst();
  return row ?? null;
}
