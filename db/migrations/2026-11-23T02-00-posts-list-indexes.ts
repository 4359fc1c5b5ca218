// Indexes for the dashboard and Posts Publicados (issue: scheduled posts, calendar, published
// posts and dashboard). Frozen in time: never edit once shipped; add a new migration.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  // Dashboard counts (scheduled / failed / needs_attention / missed) as an index-only scan, and
  // the upcoming-weeks chart (status 'scheduled' by date), without reading the published history.
  await sql`CREATE INDEX suggested_posts_user_status_idx ON suggested_posts (user_id, status, scheduled_for) WHERE status IN ('scheduled','failed','needs_attention','missed')`.execute(
    db,
  );
  // Posts Publicados pages by (published_at, id) descending: the keyset needs the id tie-breaker.
  await sql`CREATE INDEX published_posts_user_published_id_idx ON published_posts (user_id, published_at DESC, id DESC)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('published_posts_user_published_id_idx').ifExists().execute();
  await db.schema.dropIndex('suggested_posts_user_status_idx').ifExists().execute();
}
