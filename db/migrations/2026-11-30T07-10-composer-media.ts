// Images of "Novo post" before its save (issue 30 item 1; docs/composer.md). The composer writes one
// post per network in one call, so its images cannot wait on a post: they are uploaded to the
// workspace first and become each network's post_media rows inside the composer's save.
//
// - `composer_media`: an uploaded, checked, EXIF-free image not yet on a post (id = the upload's
//   Idempotency-Key), in its workspace (ON DELETE CASCADE with the workspace and the uploader).
//   Keys `uploads/<workspace>/<id>.<ext>` and `…-thumb.webp`.
// - A trigger queues both keys of every deleted row in media_garbage, in the same transaction:
//   the composer's save (which re-encodes the bytes for each network into the posts' own keys),
//   a cancelled composer (media.discardComposer) and the sweeper's expiry of rows a closed browser
//   left behind.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE composer_media (
      id uuid PRIMARY KEY,
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      storage_key text NOT NULL UNIQUE,
      thumb_key text NOT NULL UNIQUE,
      mime_type text NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      size_bytes integer NOT NULL CHECK (size_bytes > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX composer_media_workspace_idx ON composer_media (workspace_id)`.execute(db);
  await sql`CREATE INDEX composer_media_created_idx ON composer_media (created_at)`.execute(db);
  await sql`
    CREATE FUNCTION composer_media_queue_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_garbage (storage_key) VALUES (OLD.storage_key), (OLD.thumb_key)
        ON CONFLICT (storage_key) DO UPDATE SET not_before = LEAST(media_garbage.not_before, now());
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER composer_media_queue_garbage AFTER DELETE ON composer_media
    FOR EACH ROW EXECUTE FUNCTION composer_media_queue_garbage()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS composer_media`.execute(db);
  await sql`DROP FUNCTION IF EXISTS composer_media_queue_garbage()`.execute(db);
}
