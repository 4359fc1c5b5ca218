// Posts Agendados over HTTP against real PostgreSQL: filters in the user's zone, keyset pages,
// edits as new versions with their wake-ups, and the owner-only rules (docs/security.md Z2, Z5, C2).

import { randomUUID } from 'node:crypto';
import { mediaRejectionMessage, type Platform, type PostStatus } from '@pauta/core';
import { type DbHandle, saveScheduledPostVersion } from '@pauta/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { TestClient, type TrpcResult } from '../../../test/http-client.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import { encodeCursor } from './post-filters.js';
import type { PostItem } from './posts.service.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
const enqueued: Array<{ posts: WakeUp[]; requestId: string | undefined }> = [];
const fakeQueue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts, requestId) => {
    enqueued.push({ posts, requestId });
    return posts.length;
  },
  cancelPublish: async () => 0,
  queues: () => [],
  close: async () => {},
};

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle, { queue: fakeQueue }));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});
beforeEach(() => {
  enqueued.length = 0;
});

const makeAccount = (timezone?: string) =>
  signedInUser(handle, app.url, { label: 'posts', ...(timezone ? { timezone } : {}) });

const makeTheme = (userId: string, name?: string) => insertTestTheme(handle, userId, name);

interface PostSeed {
  userId: string;
  themeId: string;
  scheduledFor: Date | string | null;
  platform?: Platform;
  status?: PostStatus;
  createdAt?: Date;
  title?: string;
}

