// The bulk action "Para a fila" over HTTP against real PostgreSQL (docs/bulk-actions.md,
// docs/posting-queue.md): the selected posts take their accounts' next free slots in the order of
// their current times; a post already queued keeps its slot; a post whose network has no account or
// whose account has no slots is counted with its reason and left as it was; another workspace's id
// changes nothing; a retry with the same key changes nothing more; undo puts the posts back at their
// previous times (out of the queue), except one changed since. A fixed `now` (a Monday in 2027)
// keeps every slot independent of the wall clock.
import { randomUUID } from 'node:crypto';
import { bulkSkippedText } from '@pauta/core';
import {
  type DbHandle,
  insertScheduledPosts,
  parseKeyring,
  saveScheduledPostVersion,
  upsertAccount,
} from '@pauta/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { enqueuePost, setAccountSlots } from '../posting-queue/posting-queue.service.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import type { BulkResult, BulkUndoResult } from './bulk.service.js';

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
  cancelPublish: async (posts) => posts.length,
  queues: () => [],
  close: async () => {},
};

// Monday 2027-03-01 12:00 in São Paulo (-03:00, no DST since 2019): Monday's 10:00 has passed.
const NOW = new Date('2027-03-01T15:00:00Z');
const deps = () => ({ ...testDeps(handle, { queue: fakeQueue }), now: () => NOW });

beforeAll(async () => {
  handle = await testDb();
  app = await listen(deps());
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});
beforeEach(() => {
  enqueued.length = 0;
});

const MON_WED_FRI_10 = [
  { weekday: 1, minute: 600 },
  { weekday: 3, minute: 600 },
  { weekday: 5, minute: 600 },
];

async function workspace(label: string) {
  const me = await signedInUser(handle, app.url, { label });
  const { id: workspaceId } = await handle.db
    .selectFrom('workspaces')
    .select('id')
    .where('personal_of', '=', me.id)
    .executeTakeFirstOrThrow();
  const theme = await insertTestTheme(handle, me.id, 'Tema da fila');
  const connect = async (platform: 'linkedin' | 'facebook') =>
    (
      await upsertAccount(handle.db, parseKeyring(TEST_KEYS), {
        userId: me.id,
        workspaceId,
        platform,
        platformUserId: `${platform}-${randomUUID().slice(0, 8)}`,
        platformUsername: `padaria.${platform}`,
        accountData: { name: 'Padaria' },
        accessToken: `token-${randomUUID()}`,
        refreshToken: null,
        accessTokenExpiresAt: null,
      })
    ).id;
  /** A post at `scheduledFor` (far from every slot of these tests). */
  const post = async (title: string, platform: 'linkedin' | 'facebook' | 'x', scheduledFor: string) => {
    const [row] = await insertScheduledPosts(handle.db, {
      userId: me.id,
      themeId: theme.id,
      posts: [
        { title, content: `Texto de ${title}`, platform, postOrder: 1, scheduledFor: new Date(scheduledFor) },
      ],
    });
    return row!.id;
  };
  return { me, workspaceId, theme, connect, post };
}

async function rows(ids: string[]) {
  const found = await handle.db
    .selectFrom('suggested_posts')
    .select(['id', 'status', 'version', 'scheduled_for', 'queue_account_id'])
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((r) => [r.id, { ...r, scheduled_for: r.scheduled_for?.toISOString() }]));
}

