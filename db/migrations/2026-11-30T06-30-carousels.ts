// Issue 30 item 8 (docs/carousel.md): AI carousels — a post's draft carousel and the images of its
// slides, rendered on the server (satori + resvg) and put on the post as its images on request.
//
// - `carousels`: one per post (unique post_id, ON DELETE CASCADE with the post, its workspace's),
//   `format` portrait (1080 × 1350) or square (1080 × 1080), `slides` a JSON array of
//   { id, kind, title, body, image: { key, thumb_key, width, height, size_bytes } | null } in order,
//   `version` bumped by every change so a render that finishes after an edit cannot overwrite it.
// - Slide images live in the media storage under the post's prefix. A trigger queues the keys of a
//   deleted carousel's images in media_garbage in the same transaction (a post, theme, workspace or
//   user deleted by any statement), as post_media's trigger does for post images.
// - post_media's position check goes from 0..3 to 0..9: a carousel puts up to 10 images on a
//   post (CAROUSEL_MAX_SLIDES; each network's own maxImages still applies). Uploads keep their cap
//   of 4 (MAX_MEDIA_PER_POST, checked by the service).
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE carousels (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      post_id uuid NOT NULL UNIQUE REFERENCES suggested_posts(id) ON DELETE CASCADE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      format text NOT NULL CHECK (format IN ('portrait', 'square')),
      slides jsonb NOT NULL CHECK (jsonb_typeof(slides) = 'array' AND jsonb_array_length(slides) <= 10),
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX carousels_workspace_idx ON carousels (workspace_id)`.execute(db);
  await sql`
    CREATE FUNCTION carousels_queue_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_garbage (storage_key, not_before)
      SELECT k, now() FROM (
        SELECT s -> 'image' ->> 'key' AS k FROM jsonb_array_elements(OLD.slides) s
        UNION ALL
        SELECT s -> 'image' ->> 'thumb_key' FROM jsonb_array_elements(OLD.slides) s
      ) keys
      WHERE k IS NOT NULL
      ON CONFLICT (storage_key) DO UPDATE SET not_before = excluded.not_before;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER carousels_queue_garbage AFTER DELETE ON carousels
    FOR EACH ROW EXECUTE FUNCTION carousels_queue_garbage()`.execute(db);
  await sql`ALTER TABLE post_media DROP CONSTRAINT post_media_position_check`.execute(db);
  await sql`ALTER TABLE post_media ADD CONSTRAINT post_media_position_check CHECK (position BETWEEN 0 AND 9)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS carousels`.execute(db);
  await sql`DROP FUNCTION IF EXISTS carousels_queue_garbage()`.execute(db);
  await sql`ALTER TABLE post_media DROP CONSTRAINT IF EXISTS post_media_position_check`.execute(db);
  await sql`ALTER TABLE post_media ADD CONSTRAINT post_media_position_check CHECK (position BETWEEN 0 AND 3) NOT VALID`.execute(
    db,
  );
}
