// The carousels migration (2026-11-30T06-30-carousels) on PGlite and PostgreSQL: one carousel per
// post, the format and slide count are checked, deleting the post queues its slide images in
// media_garbage (the trigger), post_media takes positions up to 9, and down() then up() again.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { createUser } from './repositories/users.repository.js';
import type { Database, StoredCarouselSlide } from './schema.js';

const NAME = '2026-11-30T06-30-carousels';

async function check(db: Kysely<Database>) {
  const user = await createUser(db, {
    email: `carrossel-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await db
    .insertInto('themes')
    .values({ user_id: user.id, name: 'Tema', description: 'd', social_networks: ['instagram'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const newPost = () =>
    db
      .insertInto('suggested_posts')
      .values({ theme_id: theme.id, user_id: user.id, title: 't', content: 'c', platform: 'instagram' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const post = await newPost();
  const slide = (n: number): StoredCarouselSlide => ({
    id: randomUUID(),
    kind: 'content',
    title: `Slide ${n}`,
    body: '',
    image: {
      key: `posts/${user.id}/${post.id}/k${n}.png`,
      thumb_key: `posts/${user.id}/${post.id}/k${n}-thumb.webp`,
      width: 1080,
      height: 1350,
      size_bytes: 1,
    },
  });
  const insert = (postId: string, slides: StoredCarouselSlide[], format = 'portrait') =>
    db
      .insertInto('carousels')
      .values({
        workspace_id: user.id,
        post_id: postId,
        format: format as 'portrait',
        slides: JSON.stringify(slides),
      })
      .execute();

  await insert(post.id, [slide(1), { ...slide(2), image: null }]);
  await expect(insert(post.id, [slide(3)])).rejects.toThrow(); // one per post
  const other = await newPost();
  await expect(insert(other.id, [slide(1)], 'landscape')).rejects.toThrow();
  await expect(
    insert(
      other.id,
      Array.from({ length: 11 }, (_, i) => slide(i)),
    ),
  ).rejects.toThrow();

  // post_media now takes a tenth image (position 9), not an eleventh.
  const media = (position: number) =>
    db
      .insertInto('post_media')
      .values({
        id: randomUUID(),
        post_id: other.id,
        user_id: user.id,
        position,
        storage_key: `posts/${user.id}/${other.id}/${randomUUID()}.jpg`,
        thumb_key: `posts/${user.id}/${other.id}/${randomUUID()}-thumb.webp`,
        mime_type: 'image/jpeg',
        width: 1080,
        height: 1350,
        size_bytes: 1,
      })
      .execute();
  await media(9);
  await expect(media(10)).rejects.toThrow();

  await downAndUp(db, NAME, async () => {
    await expect(db.selectFrom('carousels').select('id').execute()).rejects.toThrow();
  });
  // After down() and up() again, a carousel is stored again and its post's deletion queues its files.
  await insert(post.id, [slide(1), { ...slide(2), image: null }]);
  await db.deleteFrom('suggested_posts').where('id', '=', post.id).execute();
  const queued = await db
    .selectFrom('media_garbage')
    .select('storage_key')
    .where('storage_key', 'like', `posts/${user.id}/${post.id}/%`)
    .orderBy('storage_key')
    .execute();
  expect(queued.map((q) => q.storage_key)).toEqual([
    `posts/${user.id}/${post.id}/k1-thumb.webp`,
    `posts/${user.id}/${post.id}/k1.png`,
  ]);
  expect(await db.selectFrom('carousels').select('id').execute()).toEqual([]);
}

describeMigration(`migration ${NAME}`, check);
