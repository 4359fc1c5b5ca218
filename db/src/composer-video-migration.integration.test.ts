// The composer-video migration (2026-12-01T03-30-composer-video) on PGlite and PostgreSQL: a tus
// upload may have no post (the composer's), composer_media takes a video (its facts, no thumbnail)
// beside images with the table keeping each kind's shape, a deleted video row queues its one file,
// insertPostGroup binds a video to its post; down() drops what the older schema cannot describe,
// then up() again.
import { randomUUID } from 'node:crypto';
import type { VideoFacts } from '@pauta/core';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import {
  deleteComposerMedia,
  findComposerMedia,
  insertComposerMedia,
} from './repositories/composer-media.repository.js';
import { insertPostGroup } from './repositories/post-groups.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import { createVideoUpload, findVideoUpload } from './repositories/video-uploads.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-12-01T03-30-composer-video';

const FACTS: VideoFacts = {
  container: 'mp4',
  sizeBytes: 5_000_000,
  durationSeconds: 12,
  width: 1080,
  height: 1920,
  rotation: 0,
  videoCodec: 'avc',
  videoCodecString: 'avc1.640028',
  frameRate: 30,
  constantFrameRate: true,
  bitrate: 3_333_333,
  audio: { codec: 'aac', sampleRate: 48_000, channels: 2 },
};

async function check(db: Kysely<Database>) {
  const ana = await createUser(db, {
    email: `composer-video-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await insertTheme(db, ana.id, {
    name: 'Vídeos',
    description: 'Receitas em vídeo',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['youtube', 'linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const workspaceId = theme.workspace_id;
  const id = randomUUID();
  const key = `uploads/${workspaceId}/${id}.mp4`;

  // The composer's tus upload: no post.
  const created = await createVideoUpload(db, {
    id,
    workspaceId,
    userId: ana.id,
    postId: null,
    state: {
      finalKey: key,
      stagingKey: `uploads/${workspaceId}/${id}.part`,
      length: FACTS.sizeBytes,
      offset: 0,
      s3UploadId: null,
      parts: [],
      tailBytes: 0,
    },
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  expect(created).toMatchObject({ created: true, row: { post_id: null } });
  expect((await findVideoUpload(db, workspaceId, id))?.post_id).toBeNull();

  const video = {
    id,
    workspace_id: workspaceId,
    user_id: ana.id,
    kind: 'video' as const,
    storage_key: key,
    thumb_key: null,
    mime_type: 'video/mp4' as const,
    width: FACTS.width,
    height: FACTS.height,
    size_bytes: FACTS.sizeBytes,
    video_facts: FACTS,
  };
  expect(await insertComposerMedia(db, video)).toMatchObject({ created: true });
  expect(await insertComposerMedia(db, video)).toMatchObject({ created: false });
  const [row] = await findComposerMedia(db, workspaceId, [id]);
  expect(row).toMatchObject({ kind: 'video', thumb_key: null, video_facts: FACTS });
  // The table keeps each kind's shape: an image without a thumbnail, a video with image bytes.
  await expect(
    db
      .insertInto('composer_media')
      .values({
        ...video,
        id: randomUUID(),
        storage_key: `uploads/${workspaceId}/${randomUUID()}.mp4`,
        video_facts: null,
      })
      .execute(),
  ).rejects.toThrow();
  await expect(
    db
      .insertInto('composer_media')
      .values({
        ...video,
        id: randomUUID(),
        kind: 'image',
        storage_key: `uploads/${workspaceId}/${randomUUID()}.jpg`,
        mime_type: 'image/jpeg',
        video_facts: null,
      })
      .execute(),
  ).rejects.toThrow();

  // A discarded video queues its one file.
  const dropped = randomUUID();
  await insertComposerMedia(db, {
    ...video,
    id: dropped,
    storage_key: `uploads/${workspaceId}/${dropped}.mp4`,
  });
  expect(await deleteComposerMedia(db, workspaceId, [dropped])).toBe(1);
  expect(
    (await db.selectFrom('media_garbage').select('storage_key').execute()).map((r) => r.storage_key),
  ).toEqual([`uploads/${workspaceId}/${dropped}.mp4`]);

  // The save binds a copy to the post and consumes the upload in the same transaction.
  const postId = randomUUID();
  const copyKey = `posts/${workspaceId}/${postId}/${randomUUID()}.mp4`;
  await insertPostGroup(db, {
    workspaceId,
    userId: ana.id,
    themeId: theme.id,
    groupId: randomUUID(),
    title: 'Receita',
    scheduledFor: new Date(Date.now() + 86_400_000),
    posts: [
      {
        id: postId,
        platform: 'youtube',
        content: 'Bolo em 12 segundos',
        networkOptions: { privacy: 'public', madeForKids: false },
        video: { id: randomUUID(), storageKey: copyKey, facts: FACTS },
      },
    ],
    consumeComposerMedia: [id],
  });
  expect(
    await db
      .selectFrom('post_media')
      .select(['post_id', 'kind', 'storage_key', 'duration_seconds', 'thumb_key', 'position'])
      .execute(),
  ).toEqual([
    {
      post_id: postId,
      kind: 'video',
      storage_key: copyKey,
      duration_seconds: 12,
      thumb_key: null,
      position: 0,
    },
  ]);
  expect(await findComposerMedia(db, workspaceId, [id])).toEqual([]);

  const pendingVideo = randomUUID();
  await insertComposerMedia(db, {
    ...video,
    id: pendingVideo,
    storage_key: `uploads/${workspaceId}/${pendingVideo}.mp4`,
  });
  await downAndUp(db, NAME, async () => {
    // The older schema has neither: the composer's videos and post-less uploads are gone.
    expect(
      await db.selectFrom('composer_media').select('id').where('id', '=', pendingVideo).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('video_uploads').select('id').where('id', '=', id).execute()).toEqual([]);
  });
  expect(await findComposerMedia(db, workspaceId, [pendingVideo])).toEqual([]);
}

describeMigration(`migration ${NAME}`, check);
