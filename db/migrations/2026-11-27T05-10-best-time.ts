// Best time to post (issue 17 item 4; docs/best-time.md).
//
// - `themes.use_best_time`: new posts of the theme go out at each network's best hour on their
//   day instead of 10:00. Off by default, so every theme keeps the spec's 10:00.
// - A covering index for the best-time aggregate: one user's published posts in a date range
//   with the columns the model reads, so the query is an index-only scan of that user's rows.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('themes')
    .addColumn('use_best_time', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`CREATE INDEX published_posts_best_time_idx ON published_posts (user_id, published_at) INCLUDE (platform, engagement_rate, likes_count, comments_count)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS published_posts_best_time_idx`.execute(db);
  await db.schema.alterTable('themes').dropColumn('use_best_time').execute();
}
