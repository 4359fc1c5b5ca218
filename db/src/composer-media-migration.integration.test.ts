// The composer-media migration (2026-11-30T07-10-composer-media) on PGlite and PostgreSQL: an upload
// of "Novo post" is recorded once per id in its workspace, read only there, and a deleted row
// (discarded, expired or consumed by insertPostGroup) queues both files; down() then up() again.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import {
  deleteComposerMedia,
  expireComposerMedia,
  findComposerMedia,
  insertComposerMedia,
} from './repositories/composer-media.repository.js';
import { insertPostGroup } from './repositories/post-groups.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T07-10-composer-media';

async function check(db: Kysely<Database>) {
  const ana = await createUser(db, {
    email: `composer-midia-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await insertTheme(db, ana.id, {
    name: 'Doces',
    description: 'Bolos caseiros',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['linkedin', 'x'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const workspaceId = theme.workspace_id;
  const upload = (id: string) => ({
    id,
    workspace_id: workspaceId,
    user_id: ana.id,
    storage_key: `uploads/${workspaceId}/${id}.jpg`,
    thumb_key: `uploads/${workspaceId}/${id}-thumb.webp`,
    mime_type: 'image/jpeg' as const,
    width: 800,
    height: 600,
    size_bytes: 1234,
  });
  const keep = randomUUID();
  const drop = randomUUID();
  const consume = randomUUID();
  expect(await insertComposerMedia(db, upload(keep))).toMatchObject({ created: true });
  expect(await insertComposerMedia(db, upload(keep))).toMatchObject({ created: false });
  expect(await insertComposerMedia(db, { ...upload(keep), user_id: randomUUID() })).toEqual({
    refused: 'ID_TAKEN',
  });
  await insertComposerMedia(db, upload(drop));
  await insertComposerMedia(db, upload(consume));
  expect((await findComposerMedia(db, workspaceId, [keep, drop])).map((r) => r.id).sort()).toEqual(
    [keep, drop].sort(),
  );
  expect(await findComposerMedia(db, randomUUID(), [keep])).toEqual([]);
  // Another workspace's delete changes nothing; the owner's queues both files.
  expect(await deleteComposerMedia(db, randomUUID(), [drop])).toBe(0);
  expect(await deleteComposerMedia(db, workspaceId, [drop])).toBe(1);
  const garbage = async () =>
    (await db.selectFrom('media_garbage').select('storage_key').orderBy('storage_key').execute()).map(
      (r) => r.storage_key,
    );
  expect(await garbage()).toEqual([
    `uploads/${workspaceId}/${drop}-thumb.webp`,
    `uploads/${workspaceId}/${drop}.jpg`,
  ]);
  // The composer's save consumes its uploads in the posts' transaction.
  const postId = randomUUID();
  await insertPostGroup(db, {
    workspaceId,
    userId: ana.id,
    themeId: theme.id,
    groupId: randomUUID(),
    title: 'Bolo',
    scheduledFor: new Date(Date.now() + 86_400_000),
    posts: [
      {
        id: postId,
        platform: 'linkedin',
        content: 'Bolo de fubá',
        networkOptions: {},
        media: [
          {
            id: randomUUID(),
            storageKey: `posts/${workspaceId}/${postId}/${randomUUID()}.jpg`,
            thumbKey: `posts/${workspaceId}/${postId}/${randomUUID()}-thumb.webp`,
            mimeType: 'image/jpeg',
            width: 800,
            height: 600,
            sizeBytes: 1234,
            altText: 'Bolo',
          },
        ],
      },
    ],
    consumeComposerMedia: [consume],
  });
  expect((await findComposerMedia(db, workspaceId, [consume, keep])).map((r) => r.id)).toEqual([keep]);
  expect(await db.selectFrom('post_media').select(['post_id', 'alt_text']).execute()).toEqual([
    { post_id: postId, alt_text: 'Bolo' },
  ]);
  // Nothing is old enough to expire yet.
  expect(await expireComposerMedia(db, 3_600_000)).toBe(0);

  await downAndUp(db, NAME, async () => {
    await expect(db.selectFrom('composer_media').select('id').execute()).rejects.toThrow();
  });
  expect(await db.selectFrom('composer_media').select('id').execute()).toEqual([]);
}

describeMigration(`migration ${NAME}`, check);
