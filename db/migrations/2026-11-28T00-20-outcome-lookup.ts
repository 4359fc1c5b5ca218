// Issue 24: an unknown outcome is resolved by asking the network (docs/publishing.md, "Asking the
// network"). `outcome_checked_token` is the claim token a lookup last ran for and could not tell:
// the resolver skips a flagged post whose current claim was already looked up, and the owner's
// "Tentar de novo" clears it to ask again. A new claim has a new token, so no reset is needed.
// `outcome_looked_up_at` is the last lookup's time: a lookup soon after the send can only find
// the post; "absent" is trusted only from LOOKUP_ABSENT_AFTER_MS after the send on (a network
// may create a post it accepted late), so a claim is looked up at most twice on its own.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE suggested_posts ADD COLUMN outcome_checked_token uuid`.execute(db);
  await sql`ALTER TABLE suggested_posts ADD COLUMN outcome_looked_up_at timestamptz`.execute(db);
  // The resolver's scan: flagged posts whose outcome is unknown (few; partial index).
  await sql`CREATE INDEX suggested_posts_unknown_outcome_idx ON suggested_posts (send_started_at)
    WHERE status = 'needs_attention' AND last_error = 'UNKNOWN_OUTCOME'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX suggested_posts_unknown_outcome_idx`.execute(db);
  await sql`ALTER TABLE suggested_posts DROP COLUMN outcome_looked_up_at`.execute(db);
  await sql`ALTER TABLE suggested_posts DROP COLUMN outcome_checked_token`.execute(db);
}