async function makePost(seed: PostSeed): Promise<string> {
  const row = await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: seed.userId,
      theme_id: seed.themeId,
      title: seed.title ?? 'Título',
      content: 'Conteúdo do post',
      platform: seed.platform ?? 'linkedin',
      scheduled_for: seed.scheduledFor,
      status: seed.status ?? 'scheduled',
      ...(seed.createdAt ? { created_at: seed.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every column of a user's posts, with the row version (xmin): equal snapshots = untouched rows. */
async function snapshot(userId: string) {
  const rows = await sql<{ id: string; xmin: string; row: string }>`
    SELECT id, xmin::text AS xmin, md5(p::text) AS row FROM suggested_posts p WHERE user_id = ${userId} ORDER BY id`.execute(
    handle.db,
  );
  return rows.rows;
}

const inFuture = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('posts.list filters', () => {
  it('filters by theme, platform, statuses and by local dates in the user zone (inclusive end)', async () => {
    const me = await makeAccount('America/Sao_Paulo');
    const other = await makeAccount();
    const themeA = await makeTheme(me.id, 'A');
    const themeB = await makeTheme(me.id, 'B');
    const foreign = await makeTheme(other.id);
    // Sao Paulo is UTC-3: local 2026-03-10 runs from 03:00Z on the 10th to 02:59:59.999Z on the 11th.
    const beforeDay = await makePost({
      userId: me.id,
      themeId: themeA.id,
      scheduledFor: '2026-03-10T02:59:59.999Z',
    });
    const dayStart = await makePost({
      userId: me.id,
      themeId: themeA.id,
      scheduledFor: '2026-03-10T03:00:00Z',
    });
    const dayEnd = await makePost({
      userId: me.id,
      themeId: themeB.id,
      scheduledFor: '2026-03-11T02:59:59.999Z',
      platform: 'x',
    });
    const afterDay = await makePost({
      userId: me.id,
      themeId: themeB.id,
      scheduledFor: '2026-03-11T03:00:00Z',
    });
    const failed = await makePost({
      userId: me.id,
      themeId: themeB.id,
      scheduledFor: '2026-03-12T12:00:00Z',
      platform: 'x',
      status: 'failed',
    });
    await makePost({ userId: me.id, themeId: themeA.id, scheduledFor: null });
    await makePost({ userId: other.id, themeId: foreign.id, scheduledFor: '2026-03-10T12:00:00Z' });

    type Page = { items: PostItem[]; total: number; nextCursor: string | null };
    const ids = async (filter: Record<string, unknown>) => {
      const res = await me.browser.query<Page>('posts.list', filter);
      expect(res.status).toBe(200);
      expect(res.data!.total).toBe(res.data!.items.length);
      return res.data!.items.map((p) => p.id);
    };

    expect(await ids({})).toEqual([beforeDay, dayStart, dayEnd, afterDay, failed]);
    expect(await ids({ scheduledFrom: '2026-03-10', scheduledTo: '2026-03-10' })).toEqual([dayStart, dayEnd]);
    expect(await ids({ scheduledFrom: '2026-03-11' })).toEqual([afterDay, failed]);
    expect(await ids({ scheduledTo: '2026-03-09' })).toEqual([beforeDay]);
    expect(await ids({ themeId: themeB.id })).toEqual([dayEnd, afterDay, failed]);
    expect(await ids({ platform: 'x' })).toEqual([dayEnd, failed]);
    expect(await ids({ themeId: themeB.id, platform: 'x', scheduledTo: '2026-03-10' })).toEqual([dayEnd]);
    expect(await ids({ statuses: ['failed', 'missed'] })).toEqual([failed]);
    expect(await ids({ themeId: foreign.id })).toEqual([]);
    // A cleared select sends null: no filter.
    expect(await ids({ themeId: null, platform: null })).toHaveLength(5);

    // "N posts agendados" counts only the posts still waiting: not the failed one.
    const scheduledTotal = async (filter: Record<string, unknown>) =>
      (await me.browser.query<{ total: number; scheduledTotal: number }>('posts.list', filter)).data!;
    expect(await scheduledTotal({})).toMatchObject({ total: 5, scheduledTotal: 4 });
    expect(await scheduledTotal({ platform: 'x' })).toMatchObject({ total: 2, scheduledTotal: 1 });
    expect(await scheduledTotal({ statuses: ['failed'] })).toMatchObject({ total: 1, scheduledTotal: 0 });
    expect(await scheduledTotal({ statuses: ['scheduled', 'failed'] })).toMatchObject({
      total: 5,
      scheduledTotal: 4,
    });
    expect(await scheduledTotal({ statuses: ['scheduled'], platform: 'x' })).toMatchObject({
      total: 1,
      scheduledTotal: 1,
    });

    const page = await me.browser.query<Page>('posts.list', {
      scheduledFrom: '2026-03-10',
      scheduledTo: '2026-03-10',
    });
    expect(page.data!.items[0]).toEqual({
      id: dayStart,
      themeId: themeA.id,
      themeName: 'A',
      themeColor: 'green',
      title: 'Título',
      content: 'Conteúdo do post',
      platform: 'linkedin',
      // No LinkedIn account in this workspace: none named (docs/workspaces.md).
      accountId: null,
      postOrder: 0,
      scheduledFor: new Date('2026-03-10T03:00:00Z'),
      createdAt: expect.any(Date),
      isUsed: false,
      status: 'scheduled',
      version: 1,
      attempts: 0,
      lastError: null,
      lastErrorMessage: null,
      updatedAt: expect.any(Date),
      approvalStage: null,
      // Nothing chosen on the network: its defaults (docs/post-options.md).
      networkOptions: {},
      // No first comment (docs/first-comment.md).
      firstComment: null,
      // Not a post flagged "maybe published": nothing to ask the network.
      outcomeCheck: null,
      // No image: no thumbnail, no media kind.
      thumbUrl: null,
      mediaKind: null,
      // Not part of a repetition (docs/recurring-posts.md).
      seriesOccurrence: null,
      // Not holding a slot of the posting queue (docs/posting-queue.md).
      queued: false,
    });
  });

  it('filters by creation date in the user zone', async () => {
    const me = await makeAccount('Asia/Tokyo');
    const theme = await makeTheme(me.id);
    // Tokyo is UTC+9: local 2026-01-05 runs from 2026-01-04T15:00Z to 2026-01-05T14:59:59.999Z.
    const early = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(60),
      createdAt: new Date('2026-01-04T14:59:59.999Z'),
    });
    const inside = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(61),
      createdAt: new Date('2026-01-05T14:59:59.999Z'),
    });
    const late = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(62),
      createdAt: new Date('2026-01-05T15:00:00Z'),
    });
    const res = await me.browser.query<{ items: PostItem[]; total: number }>('posts.list', {
      createdFrom: '2026-01-05',
      createdTo: '2026-01-05',
    });
    expect(res.data!.items.map((p) => p.id)).toEqual([inside]);
    expect(res.data!.total).toBe(1);
    expect([early, late]).not.toContain(res.data!.items[0]!.id);
  });

  it('rejects malformed filters, unknown keys and bad cursors', async () => {
    const me = await makeAccount();
    for (const input of [
      { scheduledFrom: '2026-02-30' },
      { scheduledFrom: '10/03/2026' },
      { platform: 'twitter' },
      { limit: 101 },
      { limit: 0 },
      { themeId: 'not-a-uuid' },
      { userId: me.id },
      { statuses: ['deleted'] },
    ]) {
      const res = await me.browser.query('posts.list', input);
      expect(res.status, JSON.stringify(input)).toBe(400);
    }
    const bad = await me.browser.query('posts.list', { cursor: 'bm90IGEgY3Vyc29y' });
    expect(bad.status).toBe(400);
    expect(bad.error?.details).toEqual({ field: 'cursor' });
    expect((await new TestClient(app.url).query('posts.list', {})).status).toBe(401);
  });
});

describe('posts.list keyset pagination', () => {
  it('walks every post once, in (scheduled_for, id) order, across ties and microseconds', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const times = [
      '2026-05-01T10:00:00.123456Z',
      '2026-05-01T10:00:00.123456Z',
      '2026-05-01T10:00:00.123457Z',
      '2026-05-01T10:00:00.123Z',
      '2026-05-02T10:00:00Z',
      '2026-05-02T10:00:00Z',
      '2026-05-02T10:00:00Z',
    ];
    for (let i = 0; i < 23; i++) {
      await makePost({
        userId: me.id,
        themeId: theme.id,
        scheduledFor: times[i % times.length]!,
        title: `p${i}`,
      });
    }
    const expected = await sql<{ id: string }>`
      SELECT id FROM suggested_posts WHERE user_id = ${me.id} ORDER BY scheduled_for, id`.execute(handle.db);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: TrpcResult<{ items: PostItem[]; nextCursor: string | null; total: number }> =
        await me.browser.query('posts.list', { limit: 5, cursor });
      expect(res.status).toBe(200);
      expect(res.data!.total).toBe(23);
      seen.push(...res.data!.items.map((p) => p.id));
      cursor = res.data!.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(expected.rows.map((r) => r.id));
  });

  it('keeps going after the last row shown was deleted', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(10 + i) }));
    const first = await me.browser.query<{ items: PostItem[]; nextCursor: string }>('posts.list', {
      limit: 2,
    });
    await me.browser.mutate('posts.delete', { id: first.data!.items[1]!.id });
    const second = await me.browser.query<{ items: PostItem[] }>('posts.list', {
      limit: 2,
      cursor: first.data!.nextCursor,
    });
    expect(second.data!.items.map((p) => p.id)).toEqual(ids.slice(2));
  });

  it("never reaches another user's rows through a crafted cursor", async () => {
    const me = await makeAccount();
    const other = await makeAccount();
    const foreign = await makeTheme(other.id);
    await makePost({ userId: other.id, themeId: foreign.id, scheduledFor: inFuture(30) });
    const cursor = encodeCursor({
      time: '1970-01-01T00:00:00.000000Z',
      id: '00000000-0000-0000-0000-000000000000',
    });
    const res = await me.browser.query<{ items: PostItem[]; total: number }>('posts.list', { cursor });
    expect(res.data).toMatchObject({ items: [], total: 0 });
  });
});

