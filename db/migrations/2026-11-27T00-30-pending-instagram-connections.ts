// Instagram connections wait for the user's choice too (issue 15): when the person's Pages link
// several Instagram professional accounts, the pending row holds the sealed long-lived user token
// and the accounts' ids, usernames and Page names (never a token) until one is picked.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE pending_connections DROP CONSTRAINT IF EXISTS pending_connections_platform_check`.execute(
    db,
  );
  await sql`ALTER TABLE pending_connections ADD CONSTRAINT pending_connections_platform_check CHECK (platform IN ('facebook', 'instagram'))`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM pending_connections WHERE platform = 'instagram'`.execute(db);
  await sql`ALTER TABLE pending_connections DROP CONSTRAINT IF EXISTS pending_connections_platform_check`.execute(
    db,
  );
  await sql`ALTER TABLE pending_connections ADD CONSTRAINT pending_connections_platform_check CHECK (platform IN ('facebook'))`.execute(
    db,
  );
}
