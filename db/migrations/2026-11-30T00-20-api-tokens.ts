// Personal access tokens of the public REST API (issue 28, item 2; docs/api.md). A token acts in
// ONE workspace as the person who created it, with their current role there: the composite
// foreign key to the membership deletes a removed member's tokens with the membership. Only the
// SHA-256 of the secret is stored; `prefix` (the first characters, public) is what lists show.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL,
      user_id uuid NOT NULL,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
      prefix text NOT NULL,
      hash bytea NOT NULL UNIQUE CHECK (octet_length(hash) = 32),
      scopes text[] NOT NULL CHECK (
        cardinality(scopes) BETWEEN 1 AND 3 AND scopes <@ ARRAY['read', 'write', 'publish']::text[]
      ),
      expires_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (workspace_id, user_id) REFERENCES workspace_members (workspace_id, user_id) ON DELETE CASCADE
    )`.execute(db);
  // "My tokens in this workspace" (Configurações → Integrações), newest first.
  await sql`CREATE INDEX api_tokens_owner_idx ON api_tokens (workspace_id, user_id, created_at DESC)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS api_tokens`.execute(db);
}