describe('posts.calendar', () => {
  it('returns the range [from, to) and refuses ranges over 62 days or reversed', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const inside = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: '2026-06-10T12:00:00Z' });
    await makePost({ userId: me.id, themeId: theme.id, scheduledFor: '2026-07-01T00:00:00Z' });
    const res = await me.browser.query<PostItem[]>('posts.calendar', {
      from: new Date('2026-06-01T00:00:00Z'),
      to: new Date('2026-07-01T00:00:00Z'),
    });
    expect(res.data!.map((p) => p.id)).toEqual([inside]);
    expect(
      (
        await me.browser.query('posts.calendar', {
          from: new Date('2026-06-01T00:00:00Z'),
          to: new Date('2026-08-03T00:00:00Z'),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await me.browser.query('posts.calendar', {
          from: new Date('2026-06-02T00:00:00Z'),
          to: new Date('2026-06-01T00:00:00Z'),
        })
      ).status,
    ).toBe(400);
  });
});

describe('posts.update', () => {
  it('saves a new version, resets a failed post and enqueues the new wake-up', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: '2026-01-01T10:00:00Z',
      status: 'failed',
    });
    await handle.db
      .updateTable('suggested_posts')
      .set({
        attempts: 3,
        last_error: 'ACCOUNT_NEEDS_RECONNECT',
        last_error_location: 'linkedin.publish',
        send_started_at: new Date('2026-01-01T10:00:01Z'),
        claimed_at: new Date('2026-01-01T10:00:00Z'),
        next_attempt_at: new Date('2026-01-01T10:05:00Z'),
        updated_at: new Date('2026-01-01T10:00:02Z'),
      })
      .where('id', '=', id)
      .execute();
    const before = await me.browser.query<PostItem>('posts.get', { id });
    expect(before.data).toMatchObject({
      status: 'failed',
      lastError: 'ACCOUNT_NEEDS_RECONNECT',
      attempts: 3,
    });

    const when = inFuture(120);
    const res = await me.browser.mutate<PostItem>('posts.update', {
      id,
      title: '  Novo título ',
      content: 'Novo conteúdo',
      scheduledFor: when,
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      id,
      title: 'Novo título',
      content: 'Novo conteúdo',
      scheduledFor: when,
      status: 'scheduled',
      version: 2,
      attempts: 3,
      lastError: null,
      themeName: 'Tema',
    });
    expect(res.data!.updatedAt.getTime()).toBeGreaterThan(new Date('2026-01-01T10:00:02Z').getTime());
    const row = await handle.db
      .selectFrom('suggested_posts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'scheduled',
      version: 2,
      attempts: 3,
      last_error: null,
      last_error_location: null,
      send_started_at: null,
      claimed_at: null,
      next_attempt_at: null,
    });
    expect(enqueued).toHaveLength(1);
    expect(enqueued[0]!.posts).toEqual([{ id, version: 2, scheduled_for: when, platform: 'linkedin' }]);
    expect(enqueued[0]!.requestId).toEqual(expect.any(String));
  });

  it('keeps the worker bookkeeping of a post that is still scheduled', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(5) });
    await handle.db
      .updateTable('suggested_posts')
      .set({ attempts: 1, last_error: 'NETWORK_UNAVAILABLE' })
      .where('id', '=', id)
      .execute();
    const res = await me.browser.mutate<PostItem>('posts.update', {
      id,
      title: 'T',
      content: 'C',
      scheduledFor: inFuture(30),
    });
    expect(res.data).toMatchObject({
      status: 'scheduled',
      version: 2,
      attempts: 1,
      lastError: 'NETWORK_UNAVAILABLE',
    });
  });

  it('refuses posts being published or already published, leaving them unchanged', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    for (const status of ['publishing', 'published'] as const) {
      const id = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(1), status });
      const before = await snapshot(me.id);
      const res = await me.browser.mutate('posts.update', {
        id,
        title: 'X',
        content: 'Y',
        scheduledFor: inFuture(60),
      });
      expect(res.status).toBe(409);
      expect(res.error?.message).toBe('CONFLICT');
      const moved = await me.browser.mutate('posts.reschedule', { id, scheduledFor: inFuture(60) });
      expect(moved.status).toBe(409);
      expect(await snapshot(me.id)).toEqual(before);
    }
    expect(enqueued).toHaveLength(0);
  });

  it("answers NOT_FOUND for another user's post and for a missing one, changing nothing", async () => {
    const me = await makeAccount();
    const other = await makeAccount();
    const foreign = await makeTheme(other.id);
    const theirs = await makePost({ userId: other.id, themeId: foreign.id, scheduledFor: inFuture(60) });
    const before = await snapshot(other.id);
    for (const id of [theirs, '3f1c1f8e-8a37-4c55-9a4e-1d1b8a7f0000']) {
      const calls = [
        me.browser.mutate('posts.update', { id, title: 'X', content: 'Y', scheduledFor: inFuture(90) }),
        me.browser.mutate('posts.reschedule', { id, scheduledFor: inFuture(90) }),
        me.browser.mutate('posts.retry', { id }),
        me.browser.mutate('posts.delete', { id }),
        me.browser.query('posts.get', { id }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.error?.message).toBe('NOT_FOUND');
      }
    }
    expect(await snapshot(other.id)).toEqual(before);
    expect(enqueued).toHaveLength(0);
  });

  it('refuses content over the network limit and dates in the past', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(60),
      platform: 'x',
    });
    const before = await snapshot(me.id);
    const tooLong = await me.browser.mutate('posts.update', {
      id,
      title: 'T',
      content: 'a'.repeat(281),
      scheduledFor: inFuture(60),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error).toMatchObject({ message: 'VALIDATION_FAILED', details: { tooLongFor: ['x'] } });
    const past = await me.browser.mutate('posts.update', {
      id,
      title: 'T',
      content: 'C',
      scheduledFor: new Date(Date.now() - 2 * 60_000),
    });
    expect(past.error).toMatchObject({ message: 'VALIDATION_FAILED', details: { field: 'scheduledFor' } });
    const pastMove = await me.browser.mutate('posts.reschedule', {
      id,
      scheduledFor: new Date(Date.now() - 2 * 60_000),
    });
    expect(pastMove.error?.details).toEqual({ field: 'scheduledFor', reason: 'PAST' });
    expect(await snapshot(me.id)).toEqual(before);

    const atLimit = await me.browser.mutate<PostItem>('posts.update', {
      id,
      title: 'T',
      content: 'a'.repeat(280),
      scheduledFor: new Date(Date.now() - 30_000),
    });
    expect(atLimit.status).toBe(200);
  });

  it('refuses to save a Pinterest post without an image (its media rules), in pt-BR; with one it saves', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(60),
      platform: 'pinterest',
    });
    const before = await snapshot(me.id);
    const edit = { id, title: 'Bolo de cenoura', content: 'Receita da semana', scheduledFor: inFuture(90) };
    const bare = await me.browser.mutate('posts.update', edit);
    expect(bare.status).toBe(400);
    expect(bare.error).toMatchObject({
      message: 'MEDIA_REJECTED',
      details: { reason: 'IMAGE_REQUIRED', platform: 'pinterest' },
    });
    expect(mediaRejectionMessage({ reason: 'IMAGE_REQUIRED', platform: 'pinterest' })).toBe(
      'O Pinterest só publica posts com imagem. Adicione ao menos uma imagem e salve de novo.',
    );
    expect(await snapshot(me.id)).toEqual(before);
    await handle.db
      .insertInto('post_media')
      .values({
        id: randomUUID(),
        post_id: id,
        user_id: me.id,
        position: 0,
        storage_key: `media/${id}/a.jpg`,
        thumb_key: `media/${id}/a-thumb.jpg`,
        mime_type: 'image/jpeg',
        width: 1000,
        height: 1500,
        size_bytes: 1234,
      })
      .execute();
    const withImage = await me.browser.mutate<PostItem>('posts.update', edit);
    expect(withImage.status).toBe(200);
    expect(withImage.data?.content).toBe('Receita da semana');
    // A network without the rule saves without images, as before.
    const linkedin = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(60) });
    expect((await me.browser.mutate('posts.update', { ...edit, id: linkedin })).status).toBe(200);
  });

  it('refuses to save a YouTube post without a video, in pt-BR; with one it saves', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(60),
      platform: 'youtube',
    });
    const before = await snapshot(me.id);
    const edit = {
      id,
      title: 'Pão de fermentação natural',
      content: 'Do levain ao forno #Shorts',
      scheduledFor: inFuture(90),
    };
    const bare = await me.browser.mutate('posts.update', edit);
    expect(bare.status).toBe(400);
    expect(bare.error).toMatchObject({
      message: 'MEDIA_REJECTED',
      details: { reason: 'VIDEO_REQUIRED', platform: 'youtube' },
    });
    expect(mediaRejectionMessage({ reason: 'VIDEO_REQUIRED', platform: 'youtube' })).toBe(
      'O YouTube só publica vídeos. Adicione um vídeo ao post e salve de novo.',
    );
    expect(await snapshot(me.id)).toEqual(before);
    await handle.db
      .insertInto('post_media')
      .values({
        id: randomUUID(),
        post_id: id,
        user_id: me.id,
        position: 0,
        kind: 'video',
        storage_key: `media/${id}/v.mp4`,
        thumb_key: null,
        mime_type: 'video/mp4',
        width: 1080,
        height: 1920,
        size_bytes: 5_000_000,
        duration_seconds: 42,
        video_codec: 'avc',
        container: 'mp4',
      })
      .execute();
    // With a video, YouTube asks its required answer ("made for kids"): without it, the save says so.
    const unanswered = await me.browser.mutate('posts.update', edit);
    expect(unanswered.status).toBe(400);
    expect(unanswered.error?.userMessage).toBe(
      'Responda “Este vídeo é conteúdo para crianças?” nas Opções do YouTube antes de agendar.',
    );
    const withVideo = await me.browser.mutate<PostItem>('posts.update', {
      ...edit,
      networkOptions: { madeForKids: false },
    });
    expect(withVideo.status, JSON.stringify(withVideo.error)).toBe(200);
    expect(withVideo.data?.content).toBe('Do levain ao forno #Shorts');
  });

  it('saves the network options (Google: an Evento), returns them, and refuses bad ones in pt-BR saving nothing', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(60),
      platform: 'google_business',
    });
    const edit = { id, title: 'Feira', content: 'Feira de Natal na loja', scheduledFor: inFuture(90) };
    const event = {
      postType: 'EVENT',
      eventTitle: ' Feira de Natal ',
      eventStart: '2026-12-20T10:00',
      eventEnd: '2026-12-20T18:00',
      buttonType: null,
    };
    const saved = await me.browser.mutate<PostItem>('posts.update', { ...edit, networkOptions: event });
    expect(saved.status).toBe(200);
    // Normalised: trimmed, unset keys dropped.
    const stored = {
      postType: 'EVENT',
      eventTitle: 'Feira de Natal',
      eventStart: '2026-12-20T10:00',
      eventEnd: '2026-12-20T18:00',
    };
    expect(saved.data?.networkOptions).toEqual(stored);
    expect((await me.browser.query<PostItem>('posts.get', { id })).data?.networkOptions).toEqual(stored);
    const listed = await me.browser.query<{ items: PostItem[] }>('posts.list', {});
    expect(listed.data?.items.find((p) => p.id === id)?.networkOptions).toEqual(stored);

    const linkedin = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(60) });
    const before = await snapshot(me.id);
    const noDates = await me.browser.mutate('posts.update', {
      ...edit,
      networkOptions: { postType: 'EVENT', eventTitle: 'Feira' },
    });
    expect(noDates.status).toBe(400);
    expect(noDates.error).toMatchObject({
      message: 'VALIDATION_FAILED',
      userMessage: 'Preencha “Início do evento” nas Opções do Google Meu Negócio antes de agendar.',
      details: { field: 'networkOptions', optionIssues: [{ key: 'eventStart' }, { key: 'eventEnd' }] },
    });
    const unknown = await me.browser.mutate('posts.update', {
      ...edit,
      networkOptions: { privacy: 'PUBLIC' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.userMessage).toBe(
      'O Google Meu Negócio não tem a opção “privacy”. Recarregue a página.',
    );
    const badUrl = await me.browser.mutate('posts.update', {
      ...edit,
      networkOptions: { buttonType: 'BOOK', buttonUrl: 'reservas' },
    });
    expect(badUrl.error?.userMessage).toBe(
      '“Link do botão” precisa ser um link completo, como https://seusite.com.br/pagina.',
    );
    // A network that declares none takes only {}.
    const onLinkedin = await me.browser.mutate('posts.update', {
      ...edit,
      id: linkedin,
      networkOptions: { postType: 'EVENT' },
    });
    expect(onLinkedin.status).toBe(400);
    expect(await snapshot(me.id)).toEqual(before);
    // Without networkOptions the stored ones are kept.
    const kept = await me.browser.mutate<PostItem>('posts.update', { ...edit, title: 'Feira 2' });
    expect(kept.data?.networkOptions).toEqual(stored);
  });

  it('saves a first comment where the network has one, refuses it in pt-BR elsewhere or past the limit, saving nothing', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const x = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(60), platform: 'x' });
    const edit = { id: x, title: 'Bolo', content: 'Bolo de fubá hoje', scheduledFor: inFuture(90) };
    const saved = await me.browser.mutate<PostItem>('posts.update', {
      ...edit,
      firstComment: '  #bolo #fubá  ',
    });
    expect(saved.status).toBe(200);
    expect(saved.data?.firstComment).toEqual({
      text: '#bolo #fubá',
      status: 'pending',
      commentId: null,
      error: null,
    });
    expect((await me.browser.query<PostItem>('posts.get', { id: x })).data?.firstComment?.text).toBe(
      '#bolo #fubá',
    );
    // Without firstComment the stored one is kept.
    const kept = await me.browser.mutate<PostItem>('posts.update', { ...edit, title: 'Bolo 2' });
    expect(kept.data?.firstComment?.text).toBe('#bolo #fubá');

    const business = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(60),
      platform: 'google_business',
    });
    const linkedin = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(60) });
    const before = await snapshot(me.id);
    const elsewhere = await me.browser.mutate('posts.update', {
      ...edit,
      id: business,
      firstComment: '#marca',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.error).toMatchObject({
      message: 'VALIDATION_FAILED',
      userMessage:
        'O Google Meu Negócio não aceita primeiro comentário pela Pauta. Apague o texto do primeiro comentário para salvar.',
      details: { field: 'firstComment' },
    });
    const tooLong = await me.browser.mutate('posts.update', { ...edit, firstComment: '界'.repeat(141) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.userMessage).toBe(
      'O primeiro comentário passa do limite do X (Twitter): 282 de 280 caracteres.',
    );
    // LinkedIn comments up to 1,250 characters: one more is refused in pt-BR.
    const linkedinTooLong = await me.browser.mutate('posts.update', {
      ...edit,
      id: linkedin,
      firstComment: 'a'.repeat(1251),
    });
    expect(linkedinTooLong.status).toBe(400);
    expect(linkedinTooLong.error).toMatchObject({
      userMessage: 'O primeiro comentário passa do limite do LinkedIn: 1251 de 1250 caracteres.',
      details: { field: 'firstComment' },
    });
    expect(await snapshot(me.id)).toEqual(before);
    const linkedinSaved = await me.browser.mutate<PostItem>('posts.update', {
      ...edit,
      id: linkedin,
      firstComment: 'Link nos comentários',
    });
    expect(linkedinSaved.data?.firstComment).toMatchObject({
      text: 'Link nos comentários',
      status: 'pending',
    });
    // '' removes it.
    const removed = await me.browser.mutate<PostItem>('posts.update', { ...edit, firstComment: '' });
    expect(removed.data?.firstComment).toBeNull();
  });

  it('refuses to schedule again (reschedule, retry, bulk) a post whose stored options its network refuses', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(60),
      platform: 'google_business',
    });
    // An Evento without its dates (written before the rule, or by an import): not schedulable.
    await handle.db
      .updateTable('suggested_posts')
      .set({ network_options: JSON.stringify({ postType: 'EVENT', eventTitle: 'Feira' }) })
      .where('id', '=', id)
      .execute();
    const before = await snapshot(me.id);
    const moved = await me.browser.mutate('posts.reschedule', { id, scheduledFor: inFuture(120) });
    expect(moved.status).toBe(400);
    expect(moved.error?.userMessage).toBe(
      'Preencha “Início do evento” nas Opções do Google Meu Negócio antes de agendar.',
    );
    const bulk = await me.browser.mutate<{ changed: number; skipped: Record<string, number> }>('posts.bulk', {
      ids: [id],
      action: { kind: 'reschedule', offsetMinutes: 60 },
    });
    expect(bulk.data).toMatchObject({ changed: 0 });
    expect(bulk.data?.skipped).toEqual({ options_missing: 1 });
    expect(await snapshot(me.id)).toEqual(before);
    await handle.db.updateTable('suggested_posts').set({ status: 'failed' }).where('id', '=', id).execute();
    const retried = await me.browser.mutate('posts.retry', { id });
    expect(retried.status).toBe(400);
    const row = await handle.db
      .selectFrom('suggested_posts')
      .select(['status', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', version: 1 });
    expect(enqueued).toEqual([]);
  });

  it('rejects extra keys (no mass assignment) and over-long fields', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(60) });
    const before = await snapshot(me.id);
    for (const extra of [
      { status: 'published' },
      { user_id: me.id },
      { version: 99 },
      { themeId: theme.id },
    ]) {
      const res = await me.browser.mutate('posts.update', {
        id,
        title: 'T',
        content: 'C',
        scheduledFor: inFuture(60),
        ...extra,
      });
      expect(res.status).toBe(400);
    }
    const longTitle = await me.browser.mutate('posts.update', {
      id,
      title: 't'.repeat(301),
      content: 'C',
      scheduledFor: inFuture(60),
    });
    expect(longTitle.status).toBe(400);
    expect(await snapshot(me.id)).toEqual(before);
  });

  it('never changes a post the worker claimed between the read and the write', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(1) });
    await handle.db
      .updateTable('suggested_posts')
      .set({ status: 'publishing' })
      .where('id', '=', id)
      .execute();
    const before = await snapshot(me.id);
    const saved = await saveScheduledPostVersion(handle.db, {
      workspaceId: me.id,
      postId: id,
      changes: { title: 'X', content: 'Y', scheduledFor: inFuture(60) },
      allowed: ['scheduled', 'failed', 'needs_attention', 'missed'],
      now: new Date(),
    });
    expect(saved).toBeUndefined();
    expect(await snapshot(me.id)).toEqual(before);
  });
});

