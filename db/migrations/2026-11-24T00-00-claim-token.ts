// The claim token (issue 11, docs/publishing.md): every claim of a post writes a fresh uuid, and
// every later write of the worker that claimed it is conditional on that uuid, so a worker that
// stalled past STALE_CLAIM_MS and lost its claim can no longer send or record anything.
// Frozen in time: never edit once shipped; add a new migration.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  // Claims in flight during the upgrade (old workers) stay without a token: no new worker can
  // write them; the reconciler resets or flags them as before.
  await db.schema.alterTable('suggested_posts').addColumn('claim_token', 'uuid').execute();
  // Every way back to 'scheduled' (stale reset, retry, 429 release, the owner's edit, reschedule
  // or retry) clears the token; the database refuses a path that forgets.
  await sql`ALTER TABLE suggested_posts ADD CONSTRAINT suggested_posts_scheduled_unclaimed CHECK (status <> 'scheduled' OR claim_token IS NULL)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE suggested_posts DROP CONSTRAINT IF EXISTS suggested_posts_scheduled_unclaimed`.execute(
    db,
  );
  await db.schema.alterTable('suggested_posts').dropColumn('claim_token').execute();
}
