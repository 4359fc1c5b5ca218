// Issue 30 item 5 (docs/snippets.md): saved snippets — a workspace's hashtag groups and
// signatures, inserted into a post's text from the edit dialog.
//
// - `snippets`: one row per snippet, owned by its workspace (ON DELETE CASCADE), `kind` hashtags or
//   signature, `name` unique per workspace whatever its case (`snippets_workspace_name`), `text`
//   as saved (a hashtag group normalised by core normalizeSnippet), `position` the order of the
//   list and of the insert menu. `created_by` is who wrote it (kept null when that person is erased).
// - The length checks repeat core's limits (SNIPPET_NAME_MAX 60, SNIPPET_TEXT_MAX 500) so nothing
//   else writes a longer one; the service refuses first with the pt-BR reason.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE snippets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('hashtags', 'signature')),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
      text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 500),
      position integer NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX snippets_workspace_name ON snippets (workspace_id, lower(name))`.execute(db);
  await sql`CREATE INDEX snippets_workspace_position ON snippets (workspace_id, position)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS snippets`.execute(db);
}
