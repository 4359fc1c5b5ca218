// Per-network post options (issue 31; docs/post-options.md): what a post chose on its network —
// Google's post type, event or offer and button today, the video networks' privacy next.
//
// - `suggested_posts.network_options`: a JSON object of the network profile's `postOptions` keys,
//   validated by @pauta/networks' validatePostOptions before it is written; `{}` (the default, and
//   every existing post's value) means "nothing chosen: the network's defaults". Always an object.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE suggested_posts
      ADD COLUMN network_options jsonb NOT NULL DEFAULT '{}'
        CONSTRAINT suggested_posts_network_options_object CHECK (jsonb_typeof(network_options) = 'object')`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE suggested_posts DROP COLUMN IF EXISTS network_options`.execute(db);
}
