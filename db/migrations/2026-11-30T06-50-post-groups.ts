// Post groups (issue 30 item 1; docs/composer.md): the posts the composer ("Novo post") wrote once
// for several networks share a `group_id`, so Editar Post can show the other networks' versions.
//
// - `suggested_posts.group_id`: NULL for a post written alone (every existing post, the AI's drafts,
//   the CSV import); the same random uuid for every post of one composer save. No table of its own:
//   a group is nothing but its posts, and it ends when its last post is deleted.
// - An index on (workspace_id, group_id) for the siblings of one post (workspace-scoped reads).
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE suggested_posts ADD COLUMN group_id uuid`.execute(db);
  await sql`
    CREATE INDEX suggested_posts_group_idx ON suggested_posts (workspace_id, group_id)
      WHERE group_id IS NOT NULL`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS suggested_posts_group_idx`.execute(db);
  await sql`ALTER TABLE suggested_posts DROP COLUMN IF EXISTS group_id`.execute(db);
}
