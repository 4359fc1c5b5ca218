// Worker heartbeats and outages (issue 18, item 5; docs/operations.md "Worker vivo"). Every time
// here is PostgreSQL's now(): workers, web processes and the database may disagree on the clock,
// the database is the one they share.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../schema.js';

/** A worker is alive while its last beat is younger than this (the "2 minutes"). */
export const WORKER_SILENCE_MS = 2 * 60_000;
/** Rows silent (or stopped) for longer than this are purged. */
export const WORKER_ROW_RETENTION_MS = 24 * 60 * 60_000;

export interface WorkerIdentity {
  id: string;
  host: string;
  pid: number;
  version: string;
}

/** One beat: inserts the row the first time, then moves last_beat_at (PostgreSQL's clock). */
export async function beatWorker(db: Kysely<Database>, worker: WorkerIdentity): Promise<void> {
  await db
    .insertInto('worker_heartbeats')
    .values({ id: worker.id, host: worker.host, pid: worker.pid, version: worker.version })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ last_beat_at: sql`now()`, stopped_at: null, version: worker.version }),
    )
    .execute();
}

/** Graceful shutdown: the row stays (its time is the "last seen"), marked stopped. */
export async function stopWorkerBeat(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('worker_heartbeats')
    .set({ stopped_at: sql`now()`, last_beat_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Deletes rows silent for longer than WORKER_ROW_RETENTION_MS; returns how many. */
export async function purgeWorkerBeats(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('worker_heartbeats')
    .where('last_beat_at', '<', sql<Date>`now() - make_interval(secs => ${WORKER_ROW_RETENTION_MS / 1000})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type WorkerState = 'alive' | 'silent' | 'stopped';

export interface WorkerRow extends WorkerIdentity {
  startedAt: Date;
  lastBeatAt: Date;
  stoppedAt: Date | null;
  state: WorkerState;
  /** Seconds since the last beat, on PostgreSQL's clock. */
  secondsSinceBeat: number;
}

/** Every known worker (alive first, then the most recently seen). */
export async function listWorkers(db: Kysely<Database>): Promise<WorkerRow[]> {
  const rows = await db
    .selectFrom('worker_heartbeats')
    .select([
      'id',
      'host',
      'pid',
      'version',
      'started_at',
      'last_beat_at',
      'stopped_at',
      sql<number>`extract(epoch from now() - last_beat_at)::float8`.as('age'),
    ])
    .orderBy('last_beat_at', 'desc')
    .orderBy('id')
    .execute();
  const list = rows.map((r) => {
    const age = Math.max(0, Number(r.age));
    const state: WorkerState = r.stopped_at ? 'stopped' : age * 1000 < WORKER_SILENCE_MS ? 'alive' : 'silent';
    return {
      id: r.id,
      host: r.host,
      pid: r.pid,
      version: r.version,
      startedAt: r.started_at,
      lastBeatAt: r.last_beat_at,
      stoppedAt: r.stopped_at,
      state,
      secondsSinceBeat: Math.round(age),
    };
  });
  return [...list.filter((w) => w.state === 'alive'), ...list.filter((w) => w.state !== 'alive')];
}

/**
 * - `ok`: at least one worker beat in the last 2 minutes;
 * - `no_worker`: none did, and posts are due — the outage the banner, the email and /readyz report;
 * - `absent`: none did, but nothing is due yet (or the last one left less than 2 minutes ago).
 */
export type WorkersStatus = 'ok' | 'no_worker' | 'absent';

export interface WorkersHealth {
  status: WorkersStatus;
  alive: number;
  /** Scheduled posts whose time (or retry time) has come. */
  duePosts: number;
  /** The last beat (or graceful stop) of any worker; null when none was ever seen (or purged). */
  lastSeenAt: Date | null;
  /** Whole minutes since lastSeenAt (PostgreSQL's clock); null when never seen. */
  minutesSinceSeen: number | null;
}

/** The workers' health in one statement, on PostgreSQL's clock. */
export async function workersHealth(db: Kysely<Database>): Promise<WorkersHealth> {
  const silence = WORKER_SILENCE_MS / 1000;
  const { rows } = await sql<{
    alive: number;
    last_seen: Date | null;
    since: number | null;
    due: number;
  }>`
    SELECT
      (SELECT count(*)::int FROM worker_heartbeats
         WHERE stopped_at IS NULL AND last_beat_at > now() - make_interval(secs => ${silence})) AS alive,
      (SELECT max(last_beat_at) FROM worker_heartbeats) AS last_seen,
      (SELECT extract(epoch FROM now() - max(last_beat_at))::float8 FROM worker_heartbeats) AS since,
      (SELECT count(*)::int FROM suggested_posts
         WHERE status = 'scheduled' AND scheduled_for <= now()
           AND (next_attempt_at IS NULL OR next_attempt_at <= now())) AS due`.execute(db);
  const row = rows[0]!;
  const alive = Number(row.alive);
  const duePosts = Number(row.due);
  const since = row.since === null ? null : Number(row.since);
  let status: WorkersStatus = 'ok';
  if (alive === 0)
    status = duePosts > 0 && (since === null || since * 1000 >= WORKER_SILENCE_MS) ? 'no_worker' : 'absent';
  return {
    status,
    alive,
    duePosts,
    lastSeenAt: row.last_seen,
    minutesSinceSeen: since === null ? null : Math.floor(since / 60),
  };
}

/**
 * Opens the outage unless one is open; true only for the caller whose INSERT won (then `onOpen`
 * ran in the same transaction: the email is queued exactly once however many web processes race).
 */
export async function openWorkerOutage(
  db: Kysely<Database>,
  health: Pick<WorkersHealth, 'lastSeenAt' | 'duePosts'>,
  onOpen: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('worker_outages')
      .values({ last_seen_at: health.lastSeenAt, due_posts: health.duePosts })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await onOpen(trx);
    return true;
  });
}

/** Closes the open outage (a worker is back); true when one was open. */
export async function closeWorkerOutage(db: Kysely<Database>): Promise<boolean> {
  const result = await db
    .updateTable('worker_outages')
    .set({ ended_at: sql`now()` })
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Emails of every administrator (the outage notice's recipients). */
export async function adminEmails(
  db: Kysely<Database>,
): Promise<{ email: string; firstName: string | null }[]> {
  const rows = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('profiles as p', 'p.id', 'u.id')
    .select(['u.email', 'p.first_name'])
    .where('r.role', '=', 'admin')
    .orderBy('u.email')
    .execute();
  return rows.map((r) => ({ email: r.email, firstName: r.first_name ?? null }));
}
