// The approval board over HTTP against real PostgreSQL (docs/approval.md): owner scoping,
// idempotent moves and comments, typed refusals, the wake-up added on approval, mentions, the
// theme switch through themes.update.
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import type { BoardItem } from './approval.service.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
const enqueued: WakeUp[] = [];
const fakeQueue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts) => {
    enqueued.push(...posts);
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

async function approvalAccount(firstName = 'Marina') {
  const me = await signedInUser(handle, app.url, { label: 'aprovacao' });
  await handle.db.updateTable('profiles').set({ first_name: firstName }).where('id', '=', me.id).execute();
  const theme = await insertTestTheme(handle, me.id, 'Tema com aprovação');
  await handle.db.updateTable('themes').set({ requires_approval: true }).where('id', '=', theme.id).execute();
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: me.id,
      theme_id: theme.id,
      title: 'Lançamento',
      content: 'Texto do lançamento',
      platform: 'linkedin',
      scheduled_for: new Date(Date.now() + 3_600_000),
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  return { me, theme, post };
}

/** A probed video as the upload records it (post_media, kind 'video'). */
async function addVideo(postId: string, userId: string) {
  const id = crypto.randomUUID();
  await handle.db
    .insertInto('post_media')
    .values({
      id,
      post_id: postId,
      user_id: userId,
      position: 0,
      kind: 'video',
      storage_key: `posts/${userId}/${postId}/${id}.mp4`,
      thumb_key: null,
      mime_type: 'video/mp4',
      width: 1080,
      height: 1920,
      size_bytes: 1000,
      duration_seconds: 30,
      rotation: 0,
      container: 'mp4',
      video_codec: 'avc',
      video_codec_string: 'avc1.640028',
      frame_rate: 30,
      bitrate: 1000,
      audio: null,
      cover_key: null,
      cover_time_seconds: null,
    })
    .execute();
}

describe('approval board', () => {
  it('lists the owner’s workflow posts by stage; moves are idempotent and add the wake-up on approval', async () => {
    const { me, post } = await approvalAccount();
    const board = await me.browser.query<{ items: BoardItem[] }>('approval.board', {});
    expect(board.data?.items).toMatchObject([
      { id: post.id, stage: 'draft', column: 'draft', overdue: false },
    ]);

    const toReview = await me.browser.mutate('approval.move', { postId: post.id, to: 'review' });
    expect(toReview.data).toMatchObject({ stage: 'review', changed: true });
    // The same click again (a new key: another tab) changes nothing.
    const again = await me.browser.mutate('approval.move', { postId: post.id, to: 'review' });
    expect(again.data).toMatchObject({ stage: 'review', changed: false });
    // The same request replayed with its key is answered from the record.
    const key = crypto.randomUUID();
    const approved = await me.browser.mutate(
      'approval.move',
      { postId: post.id, to: 'approved' },
      { idempotencyKey: key },
    );
    const replay = await me.browser.mutate(
      'approval.move',
      { postId: post.id, to: 'approved' },
      { idempotencyKey: key },
    );
    expect(approved.data).toMatchObject({ stage: 'approved', changed: true });
    expect(replay.data).toEqual(approved.data);
    expect(enqueued.map((w) => [w.id, w.version])).toEqual([[post.id, post.version + 2]]);

    const history = await me.browser.query<{
      entries: { from: string | null; to: string | null; actorName: string }[];
    }>('approval.history', { postId: post.id });
    expect(history.data?.entries.map((e) => [e.from, e.to, e.actorName])).toEqual([
      ['draft', 'review', 'Marina'],
      ['review', 'approved', 'Marina'],
    ]);
  });

  it("another user's post looks missing, and nothing changes", async () => {
    const { post } = await approvalAccount();
    const stranger = await signedInUser(handle, app.url, { label: 'estranho' });
    for (const res of [
      await stranger.browser.mutate('approval.move', { postId: post.id, to: 'approved' }),
      await stranger.browser.mutate('approval.comment', { postId: post.id, body: 'oi' }),
      await stranger.browser.query('approval.history', { postId: post.id }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.error?.message).toBe('NOT_FOUND');
    }
    expect((await stranger.browser.query<{ items: unknown[] }>('approval.board', {})).data?.items).toEqual(
      [],
    );
    const row = await handle.db
      .selectFrom('suggested_posts')
      .select(['approval_stage', 'version'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ approval_stage: 'draft', version: post.version });
    expect(enqueued).toEqual([]);
  });

  it('refuses with a reason: a theme without approval, a published post, bad input', async () => {
    const { me, post } = await approvalAccount();
    const plainTheme = await insertTestTheme(handle, me.id, 'Sem aprovação');
    const plain = await handle.db
      .insertInto('suggested_posts')
      .values({
        user_id: me.id,
        theme_id: plainTheme.id,
        title: 'T',
        content: 'C',
        platform: 'x',
        scheduled_for: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notRequired = await me.browser.mutate('approval.move', { postId: plain.id, to: 'approved' });
    expect(notRequired.status).toBe(409);
    expect(notRequired.error?.details).toMatchObject({ reason: 'APPROVAL_NOT_REQUIRED' });
    await handle.db
      .updateTable('suggested_posts')
      .set({ status: 'published' })
      .where('id', '=', post.id)
      .execute();
    const published = await me.browser.mutate('approval.move', { postId: post.id, to: 'review' });
    expect(published.error?.details).toMatchObject({ reason: 'ALREADY_PUBLISHED' });
    const board = await me.browser.query<{ items: BoardItem[] }>('approval.board', {});
    expect(board.data?.items.find((i) => i.id === post.id)?.column).toBe('published');
    const bad = await me.browser.mutate('approval.move', { postId: post.id, to: 'published' });
    expect(bad.status).toBe(400);
    const empty = await me.browser.mutate('approval.comment', { postId: post.id, body: '   ' });
    expect(empty.status).toBe(400);
  });

  it('comments record a mention of the author (@Nome, accents and case ignored)', async () => {
    const { me, post } = await approvalAccount('Márcia');
    const withMention = await me.browser.mutate<{ mentionsAuthor: boolean }>('approval.comment', {
      postId: post.id,
      body: '@marcia troque a chamada, por favor',
    });
    expect(withMention.data?.mentionsAuthor).toBe(true);
    const plain = await me.browser.mutate<{ mentionsAuthor: boolean }>('approval.comment', {
      postId: post.id,
      body: 'email@marcia.com não é menção',
    });
    expect(plain.data?.mentionsAuthor).toBe(false);
    const history = await me.browser.query<{
      entries: { kind: string; body: string | null; mentionsAuthor: boolean }[];
    }>('approval.history', { postId: post.id });
    expect(history.data?.entries.filter((e) => e.kind === 'comment').map((e) => e.mentionsAuthor)).toEqual([
      true,
      false,
    ]);
    const board = await me.browser.query<{ items: BoardItem[] }>('approval.board', {});
    expect(board.data?.items[0]?.comments).toBe(2);
  });

  it('the theme form switch: on puts posts in draft, off takes them out and enqueues them', async () => {
    const me = await signedInUser(handle, app.url, { label: 'tema' });
    const theme = await insertTestTheme(handle, me.id, 'Tema');
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({
        user_id: me.id,
        theme_id: theme.id,
        title: 'T',
        content: 'C',
        platform: 'linkedin',
        scheduled_for: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const values = {
      id: theme.id,
      name: 'Tema',
      description: 'Descrição',
      toneOfVoice: ['professional'],
      avoidTopics: [],
      socialNetworks: ['linkedin'],
      frequency: 'weekly',
      colorPalette: 'green',
    };
    const on = await me.browser.mutate<{ requiresApproval: boolean }>('themes.update', {
      ...values,
      requiresApproval: true,
    });
    expect(on.data?.requiresApproval).toBe(true);
    const stage = () =>
      handle.db
        .selectFrom('suggested_posts')
        .select('approval_stage')
        .where('id', '=', post.id)
        .executeTakeFirstOrThrow();
    expect((await stage()).approval_stage).toBe('draft');
    // Saving the form without the field leaves it alone.
    const untouched = await me.browser.mutate<{ requiresApproval: boolean }>('themes.update', values);
    expect(untouched.data?.requiresApproval).toBe(true);
    const off = await me.browser.mutate<{ requiresApproval: boolean }>('themes.update', {
      ...values,
      requiresApproval: false,
    });
    expect(off.data?.requiresApproval).toBe(false);
    expect((await stage()).approval_stage).toBeNull();
    expect(enqueued.map((w) => w.id)).toEqual([post.id]);
  });
});

describe('approving a post its network cannot publish', () => {
  it('refuses the drag to "Aprovado" of a video on a network that does not publish video, naming it; other stages still move', async () => {
    const { me, post } = await approvalAccount();
    // Mastodon does not publish video through Pauta yet (capabilities.video false).
    await handle.db
      .updateTable('suggested_posts')
      .set({ platform: 'mastodon' })
      .where('id', '=', post.id)
      .execute();
    await addVideo(post.id, me.id);
    const before = await handle.db
      .selectFrom('suggested_posts')
      .select(['approval_stage', 'version', 'status'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    const refused = await me.browser.mutate('approval.move', { postId: post.id, to: 'approved' });
    expect(refused.error?.message).toBe('MEDIA_REJECTED');
    expect(refused.error?.details).toMatchObject({ reason: 'VIDEO_NOT_PUBLISHED', platform: 'mastodon' });
    const after = await handle.db
      .selectFrom('suggested_posts')
      .select(['approval_stage', 'version', 'status'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(enqueued).toEqual([]);
    // Moving it through the other stages is fine: only approving would schedule it.
    const toReview = await me.browser.mutate('approval.move', { postId: post.id, to: 'review' });
    expect(toReview.data).toMatchObject({ stage: 'review', changed: true });
    // Without the video it is approved and its wake-up added.
    await handle.db.deleteFrom('post_media').where('post_id', '=', post.id).execute();
    const approved = await me.browser.mutate('approval.move', { postId: post.id, to: 'approved' });
    expect(approved.data).toMatchObject({ stage: 'approved', changed: true });
    expect(enqueued.map((w) => w.id)).toEqual([post.id]);
  });
});
