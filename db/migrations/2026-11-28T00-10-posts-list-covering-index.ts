// Posts Agendados in one statement (issue 12; docs/performance.md): the header's counts read the
// caller's whole filtered list. With only (user_id, scheduled_for, id) in the index, each count
// visited every row in the table (10,000 posts: ~420 pages, ~12 ms); with the filter columns
// carried in the index (INCLUDE), the count is an index-only scan. Same name, same key and
// predicate: the page's ordering and every plan that used the index stay as they were.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX suggested_posts_user_scheduled_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_user_scheduled_idx ON suggested_posts (user_id, scheduled_for, id)
    INCLUDE (status, theme_id, platform, created_at) WHERE scheduled_for IS NOT NULL`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX suggested_posts_user_scheduled_idx`.execute(db);
  await sql`CREATE INDEX suggested_posts_user_scheduled_idx ON suggested_posts (user_id, scheduled_for, id) WHERE scheduled_for IS NOT NULL`.execute(
    db,
  );
}