describe('schedule range (issue 11, item 9)', () => {
  const DAY = 86_400_000;
  const absurd = [
    new Date('9999-12-31T12:00:00Z'),
    new Date(8.64e15), // +275760-09-13, the largest date JavaScript can hold
    new Date(Date.now() + 731 * DAY),
  ];

  it('refuses a date more than 2 years ahead on edit, reschedule (calendar drag) and changes nothing', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(60) });
    const before = await snapshot(me.id);
    for (const scheduledFor of absurd) {
      const edit = await me.browser.mutate('posts.update', { id, title: 'T', content: 'C', scheduledFor });
      expect(edit.status, scheduledFor.toISOString()).toBe(400);
      expect(edit.error).toMatchObject({
        message: 'SCHEDULE_OUT_OF_RANGE',
        details: { field: 'scheduledFor' },
      });
      const move = await me.browser.mutate('posts.reschedule', { id, scheduledFor });
      expect(move.status).toBe(400);
      expect(move.error?.message).toBe('SCHEDULE_OUT_OF_RANGE');
    }
    expect(await snapshot(me.id)).toEqual(before);
    expect(enqueued).toEqual([]);
    // Just inside the bound is fine.
    const edge = await me.browser.mutate<PostItem>('posts.reschedule', {
      id,
      scheduledFor: new Date(Date.now() + 729 * DAY),
    });
    expect(edge.status).toBe(200);
  });

  it('refuses to schedule a draft whose next free slot would be more than 2 years ahead', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    await makePost({ userId: me.id, themeId: theme.id, scheduledFor: new Date(Date.now() + 730 * DAY) });
    const before = await snapshot(me.id);
    const res = await me.browser.mutate('themes.scheduleDraft', {
      themeId: theme.id,
      title: 'Rascunho',
      content: 'Texto do rascunho',
      platforms: ['linkedin'],
      postOrder: 2,
    });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ message: 'SCHEDULE_OUT_OF_RANGE', details: { field: 'scheduledFor' } });
    expect(await snapshot(me.id)).toEqual(before);
  });
});

