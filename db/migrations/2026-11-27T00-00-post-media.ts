// Images on posts (issue 15; docs/media.md).
//
// `post_media`: up to four images per post, ordered by `position` (0..3). The unique
// (post_id, position) is DEFERRABLE INITIALLY DEFERRED so a reorder can swap positions in one
// transaction. The bytes live in the media storage (local disk or S3) under `storage_key` (the
// processed image, EXIF stripped) and `thumb_key` (a 320 px WebP); the row is the only reference.
//
// `media_garbage`: storage keys to delete. A trigger adds both keys of every deleted post_media row,
// so a post, theme or user deleted by any statement (cascades included) queues its files in the
// same transaction; the sweeper deletes the files after the commit and then the rows. An upload
// reserves its keys here first (not_before = later), so a crash between writing the files and the
// row leaves nothing behind for long. The sweeper never deletes a key a post_media row still holds.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_media')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('suggested_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull().check(sql`position BETWEEN 0 AND 3`))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('thumb_key', 'text', (c) => c.notNull().unique())
    .addColumn('mime_type', 'text', (c) =>
      c.notNull().check(sql`mime_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')`),
    )
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes > 0`))
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(alt_text) <= 1000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('post_media_post_position_key', ['post_id', 'position'], (c) =>
      c.deferrable().initiallyDeferred(),
    )
    .execute();
  await db.schema.createIndex('post_media_user_idx').on('post_media').column('user_id').execute();

  await db.schema
    .createTable('media_garbage')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('not_before', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('media_garbage_not_before_idx')
    .on('media_garbage')
    .column('not_before')
    .execute();

  await sql`
    CREATE FUNCTION post_media_to_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_garbage (storage_key) VALUES (OLD.storage_key), (OLD.thumb_key)
        ON CONFLICT (storage_key) DO UPDATE SET not_before = LEAST(media_garbage.not_before, now());
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER post_media_deleted AFTER DELETE ON post_media
      FOR EACH ROW EXECUTE FUNCTION post_media_to_garbage()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS post_media_deleted ON post_media`.execute(db);
  await sql`DROP FUNCTION IF EXISTS post_media_to_garbage()`.execute(db);
  await db.schema.dropTable('media_garbage').ifExists().execute();
  await db.schema.dropTable('post_media').ifExists().execute();
}
