// Issue 27 item 1 (docs/reports.md "History"): the history monthly reports need.
//
// - `account_follower_snapshots`: one row per connected account per day (the day in
//   America/Sao_Paulo, as the manager reads it). PRIMARY KEY (connected_account_id, day) and
//   `INSERT … ON CONFLICT DO NOTHING` make it exactly once per account per day, whatever the number
//   of workers and restarts. `followers` is what the network answered that day; `posts_*` are the
//   sums of the metrics the network gave for the account's published posts as known at that moment
//   (null where the network gives none), so a report can show how the totals moved.
//   `source` says whether the worker read it ('daily') or a network's history filled it ('backfill').
//   Rows follow their account (soft disconnects keep them; deleting the account deletes them).
//   The index leads with workspace_id (docs/workspaces.md): every report reads one workspace.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE account_follower_snapshots (
      connected_account_id uuid NOT NULL,
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      platform text NOT NULL,
      day date NOT NULL,
      followers integer NOT NULL CHECK (followers >= 0),
      posts_reach bigint CHECK (posts_reach >= 0),
      posts_likes bigint CHECK (posts_likes >= 0),
      posts_comments bigint CHECK (posts_comments >= 0),
      source text NOT NULL DEFAULT 'daily' CHECK (source IN ('daily', 'backfill')),
      taken_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (connected_account_id, day),
      FOREIGN KEY (workspace_id, connected_account_id)
        REFERENCES connected_accounts (workspace_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX account_follower_snapshots_workspace_day_idx
    ON account_follower_snapshots (workspace_id, day, platform)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_follower_snapshots').ifExists().execute();
}
