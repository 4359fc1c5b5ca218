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
  await repairPublishedStates(db);
}

/**
 * Before the fencing, a stalled worker's completion could write published_posts for a post it no
 * longer held, leaving the post needs_attention, failed, missed or even scheduled again while it
 * was listed in Posts Publicados. A published_posts row is written only from a network's success
 * answer, so such a post IS published: say so (and its pending wake-up becomes a no-op, which
 * prevents the second send a retry would have made). Posts being published right now are left
 * to their worker.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function repairPublishedStates(db: Kysely<any>): Promise<number> {
  const result = await sql`
    UPDATE suggested_posts sp
    SET status = 'published', is_used = true, last_error = NULL, last_error_location = NULL,
        claim_token = NULL, send_started_at = NULL, next_attempt_at = NULL, updated_at = now()
    FROM published_posts pp
    WHERE pp.suggested_post_id = sp.id
      AND sp.status IN ('scheduled', 'needs_attention', 'failed', 'missed')`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE suggested_posts DROP CONSTRAINT IF EXISTS suggested_posts_scheduled_unclaimed`.execute(
    db,
  );
  await db.schema.alterTable('suggested_posts').dropColumn('claim_token').execute();
}
