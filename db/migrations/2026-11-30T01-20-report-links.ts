// Issue 27 item 3 (docs/reports.md "The private link"): a read-only link to one report, opened
// without an account at /relatorio/<token>. As the client approval link: 256 random bits
// (base64url) of which only the SHA-256 is stored, an expiry (at most CLIENT_LINK_MAX_DAYS days),
// revocable at once; `last_used_at` for the owner's list. Deleting the report deletes its links.
//
// `report_snapshots`: the figures and the analysis the PDF was drawn from (JSON, one row per
// report, written by the attempt that holds the row), so the web page shows exactly the PDF's
// numbers and text without recomputing them or asking the AI again.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE report_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      token_hash bytea NOT NULL UNIQUE,
      -- The creating request's Idempotency-Key: a repeat of one click finds the same link and
      -- re-issues its token (the answer, which carries the token, is never stored).
      request_key text NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      last_used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (expires_at > created_at),
      CONSTRAINT report_links_request_key_unique UNIQUE (workspace_id, request_key)
    )`.execute(db);
  await sql`
    CREATE TABLE report_snapshots (
      report_id uuid PRIMARY KEY REFERENCES reports(id) ON DELETE CASCADE,
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      data jsonb NOT NULL,
      analysis jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX report_links_workspace_report_idx ON report_links (workspace_id, report_id, created_at DESC)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_snapshots').ifExists().execute();
  await db.schema.dropTable('report_links').ifExists().execute();
}