describe('posts.bulk "Para a fila"', () => {
  it('queues each post in its account’s next free slot in order, reports the others, is idempotent and undoable', async () => {
    const ws = await workspace('bulk-fila');
    const stranger = await workspace('bulk-fila-outro');
    const linkedin = await ws.connect('linkedin');
    await ws.connect('facebook'); // connected, but no slots
    await setAccountSlots(deps(), {
      workspaceId: ws.workspaceId,
      accountId: linkedin,
      slots: MON_WED_FRI_10,
    });

    // Selected in another order than their times: the earliest time takes the earliest slot.
    const june3 = await ws.post('3 de junho', 'linkedin', '2027-06-03T03:07:00Z');
    const june1 = await ws.post('1 de junho', 'linkedin', '2027-06-01T03:07:00Z');
    const june2 = await ws.post('2 de junho', 'linkedin', '2027-06-02T03:07:00Z');
    // Already in the queue ("Adicionar à fila" before): it keeps Wednesday 10:00.
    const queued = await ws.post('Já na fila', 'linkedin', '2027-06-04T03:07:00Z');
    const added = await enqueuePost(deps(), {
      workspaceId: ws.workspaceId,
      userId: ws.me.id,
      postId: queued,
    });
    expect(added.slotAt.toISOString()).toBe('2027-03-03T13:00:00.000Z');
    enqueued.length = 0;
    const noSlots = await ws.post('Facebook sem horários', 'facebook', '2027-06-05T03:07:00Z');
    const noAccount = await ws.post('X sem conta', 'x', '2027-06-06T03:07:00Z');
    const foreign = await stranger.post('De outro espaço', 'linkedin', '2027-06-07T03:07:00Z');
    const all = [june3, june1, june2, queued, noSlots, noAccount, foreign];
    const before = await rows(all);

    const ids = [june3, june1, june2, queued, noSlots, noAccount, foreign];
    const key = randomUUID();
    const res = await ws.me.browser.mutate<BulkResult>(
      'posts.bulk',
      { ids, action: { kind: 'queue' } },
      { idempotencyKey: key },
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      action: 'queue',
      changed: 3,
      skipped: { already_queued: 1, queue_no_slots: 1, queue_no_account: 1, not_found: 1 },
    });
    expect(res.data?.undoToken).toEqual(expect.any(String));
    // The words the toast shows, in pt-BR.
    expect(bulkSkippedText(res.data!.skipped)).toBe(
      'Ignorados: 1 não encontrados, 1 já estavam na fila, 1 de redes sem conta conectada, 1 de contas sem horários na fila (crie em Fila).',
    );

    const after = await rows(all);
    // Wednesday 10:00 is taken by the post already queued: Friday 10:00, Monday 8 10:00, Wednesday 10 10:00.
    expect([june1, june2, june3].map((id) => after.get(id)?.scheduled_for)).toEqual([
      '2027-03-05T13:00:00.000Z',
      '2027-03-08T13:00:00.000Z',
      '2027-03-10T13:00:00.000Z',
    ]);
    for (const id of [june1, june2, june3]) {
      expect(after.get(id)).toMatchObject({
        queue_account_id: linkedin,
        version: before.get(id)!.version + 1,
      });
    }
    // The others are exactly as they were.
    for (const id of [queued, noSlots, noAccount, foreign]) expect(after.get(id)).toEqual(before.get(id));
    // Each queued post's new version gets its wake-up at its slot.
    expect(enqueued.map((w) => [w.id, w.scheduled_for.toISOString()]).sort()).toEqual(
      [june1, june2, june3].map((id) => [id, after.get(id)!.scheduled_for]).sort(),
    );

    // The retry with the same key: the same answer, nothing changes, no wake-up again.
    enqueued.length = 0;
    const replay = await ws.me.browser.mutate<BulkResult>(
      'posts.bulk',
      { ids, action: { kind: 'queue' } },
      { idempotencyKey: key },
    );
    expect(replay.data).toEqual(res.data);
    expect(await rows(all)).toEqual(after);
    expect(enqueued).toEqual([]);

    // A new call over the same posts: all of them are in the queue now, nothing changes.
    const again = await ws.me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [june1, june2, june3, queued],
      action: { kind: 'queue' },
    });
    expect(again.data).toMatchObject({ changed: 0, skipped: { already_queued: 4 }, undoToken: null });

    // Someone moves one of them by hand since: undo leaves it where it is now.
    const moved = await saveScheduledPostVersion(handle.db, {
      workspaceId: ws.workspaceId,
      postId: june3,
      changes: { scheduledFor: new Date('2027-04-01T15:00:00Z') },
      allowed: ['scheduled'],
      now: NOW,
    });
    expect(moved).toBeTruthy();
    const undo = await ws.me.browser.mutate<BulkUndoResult>('posts.bulkUndo', { token: res.data!.undoToken });
    expect(undo.data).toEqual({ state: 'undone', restored: 2, skipped: { changed_since: 1 } });
    const undone = await rows([june1, june2, june3, queued]);
    // Back at their previous times and out of the queue.
    for (const id of [june1, june2])
      expect(undone.get(id)).toMatchObject({
        scheduled_for: before.get(id)!.scheduled_for,
        queue_account_id: null,
      });
    expect(undone.get(june3)).toMatchObject({
      scheduled_for: '2027-04-01T15:00:00.000Z',
      queue_account_id: null,
    });
    // The post that was queued before the bulk call keeps its slot.
    expect(undone.get(queued)).toEqual(before.get(queued));
  });

  it('the freed slots are taken again by the next call; a Revisor may not queue', async () => {
    const ws = await workspace('bulk-fila-de-novo');
    const linkedin = await ws.connect('linkedin');
    await setAccountSlots(deps(), {
      workspaceId: ws.workspaceId,
      accountId: linkedin,
      slots: MON_WED_FRI_10,
    });
    const a = await ws.post('A', 'linkedin', '2027-06-01T03:07:00Z');
    const b = await ws.post('B', 'linkedin', '2027-06-02T03:07:00Z');
    const first = await ws.me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [a],
      action: { kind: 'queue' },
    });
    expect(first.data).toMatchObject({ changed: 1, skipped: {} });
    expect((await rows([a])).get(a)?.scheduled_for).toBe('2027-03-03T13:00:00.000Z');
    const second = await ws.me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [b],
      action: { kind: 'queue' },
    });
    expect(second.data).toMatchObject({ changed: 1 });
    expect((await rows([b])).get(b)?.scheduled_for).toBe('2027-03-05T13:00:00.000Z');
    // A made-up id alone: nothing changes, nothing to undo.
    const none = await ws.me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [randomUUID()],
      action: { kind: 'queue' },
    });
    expect(none.data).toEqual({ action: 'queue', changed: 0, skipped: { not_found: 1 }, undoToken: null });

    // A Revisor approves and moves stages, but does not write posts: 403, nothing moves.
    const reviewer = await signedInUser(handle, app.url, { label: 'bulk-fila-revisor' });
    await handle.db
      .insertInto('workspace_members')
      .values({ workspace_id: ws.workspaceId, user_id: reviewer.id, role: 'reviewer' })
      .execute();
    reviewer.browser.headers.set('x-pauta-workspace', ws.workspaceId);
    const c = await ws.post('C', 'linkedin', '2027-06-03T03:07:00Z');
    const refused = await reviewer.browser.mutate('posts.bulk', { ids: [c], action: { kind: 'queue' } });
    expect(refused.status).toBe(403);
    expect((await rows([c])).get(c)).toMatchObject({
      scheduled_for: '2027-06-03T03:07:00.000Z',
      queue_account_id: null,
    });
  });
});