describe('posts.reschedule and posts.retry', () => {
  it('reschedules as a new version and enqueues it', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(60),
      platform: 'x',
    });
    const when = inFuture(24 * 60);
    const res = await me.browser.mutate<PostItem>('posts.reschedule', { id, scheduledFor: when });
    expect(res.data).toMatchObject({ scheduledFor: when, version: 2, title: 'Título' });
    expect(enqueued.flatMap((c) => c.posts)).toEqual([
      { id, version: 2, scheduled_for: when, platform: 'x' },
    ]);
  });

  it('retries a stopped post 30 s from now, or at its later date; refuses other statuses', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const overdue = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: '2026-01-01T10:00:00Z',
      status: 'missed',
    });
    const started = Date.now();
    const res = await me.browser.mutate<PostItem>('posts.retry', { id: overdue });
    expect(res.data).toMatchObject({ status: 'scheduled', version: 2 });
    const due = res.data!.scheduledFor.getTime();
    expect(due).toBeGreaterThanOrEqual(started + 30_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 30_000);

    const later = inFuture(600);
    const future = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: later,
      status: 'needs_attention',
    });
    const kept = await me.browser.mutate<PostItem>('posts.retry', { id: future });
    expect(kept.data!.scheduledFor).toEqual(later);
    expect(enqueued.flatMap((c) => c.posts.map((p) => p.id))).toEqual([overdue, future]);

    for (const status of ['scheduled', 'publishing', 'published'] as const) {
      const id = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(5), status });
      expect((await me.browser.mutate('posts.retry', { id })).status).toBe(409);
    }
  });
});

