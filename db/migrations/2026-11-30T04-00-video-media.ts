// Video on a post (issue 26; docs/media.md "Vídeo").
//
// `post_media` takes a video row besides images: `kind` ('image' | 'video'), what the probe read
// (duration, rotation, container, codecs, frame rate, bitrate, audio) and the cover (`cover_key`,
// an image stored like an upload, with its thumbnail in `thumb_key`, and/or `cover_time_seconds`,
// the frame the person chose). A video has no thumbnail until it has a cover, so `thumb_key` may be
// NULL for a video (never for an image). One video per post (a partial unique index); a post with a
// video has no images (checked under the post's lock by the repository).
//
// `video_uploads`: one resumable (tus) upload in progress. Its bytes go straight to the storage
// (a staging file on the local disk, an S3 multipart upload); the row keeps the offset, the S3
// parts and a short lease (`locked_until`) so one PATCH at a time writes, across web processes.
// An upload not finished by `expires_at` is aborted by the sweeper.
//
// The garbage trigger now queues every non-null key of a deleted row (storage, thumbnail, cover).
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE post_media
    ADD COLUMN kind text NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'video')),
    ADD COLUMN duration_seconds double precision CHECK (duration_seconds > 0),
    ADD COLUMN rotation smallint CHECK (rotation IN (0, 90, 180, 270)),
    ADD COLUMN container text CHECK (container IN ('mp4', 'mov')),
    ADD COLUMN video_codec text,
    ADD COLUMN video_codec_string text,
    ADD COLUMN frame_rate double precision,
    ADD COLUMN bitrate bigint,
    ADD COLUMN audio jsonb,
    ADD COLUMN cover_key text UNIQUE,
    ADD COLUMN cover_time_seconds double precision CHECK (cover_time_seconds >= 0)`.execute(db);
  await sql`ALTER TABLE post_media ALTER COLUMN thumb_key DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE post_media DROP CONSTRAINT IF EXISTS post_media_mime_type_check`.execute(db);
  await sql`ALTER TABLE post_media ADD CONSTRAINT post_media_mime_type_check CHECK (mime_type IN
    ('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4', 'video/quicktime'))`.execute(db);
  await sql`ALTER TABLE post_media ADD CONSTRAINT post_media_kind_shape_check CHECK (
    CASE kind
      WHEN 'image' THEN thumb_key IS NOT NULL AND mime_type LIKE 'image/%' AND duration_seconds IS NULL
        AND cover_key IS NULL AND cover_time_seconds IS NULL
      ELSE mime_type LIKE 'video/%' AND duration_seconds IS NOT NULL AND video_codec IS NOT NULL
        AND container IS NOT NULL AND position = 0
    END)`.execute(db);
  await sql`CREATE UNIQUE INDEX post_media_one_video ON post_media (post_id) WHERE kind = 'video'`.execute(
    db,
  );

  await sql`
    CREATE OR REPLACE FUNCTION post_media_to_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_garbage (storage_key)
        SELECT k FROM unnest(ARRAY[OLD.storage_key, OLD.thumb_key, OLD.cover_key]) AS k WHERE k IS NOT NULL
        ON CONFLICT (storage_key) DO UPDATE SET not_before = LEAST(media_garbage.not_before, now());
      RETURN NULL;
    END $$`.execute(db);

  await db.schema
    .createTable('video_uploads')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('suggested_posts.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('staging_key', 'text', (c) => c.notNull().unique())
    .addColumn('upload_length', 'bigint', (c) => c.notNull().check(sql`upload_length > 0`))
    .addColumn('upload_offset', 'bigint', (c) =>
      c.notNull().defaultTo(0).check(sql`upload_offset >= 0 AND upload_offset <= upload_length`),
    )
    .addColumn('s3_upload_id', 'text')
    .addColumn('s3_parts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('tail_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('receiving').check(sql`state IN ('receiving', 'done', 'rejected')`),
    )
    .addColumn('rejection', 'jsonb')
    .addColumn('lock_token', 'uuid')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('video_uploads_expires_idx').on('video_uploads').column('expires_at').execute();
  await db.schema.createIndex('video_uploads_post_idx').on('video_uploads').column('post_id').execute();
  // An upload row deleted in any way (its post, workspace or user deleted, or the sweeper) queues
  // its staging object for the sweeper (an S3 multipart upload left open is aborted by the sweeper
  // when it is the one deleting the row; docs/media.md asks for the bucket's lifecycle rule too).
  await sql`
    CREATE FUNCTION video_upload_to_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_garbage (storage_key) VALUES (OLD.staging_key)
        ON CONFLICT (storage_key) DO UPDATE SET not_before = LEAST(media_garbage.not_before, now());
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER video_upload_deleted AFTER DELETE ON video_uploads
      FOR EACH ROW EXECUTE FUNCTION video_upload_to_garbage()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS video_upload_deleted ON video_uploads`.execute(db);
  await sql`DROP FUNCTION IF EXISTS video_upload_to_garbage()`.execute(db);
  await db.schema.dropTable('video_uploads').ifExists().execute();
  // Videos cannot be described by the older schema: their rows go (the trigger queues their files).
  await sql`DELETE FROM post_media WHERE kind = 'video'`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION post_media_to_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_garbage (storage_key) VALUES (OLD.storage_key), (OLD.thumb_key)
        ON CONFLICT (storage_key) DO UPDATE SET not_before = LEAST(media_garbage.not_before, now());
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP INDEX IF EXISTS post_media_one_video`.execute(db);
  await sql`ALTER TABLE post_media DROP CONSTRAINT IF EXISTS post_media_kind_shape_check`.execute(db);
  await sql`ALTER TABLE post_media DROP CONSTRAINT IF EXISTS post_media_mime_type_check`.execute(db);
  await sql`ALTER TABLE post_media ADD CONSTRAINT post_media_mime_type_check CHECK (mime_type IN
    ('image/jpeg', 'image/png', 'image/webp', 'image/gif'))`.execute(db);
  await sql`ALTER TABLE post_media ALTER COLUMN thumb_key SET NOT NULL`.execute(db);
  await sql`ALTER TABLE post_media
    DROP COLUMN cover_time_seconds, DROP COLUMN cover_key, DROP COLUMN audio, DROP COLUMN bitrate,
    DROP COLUMN frame_rate, DROP COLUMN video_codec_string, DROP COLUMN video_codec, DROP COLUMN container,
    DROP COLUMN rotation, DROP COLUMN duration_seconds, DROP COLUMN kind`.execute(db);
}
