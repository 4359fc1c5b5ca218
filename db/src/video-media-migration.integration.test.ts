// The video migration (2026-11-30T04-00-video-media) on PGlite and PostgreSQL: a video row beside
// the image rows (its own shape checked), one video per post, a cover and thumbnail, every key of a
// deleted row queued (a video without a thumbnail included), the upload rows and their staging key
// queued when their post goes, and down() then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T04-00-video-media';

async function check(db: Kysely<Database>) {
  const user = await createUser(db, {
    email: `video-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await db
    .insertInto('themes')
    .values({
      user_id: user.id,
      name: 'Tema',
      description: 'd',
      social_networks: ['x'],
      color_palette: 'green',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const newPost = async () =>
    (
      await db
        .insertInto('suggested_posts')
        .values({
          theme_id: theme.id,
          user_id: user.id,
          title: 'Post',
          content: 'Texto',
          platform: 'x',
          scheduled_for: new Date(Date.now() + 86_400_000),
          status: 'scheduled',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const postId = await newPost();
  const key = (name: string) => `posts/${user.id}/${postId}/${name}`;
  const videoId = randomUUID();
  const video = {
    id: videoId,
    post_id: postId,
    user_id: user.id,
    position: 0,
    kind: 'video' as const,
    storage_key: key(`${videoId}.mp4`),
    thumb_key: null,
    mime_type: 'video/mp4' as const,
    width: 1080,
    height: 1920,
    size_bytes: 123_456,
    duration_seconds: 30,
    rotation: 0 as const,
    container: 'mp4' as const,
    video_codec: 'avc',
    video_codec_string: 'avc1.640028',
    frame_rate: 30,
    bitrate: 32_921,
    audio: JSON.stringify({ codec: 'aac', sampleRate: 48_000, channels: 2 }),
    cover_key: null,
    cover_time_seconds: null,
  };
  const row = await db.insertInto('post_media').values(video).returningAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({ kind: 'video', thumb_key: null, duration_seconds: 30, rotation: 0 });
  expect(row.audio).toEqual({ codec: 'aac', sampleRate: 48_000, channels: 2 });
  // An image row is still an image by default, and must keep its thumbnail.
  const imageId = randomUUID();
  const otherPost = await newPost();
  await db
    .insertInto('post_media')
    .values({
      id: imageId,
      post_id: otherPost,
      user_id: user.id,
      position: 0,
      storage_key: `posts/${user.id}/${otherPost}/${imageId}.jpg`,
      thumb_key: `posts/${user.id}/${otherPost}/${imageId}-thumb.webp`,
      mime_type: 'image/jpeg',
      width: 10,
      height: 10,
      size_bytes: 10,
    } as never)
    .execute();
  expect(
    (await db.selectFrom('post_media').select('kind').where('id', '=', imageId).executeTakeFirstOrThrow())
      .kind,
  ).toBe('image');
  await expect(
    db
      .insertInto('post_media')
      .values({
        ...video,
        id: randomUUID(),
        post_id: otherPost,
        position: 1,
        kind: 'image',
        storage_key: 'x1',
      })
      .execute(),
  ).rejects.toThrow();
  // One video per post.
  await expect(
    db
      .insertInto('post_media')
      .values({ ...video, id: randomUUID(), storage_key: key('other.mp4') })
      .execute(),
  ).rejects.toThrow();
  // A video without its probe facts is refused.
  await expect(
    db
      .insertInto('post_media')
      .values({
        ...video,
        id: randomUUID(),
        post_id: otherPost,
        position: 1,
        storage_key: 'x2',
        video_codec: null,
      })
      .execute(),
  ).rejects.toThrow();

  // A cover, then the row deleted: every non-null key is queued.
  await db
    .updateTable('post_media')
    .set({ cover_key: key('c.jpg'), thumb_key: key('c-thumb.webp'), cover_time_seconds: 2.5 })
    .where('id', '=', videoId)
    .execute();
  await db.deleteFrom('post_media').where('id', '=', videoId).execute();
  const queued = await db
    .selectFrom('media_garbage')
    .select('storage_key')
    .where('storage_key', 'like', `posts/${user.id}/${postId}/%`)
    .execute();
  expect(queued.map((r) => r.storage_key).sort()).toEqual(
    [key(`${videoId}.mp4`), key('c-thumb.webp'), key('c.jpg')].sort(),
  );
  // A video without a thumbnail deleted: no NULL key (the primary key would refuse it).
  await db.insertInto('post_media').values(video).execute();
  await db.deleteFrom('post_media').where('id', '=', videoId).execute();

  // An upload row: its staging key queued when its post is deleted.
  const uploadId = randomUUID();
  await db
    .insertInto('video_uploads')
    .values({
      id: uploadId,
      workspace_id: user.id,
      user_id: user.id,
      post_id: postId,
      storage_key: key(`${uploadId}.mp4`),
      staging_key: `uploads/${user.id}/${uploadId}.part`,
      upload_length: 2_000_000_000,
      expires_at: new Date(Date.now() + 60_000),
    })
    .execute();
  const upload = await db
    .selectFrom('video_uploads')
    .selectAll()
    .where('id', '=', uploadId)
    .executeTakeFirstOrThrow();
  expect(Number(upload.upload_length)).toBe(2_000_000_000);
  expect(upload).toMatchObject({ state: 'receiving', s3_parts: [], tail_bytes: 0 });
  await expect(
    db
      .updateTable('video_uploads')
      .set({ upload_offset: 2_000_000_001 })
      .where('id', '=', uploadId)
      .execute(),
  ).rejects.toThrow();
  await db.deleteFrom('suggested_posts').where('id', '=', postId).execute();
  expect(
    await db
      .selectFrom('media_garbage')
      .select('storage_key')
      .where('storage_key', '=', `uploads/${user.id}/${uploadId}.part`)
      .execute(),
  ).toHaveLength(1);

  await downAndUp(db, NAME, async () => {
    // Down: the image row is as before; the upload table is gone.
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'post_media'`.execute(db);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('kind');
    const table = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'video_uploads'`.execute(
      db,
    );
    expect(table.rows[0]?.n).toBe(0);
  });
  expect(
    (await db.selectFrom('post_media').select('kind').where('id', '=', imageId).executeTakeFirstOrThrow())
      .kind,
  ).toBe('image');
}

describeMigration('video media migration', check);