describe('posts deletes (IDOR)', () => {
  it('deletes one own post; refuses one being published', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(60) });
    expect((await me.browser.mutate('posts.delete', { id })).data).toEqual({ deleted: 1 });
    expect((await me.browser.mutate('posts.delete', { id })).status).toBe(404);
    const busy = await makePost({
      userId: me.id,
      themeId: theme.id,
      scheduledFor: inFuture(0),
      status: 'publishing',
    });
    expect((await me.browser.mutate('posts.delete', { id: busy })).status).toBe(409);
    expect(
      await handle.db.selectFrom('suggested_posts').select('id').where('id', '=', busy).executeTakeFirst(),
    ).toBeDefined();
  });

  it("deleteMany ignores other users' ids and skips posts being published", async () => {
    const me = await makeAccount();
    const other = await makeAccount();
    const mine = await makeTheme(me.id);
    const foreign = await makeTheme(other.id);
    const a = await makePost({ userId: me.id, themeId: mine.id, scheduledFor: inFuture(60) });
    const b = await makePost({
      userId: me.id,
      themeId: mine.id,
      scheduledFor: inFuture(61),
      status: 'failed',
    });
    const busy = await makePost({
      userId: me.id,
      themeId: mine.id,
      scheduledFor: inFuture(0),
      status: 'publishing',
    });
    const theirs1 = await makePost({ userId: other.id, themeId: foreign.id, scheduledFor: inFuture(60) });
    const theirs2 = await makePost({ userId: other.id, themeId: foreign.id, scheduledFor: inFuture(61) });
    const theirsBefore = await snapshot(other.id);

    const onlyTheirs = await me.browser.mutate('posts.deleteMany', { ids: [theirs1, theirs2] });
    expect(onlyTheirs.data).toEqual({ deleted: 0, skipped: 0 });
    const mixed = await me.browser.mutate('posts.deleteMany', { ids: [a, theirs1, b, busy, a, theirs2] });
    expect(mixed.data).toEqual({ deleted: 2, skipped: 1 });
    expect((await snapshot(me.id)).map((r) => r.id)).toEqual([busy]);
    expect(await snapshot(other.id)).toEqual(theirsBefore);

    expect((await me.browser.mutate('posts.deleteMany', { ids: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 501 }, () => a);
    expect((await me.browser.mutate('posts.deleteMany', { ids: tooMany })).status).toBe(400);
  });

  it("deleteFiltered touches only the caller's matching posts", async () => {
    const me = await makeAccount('America/Sao_Paulo');
    const other = await makeAccount();
    const mine = await makeTheme(me.id);
    const foreign = await makeTheme(other.id);
    const keepX = await makePost({
      userId: me.id,
      themeId: mine.id,
      scheduledFor: '2026-03-10T12:00:00Z',
      platform: 'x',
    });
    await makePost({ userId: me.id, themeId: mine.id, scheduledFor: '2026-03-10T03:00:00Z' });
    await makePost({
      userId: me.id,
      themeId: mine.id,
      scheduledFor: '2026-03-11T02:59:59.999Z',
      status: 'missed',
    });
    const busy = await makePost({
      userId: me.id,
      themeId: mine.id,
      scheduledFor: '2026-03-10T13:00:00Z',
      status: 'publishing',
    });
    const outside = await makePost({ userId: me.id, themeId: mine.id, scheduledFor: '2026-03-11T03:00:00Z' });
    await makePost({ userId: other.id, themeId: foreign.id, scheduledFor: '2026-03-10T12:00:00Z' });
    const theirsBefore = await snapshot(other.id);

    const byForeignTheme = await me.browser.mutate('posts.deleteFiltered', { themeId: foreign.id });
    expect(byForeignTheme.data).toEqual({ deleted: 0, skipped: 0 });
    const res = await me.browser.mutate('posts.deleteFiltered', {
      themeId: mine.id,
      platform: 'linkedin',
      scheduledFrom: '2026-03-10',
      scheduledTo: '2026-03-10',
    });
    expect(res.data).toEqual({ deleted: 2, skipped: 1 });
    expect((await snapshot(me.id)).map((r) => r.id).sort()).toEqual([keepX, busy, outside].sort());
    expect(await snapshot(other.id)).toEqual(theirsBefore);
    expect(
      (await me.browser.mutate('posts.deleteFiltered', { themeId: mine.id, userId: other.id })).status,
    ).toBe(400);
  });
});

