// Issue 27 item 4 (docs/reports.md "Generation"): one `reports` row per (workspace, period).
//
// - UNIQUE (workspace_id, period_start, period_end): `reports.generate` inserts or returns the row,
//   so two clicks, two tabs or two web processes never make two reports for one period.
// - status queued → running → done | failed; progress 0–100 written as the work goes.
// - attempt + lease_until fence the work: a process claims the row by bumping `attempt` and setting
//   a lease; every later write names that attempt, so a process that lost its lease (it stalled or
//   crashed and another one reclaimed the row) changes nothing. An expired lease is reclaimable.
// - pdf_key: the PDF in media storage, `reports/<workspace>/<report>.pdf` — one key per row, so a
//   retried attempt overwrites the same object and a period never has two PDFs.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      period_start date NOT NULL,
      period_end date NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 2000),
      requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
      attempt integer NOT NULL DEFAULT 0,
      lease_until timestamptz,
      pdf_key text,
      error_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CHECK (period_end >= period_start),
      CHECK (status <> 'done' OR pdf_key IS NOT NULL),
      UNIQUE (workspace_id, period_start, period_end)
    )`.execute(db);
  await sql`CREATE INDEX reports_workspace_created_idx ON reports (workspace_id, created_at DESC)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').ifExists().execute();
}
