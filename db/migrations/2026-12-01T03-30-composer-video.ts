// Video in "Novo post" (issue 30 item 1; docs/composer.md, docs/media.md "Vídeo no Novo post").
// The composer writes its posts in one call, so its video — like its images — must exist before
// any post does. The smallest change to the existing upload:
//
// - `video_uploads.post_id` may be NULL: a resumable (tus) upload of the composer, bound to the
//   workspace and its user only (`POST /api/composer/video`); HEAD, PATCH and DELETE are the same.
//   Its bytes end at `uploads/<workspace>/<id>.mp4|mov`.
// - `composer_media` takes a video row (`kind = 'video'`): the finished upload, with what the probe
//   read (`video_facts`, the VideoFacts of core) and no thumbnail (`thumb_key` NULL). The composer's
//   save copies its bytes to each post's own key and deletes the row in the posts' transaction; a
//   cancelled composer or the sweeper's expiry delete it too. The trigger now queues every non-null
//   key of a deleted row.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE video_uploads ALTER COLUMN post_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE composer_media
    ADD COLUMN kind text NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'video')),
    ADD COLUMN video_facts jsonb,
    ALTER COLUMN thumb_key DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE composer_media DROP CONSTRAINT IF EXISTS composer_media_mime_type_check`.execute(db);
  await sql`ALTER TABLE composer_media ADD CONSTRAINT composer_media_kind_shape_check CHECK (
    CASE kind
      WHEN 'image' THEN thumb_key IS NOT NULL AND video_facts IS NULL
        AND mime_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')
      ELSE thumb_key IS NULL AND video_facts IS NOT NULL AND mime_type IN ('video/mp4', 'video/quicktime')
    END)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION composer_media_queue_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_garbage (storage_key)
        SELECT k FROM unnest(ARRAY[OLD.storage_key, OLD.thumb_key]) AS k WHERE k IS NOT NULL
        ON CONFLICT (storage_key) DO UPDATE SET not_before = LEAST(media_garbage.not_before, now());
      RETURN NULL;
    END $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  // The older schema describes neither: their rows go (the triggers queue their files).
  await sql`DELETE FROM composer_media WHERE kind = 'video'`.execute(db);
  await sql`DELETE FROM video_uploads WHERE post_id IS NULL`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION composer_media_queue_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_garbage (storage_key) VALUES (OLD.storage_key), (OLD.thumb_key)
        ON CONFLICT (storage_key) DO UPDATE SET not_before = LEAST(media_garbage.not_before, now());
      RETURN NULL;
    END $$`.execute(db);
  await sql`ALTER TABLE composer_media DROP CONSTRAINT IF EXISTS composer_media_kind_shape_check`.execute(db);
  await sql`ALTER TABLE composer_media ADD CONSTRAINT composer_media_mime_type_check
    CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif'))`.execute(db);
  await sql`ALTER TABLE composer_media
    ALTER COLUMN thumb_key SET NOT NULL, DROP COLUMN video_facts, DROP COLUMN kind`.execute(db);
  await sql`ALTER TABLE video_uploads ALTER COLUMN post_id SET NOT NULL`.execute(db);
}