describe('queries never write (docs/security.md C2)', () => {
  it('leaves every row of both users as it was after running every query', async () => {
    const me = await makeAccount();
    const other = await makeAccount();
    const mine = await makeTheme(me.id);
    const foreign = await makeTheme(other.id);
    const id = await makePost({
      userId: me.id,
      themeId: mine.id,
      scheduledFor: inFuture(60),
      status: 'failed',
    });
    await makePost({ userId: other.id, themeId: foreign.id, scheduledFor: inFuture(60) });
    await handle.db
      .insertInto('published_posts')
      .values({
        user_id: me.id,
        theme_id: mine.id,
        title: 'P',
        content: 'C',
        platform: 'linkedin',
        reach: 10,
      })
      .execute();
    const tables = ['suggested_posts', 'published_posts', 'themes'] as const;
    const rowsOf = async () => {
      const out: Record<string, unknown> = {};
      for (const table of tables) {
        const rows = await sql<{ id: string; xmin: string; row: string }>`
          SELECT id, xmin::text AS xmin, md5(x::text) AS row FROM ${sql.table(table)} x
          WHERE user_id IN (${me.id}, ${other.id}) ORDER BY id`.execute(handle.db);
        out[table] = rows.rows;
      }
      return out;
    };
    const before = await rowsOf();
    const queries: Array<[string, unknown]> = [
      ['posts.list', {}],
      [
        'posts.list',
        { themeId: mine.id, platform: 'linkedin', scheduledFrom: '2020-01-01', createdTo: '2099-01-01' },
      ],
      ['posts.calendar', { from: new Date(), to: inFuture(60 * 24 * 30) }],
      ['posts.get', { id }],
      ['published.list', {}],
      ['dashboard.summary', undefined],
      ['dashboard.charts', undefined],
    ];
    for (const [path, input] of queries) {
      expect((await me.browser.query(path, input)).status, path).toBe(200);
    }
    // tRPC refuses a mutation over GET, so a query-shaped request cannot delete either.
    const viaGet = await me.browser.query('posts.delete', { id });
    expect(viaGet.status).toBe(405);
    expect(await rowsOf()).toEqual(before);
  });
});

describe('posts.retry of a post flagged "maybe published" (issue 24)', () => {
  it('asks the network first instead of resending; "Reenviar mesmo assim" resends', async () => {
    const me = await makeAccount();
    const theme = await makeTheme(me.id);
    const id = await makePost({ userId: me.id, themeId: theme.id, scheduledFor: inFuture(-60) });
    await handle.db
      .updateTable('suggested_posts')
      .set({
        status: 'needs_attention',
        attempts: 1,
        claim_token: '00000000-0000-4000-8000-0000000000ab',
        send_started_at: new Date(Date.now() - 600_000),
        last_error: 'UNKNOWN_OUTCOME',
      })
      .where('id', '=', id)
      .execute();
    const asked = await me.browser.mutate<PostItem>('posts.retry', { id });
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ status: 'needs_attention', outcomeCheck: 'pending' });
    expect(asked.data?.lastErrorMessage).toContain('Verificando no LinkedIn');
    expect(enqueued).toHaveLength(0);
    // The network could not tell: the owner may resend, explicitly.
    await handle.db
      .updateTable('suggested_posts')
      .set((eb) => ({ outcome_checked_token: eb.ref('claim_token') }))
      .where('id', '=', id)
      .execute();
    const listed = await me.browser.query<{ items: PostItem[] }>('posts.list', {});
    expect(listed.data?.items.find((p) => p.id === id)?.outcomeCheck).toBe('unresolved');
    const resent = await me.browser.mutate<PostItem>('posts.retry', { id, confirmUnverified: true });
    expect(resent.data).toMatchObject({ status: 'scheduled', outcomeCheck: null });
    expect(enqueued).toHaveLength(1);
  });
});
