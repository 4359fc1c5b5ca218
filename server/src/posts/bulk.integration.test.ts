// Bulk actions over HTTP against real PostgreSQL (docs/bulk-actions.md): each action, the skipped
// reasons, the idempotent retry, workspace scoping, a post being published left alone, the
// permission per role, the cap, undo with its fence, the live event.
import { BULK_MAX_POSTS, bulkSkippedText } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isolatedDb, testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import type { BulkResult, BulkUndoResult } from './bulk.service.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
const enqueued: WakeUp[] = [];
const cancelled: string[] = [];
const fakeQueue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts) => {
    enqueued.push(...posts);
    return posts.length;
  },
  cancelPublish: async (posts) => {
    cancelled.push(...posts.map((p) => p.id));
    return posts.length;
  },
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
  cancelled.length = 0;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Stage = 'draft' | 'review' | 'client' | 'changes' | 'approved';

async function account(label: string) {
  const me = await signedInUser(handle, app.url, { label });
  const workspace = await handle.db
    .selectFrom('workspaces')
    .select('id')
    .where('personal_of', '=', me.id)
    .executeTakeFirstOrThrow();
  const theme = await insertTestTheme(handle, me.id, 'Tema com aprovação');
  await handle.db.updateTable('themes').set({ requires_approval: true }).where('id', '=', theme.id).execute();
  const plain = await insertTestTheme(handle, me.id, 'Tema sem aprovação');
  const insert = async (
    themeId: string,
    title: string,
    extra: { stage?: Stage; status?: 'scheduled' | 'publishing' | 'published' | 'failed'; at?: number } = {},
  ) => {
    const row = await handle.db
      .insertInto('suggested_posts')
      .values({
        user_id: me.id,
        theme_id: themeId,
        title,
        content: `Texto de ${title}`,
        platform: 'linkedin',
        scheduled_for: new Date(Date.now() + (extra.at ?? 2 * DAY)),
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    if (extra.stage || extra.status)
      await handle.db
        .updateTable('suggested_posts')
        .set({
          ...(extra.stage ? { approval_stage: extra.stage } : {}),
          ...(extra.status ? { status: extra.status } : {}),
          ...(extra.status === 'publishing'
            ? { claim_token: crypto.randomUUID(), claimed_at: new Date() }
            : {}),
        })
        .where('id', '=', row.id)
        .execute();
    return row.id;
  };
  return { me, workspaceId: workspace.id, theme, plain, insert };
}

async function rows(ids: string[]) {
  const found = await handle.db
    .selectFrom('suggested_posts')
    .select(['id', 'approval_stage', 'status', 'version', 'scheduled_for', 'theme_id'])
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((r) => [r.id, r]));
}

/** A video on the post, as the upload records it (no network publishes video through Pauta yet). */
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

describe('posts.bulk', () => {
  it('approves through the single move’s rules, counts each skipped reason, and a retry changes nothing more', async () => {
    const { me, theme, plain, insert } = await account('bulk-approve');
    const stranger = await account('bulk-estranho');
    const drafts = [
      await insert(theme.id, 'Rascunho 1'),
      await insert(theme.id, 'Rascunho 2'),
      await insert(theme.id, 'Em revisão', { stage: 'review' }),
    ];
    const already = await insert(theme.id, 'Já aprovado', { stage: 'approved' });
    const outside = await insert(plain.id, 'Sem aprovação');
    const sending = await insert(theme.id, 'Publicando', { stage: 'approved', status: 'publishing' });
    const foreign = await stranger.insert(stranger.theme.id, 'De outro espaço');
    const before = await rows([...drafts, sending, foreign]);

    const ids = [...drafts, already, outside, sending, foreign];
    const key = crypto.randomUUID();
    const res = await me.browser.mutate<BulkResult>(
      'posts.bulk',
      { ids, action: { kind: 'approve' } },
      { idempotencyKey: key },
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      action: 'approve',
      changed: 3,
      skipped: { unchanged: 1, not_in_workflow: 1, publishing: 1, not_found: 1 },
    });
    expect(res.data?.undoToken).toEqual(expect.any(String));
    const after = await rows([...drafts, sending, foreign]);
    for (const id of drafts) {
      expect(after.get(id)).toMatchObject({
        approval_stage: 'approved',
        version: before.get(id)!.version + 1,
      });
    }
    // The post being published and the other workspace's post are untouched.
    expect(after.get(sending)).toEqual(before.get(sending));
    expect(after.get(foreign)).toEqual(before.get(foreign));
    // Each approved post's new version gets its wake-up.
    expect(enqueued.map((w) => w.id).sort()).toEqual([...drafts].sort());
    // The history names the move, as a single approve does.
    const history = await handle.db
      .selectFrom('post_stage_events')
      .select(['from_stage', 'to_stage'])
      .where('post_id', '=', drafts[2]!)
      .execute();
    expect(history).toEqual([{ from_stage: 'review', to_stage: 'approved' }]);

    // The retry with the same key: the same answer, nothing changes, no wake-up again.
    enqueued.length = 0;
    const replay = await me.browser.mutate<BulkResult>(
      'posts.bulk',
      { ids, action: { kind: 'approve' } },
      { idempotencyKey: key },
    );
    expect(replay.data).toEqual(res.data);
    expect(await rows([...drafts, sending, foreign])).toEqual(after);
    expect(enqueued).toEqual([]);

    // One live event per call tells every open screen of the workspace.
    const events = await handle.db
      .selectFrom('live_events')
      .select(['kind', 'user_id', 'post_id', 'platform'])
      .where(
        'workspace_id',
        '=',
        (
          await handle.db
            .selectFrom('workspaces')
            .select('id')
            .where('personal_of', '=', me.id)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .where('kind', '=', 'bulk')
      .execute();
    expect(events).toEqual([{ kind: 'bulk', user_id: me.id, post_id: null, platform: null }]);

    // Undo puts each back in the stage it came from.
    const undo = await me.browser.mutate<BulkUndoResult>('posts.bulkUndo', { token: res.data!.undoToken });
    expect(undo.data).toMatchObject({ state: 'undone', restored: 3 });
    const undone = await rows(drafts);
    expect(drafts.map((id) => undone.get(id)?.approval_stage)).toEqual(['draft', 'draft', 'review']);
  });

  it('selects "all matching the filter" on the server, only in the caller’s workspace', async () => {
    const { me, theme, insert } = await account('bulk-filter');
    const stranger = await account('bulk-filter-outro');
    const mine = [await insert(theme.id, 'A'), await insert(theme.id, 'B')];
    const theirs = await stranger.insert(stranger.theme.id, 'C');
    // A filter naming another workspace's theme matches nothing here.
    const foreignFilter = await me.browser.mutate<BulkResult>('posts.bulk', {
      filter: { themeId: stranger.theme.id },
      action: { kind: 'approve' },
    });
    expect(foreignFilter.data).toMatchObject({ changed: 0, skipped: {}, undoToken: null });
    expect((await rows([theirs])).get(theirs)?.approval_stage).toBe('draft');

    const res = await me.browser.mutate<BulkResult>('posts.bulk', {
      filter: { themeId: theme.id, statuses: ['scheduled'] },
      action: { kind: 'move', to: 'client' },
    });
    expect(res.data).toMatchObject({ changed: 2, skipped: {} });
    const after = await rows(mine);
    expect(mine.map((id) => after.get(id)?.approval_stage)).toEqual(['client', 'client']);
  });

  it('reschedules by an offset with the past rule; undo restores exactly the unchanged ones (a fence)', async () => {
    const { me, plain, insert } = await account('bulk-reagendar');
    const a = await insert(plain.id, 'A', { at: 2 * DAY });
    const b = await insert(plain.id, 'B', { at: 2 * DAY });
    const soon = await insert(plain.id, 'Em 1 hora', { at: HOUR });
    const published = await insert(plain.id, 'Publicado', { status: 'published' });
    const before = await rows([a, b, soon, published]);

    const back = await me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [a, soon],
      action: { kind: 'reschedule', offsetMinutes: -24 * 60 },
    });
    // A day earlier puts the 1-hour post in the past: skipped, A moves.
    expect(back.data).toMatchObject({ changed: 1, skipped: { past: 1 } });

    const res = await me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [a, b, published],
      action: { kind: 'reschedule', offsetMinutes: 24 * 60 },
    });
    expect(res.data).toMatchObject({ changed: 2, skipped: { published: 1 } });
    const moved = await rows([a, b]);
    expect(moved.get(b)!.scheduled_for!.getTime()).toBe(before.get(b)!.scheduled_for!.getTime() + DAY);
    expect(moved.get(a)!.scheduled_for!.getTime()).toBe(before.get(a)!.scheduled_for!.getTime());

    // B is edited after the bulk call: undo leaves it as it is now.
    await handle.db
      .updateTable('suggested_posts')
      .set((eb) => ({ title: 'Editado', version: eb('version', '+', 1) }))
      .where('id', '=', b)
      .execute();
    const undo = await me.browser.mutate<BulkUndoResult>('posts.bulkUndo', { token: res.data!.undoToken });
    expect(undo.data).toMatchObject({ state: 'undone', restored: 1, skipped: { changed_since: 1 } });
    const undone = await rows([a, b]);
    expect(undone.get(a)!.scheduled_for!.getTime()).toBe(before.get(a)!.scheduled_for!.getTime() - DAY);
    expect(undone.get(b)!.scheduled_for!.getTime()).toBe(before.get(b)!.scheduled_for!.getTime() + DAY);
    // A second undo (another tab) changes nothing.
    const again = await me.browser.mutate<BulkUndoResult>('posts.bulkUndo', { token: res.data!.undoToken });
    expect(again.data).toMatchObject({ state: 'already_undone', restored: 0 });
    expect(await rows([a, b])).toEqual(undone);
  });

  it('leaves a post its network could not publish (a video; Pinterest without an image) as it was, counted per reason', async () => {
    const { me, theme, plain, insert } = await account('bulk-midia');
    const toMastodon = (id: string) =>
      handle.db.updateTable('suggested_posts').set({ platform: 'mastodon' }).where('id', '=', id).execute();
    const fine = await insert(plain.id, 'Sem mídia');
    const video = await insert(plain.id, 'Com vídeo');
    await addVideo(video, me.id);
    // Mastodon does not publish video through Pauta (capabilities.video).
    await toMastodon(video);
    const pin = await insert(plain.id, 'Pin sem imagem');
    await handle.db
      .updateTable('suggested_posts')
      .set({ platform: 'pinterest' })
      .where('id', '=', pin)
      .execute();
    const before = await rows([fine, video, pin]);

    const res = await me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [fine, video, pin],
      action: { kind: 'reschedule', offsetMinutes: 24 * 60 },
    });
    expect(res.data).toMatchObject({ changed: 1, skipped: { video_not_published: 1, image_required: 1 } });
    expect(bulkSkippedText(res.data!.skipped)).toBe(
      'Ignorados: 1 com vídeo, que a rede ainda não publica pela Pauta (remova o vídeo em Editar), 1 sem a imagem que a rede exige (adicione uma em Editar).',
    );
    const after = await rows([fine, video, pin]);
    expect(after.get(fine)!.scheduled_for!.getTime()).toBe(before.get(fine)!.scheduled_for!.getTime() + DAY);
    expect(after.get(video)).toEqual(before.get(video));
    expect(after.get(pin)).toEqual(before.get(pin));
    expect(enqueued.map((w) => w.id)).toEqual([fine]);

    // Approving would let them publish: the same refusal; the others are approved.
    enqueued.length = 0;
    const ok = await insert(theme.id, 'Em revisão', { stage: 'review' });
    const withVideo = await insert(theme.id, 'Vídeo em revisão', { stage: 'review' });
    await addVideo(withVideo, me.id);
    await toMastodon(withVideo);
    const approved = await me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [ok, withVideo],
      action: { kind: 'approve' },
    });
    expect(approved.data).toMatchObject({ changed: 1, skipped: { video_not_published: 1 } });
    const stages = await rows([ok, withVideo]);
    expect(stages.get(ok)!.approval_stage).toBe('approved');
    expect(stages.get(withVideo)!.approval_stage).toBe('review');
    expect(enqueued.map((w) => w.id)).toEqual([ok]);

    // Moving it to a theme without approval would too (a theme on Mastodon, so that the network
    // is not what stops it).
    await handle.db
      .updateTable('themes')
      .set({ social_networks: sql`array_append(social_networks, 'mastodon')` })
      .where('id', '=', plain.id)
      .execute();
    const moved = await me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [withVideo],
      action: { kind: 'theme', themeId: plain.id },
    });
    expect(moved.data).toMatchObject({ changed: 0, skipped: { video_not_published: 1 } });
    expect((await rows([withVideo])).get(withVideo)!.theme_id).toBe(theme.id);
  });

  it('changes theme within the workspace only, with the new theme’s approval rule, and undoes it', async () => {
    const { me, theme, plain, insert } = await account('bulk-tema');
    const stranger = await account('bulk-tema-outro');
    const a = await insert(plain.id, 'A');
    const b = await insert(plain.id, 'B');
    const foreignTheme = await stranger.me.browser.mutate('posts.bulk', {
      ids: [a],
      action: { kind: 'theme', themeId: plain.id },
    });
    expect(foreignTheme.status).toBe(404);
    const refused = await me.browser.mutate('posts.bulk', {
      ids: [a],
      action: { kind: 'theme', themeId: stranger.theme.id },
    });
    expect(refused.error?.message).toBe('NOT_FOUND');
    expect((await rows([a])).get(a)?.theme_id).toBe(plain.id);

    const res = await me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [a, b],
      action: { kind: 'theme', themeId: theme.id },
    });
    expect(res.data).toMatchObject({ changed: 2 });
    const moved = await rows([a, b]);
    expect(moved.get(a)).toMatchObject({ theme_id: theme.id, approval_stage: 'draft' });
    const undo = await me.browser.mutate<BulkUndoResult>('posts.bulkUndo', { token: res.data!.undoToken });
    expect(undo.data).toMatchObject({ state: 'undone', restored: 2 });
    expect((await rows([a])).get(a)).toMatchObject({ theme_id: plain.id, approval_stage: null });
  });

  it('deletes all but the post being published, with no undo', async () => {
    const { me, plain, insert } = await account('bulk-excluir');
    const a = await insert(plain.id, 'A');
    const b = await insert(plain.id, 'B', { status: 'failed' });
    const sending = await insert(plain.id, 'Publicando', { status: 'publishing' });
    const res = await me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [a, b, sending],
      action: { kind: 'delete' },
    });
    expect(res.data).toEqual({ action: 'delete', changed: 2, skipped: { publishing: 1 }, undoToken: null });
    expect([...(await rows([a, b, sending])).keys()]).toEqual([sending]);
    expect(cancelled.sort()).toEqual([a, b].sort());
  });

  it('asks each action’s permission: a Revisor approves but does not delete; a Cliente does neither', async () => {
    const { me, workspaceId, theme, insert } = await account('bulk-dono');
    const a = await insert(theme.id, 'A');
    const reviewer = await signedInUser(handle, app.url, { label: 'bulk-revisor' });
    const client = await signedInUser(handle, app.url, { label: 'bulk-cliente' });
    await handle.db
      .insertInto('workspace_members')
      .values([
        { workspace_id: workspaceId, user_id: reviewer.id, role: 'reviewer' },
        { workspace_id: workspaceId, user_id: client.id, role: 'client' },
      ])
      .execute();
    reviewer.browser.headers.set('x-pauta-workspace', workspaceId);
    client.browser.headers.set('x-pauta-workspace', workspaceId);

    for (const action of [
      { kind: 'delete' },
      { kind: 'reschedule', offsetMinutes: 60 },
      { kind: 'theme', themeId: theme.id },
    ]) {
      const res = await reviewer.browser.mutate('posts.bulk', { ids: [a], action });
      expect(res.status, action.kind).toBe(403);
    }
    expect(
      (await client.browser.mutate('posts.bulk', { ids: [a], action: { kind: 'approve' } })).status,
    ).toBe(403);
    expect((await rows([a])).get(a)).toMatchObject({ approval_stage: 'draft' });

    const approved = await reviewer.browser.mutate<BulkResult>('posts.bulk', {
      ids: [a],
      action: { kind: 'approve' },
    });
    expect(approved.data).toMatchObject({ changed: 1 });
    // The owner's own token is not the Cliente's to use.
    expect((await client.browser.mutate('posts.bulkUndo', { token: approved.data!.undoToken })).status).toBe(
      403,
    );
    void me;
  });

  it(`refuses more than ${BULK_MAX_POSTS} posts and changes nothing`, async () => {
    const { me, workspaceId, plain } = await account('bulk-limite');
    const tooMany = Array.from({ length: BULK_MAX_POSTS + 1 }, () => crypto.randomUUID());
    const byIds = await me.browser.mutate('posts.bulk', { ids: tooMany, action: { kind: 'delete' } });
    expect(byIds.status).toBe(400);
    await handle.db
      .insertInto('suggested_posts')
      .values(
        Array.from({ length: BULK_MAX_POSTS + 1 }, (_, i) => ({
          user_id: me.id,
          workspace_id: workspaceId,
          theme_id: plain.id,
          title: `Post ${i}`,
          content: 'Texto',
          platform: 'linkedin' as const,
          scheduled_for: new Date(Date.now() + DAY + i * 60_000),
        })),
      )
      .execute();
    const byFilter = await me.browser.mutate('posts.bulk', {
      filter: { themeId: plain.id },
      action: { kind: 'delete' },
    });
    expect(byFilter.error).toMatchObject({
      message: 'VALIDATION_FAILED',
      details: { field: 'selection', max: BULK_MAX_POSTS },
    });
    const left = await handle.db
      .selectFrom('suggested_posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('theme_id', '=', plain.id)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(BULK_MAX_POSTS + 1);
  });
});

// Budgets are an installation-wide setting: a database of its own, so no other test sees them.
describe('posts.bulk and the network budgets', () => {
  let iso: Awaited<ReturnType<typeof isolatedDb>>;
  let isoApp: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    iso = await isolatedDb();
    isoApp = await listen(testDeps(iso.handle, { queue: fakeQueue }));
  });
  afterAll(async () => {
    await isoApp?.close();
    await iso?.drop();
  });

  it('refuses a reschedule past a budget as a whole (nothing moves) unless the person confirms', async () => {
    const db = iso.handle.db;
    await db
      .updateTable('admin_settings')
      .set({ setting_value: JSON.stringify({ linkedin: { month: 100, day: 1, scope: 'user' } }) })
      .where('setting_key', '=', 'network_budgets')
      .execute();
    const me = await signedInUser(iso.handle, isoApp.url, { label: 'bulk-orcamento', timezone: 'UTC' });
    const theme = await insertTestTheme(iso.handle, me.id);
    // Two posts on two days (within the budget of 1 a day); +1 day puts the first on the second's day.
    const day = (n: number) => new Date(Date.UTC(2027, 0, n, 12));
    const insert = (at: Date) =>
      db
        .insertInto('suggested_posts')
        .values({
          user_id: me.id,
          theme_id: theme.id,
          title: 'T',
          content: 'C',
          platform: 'linkedin',
          scheduled_for: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const a = await insert(day(10));
    await insert(day(11));
    const refused = await me.browser.mutate('posts.bulk', {
      ids: [a.id],
      action: { kind: 'reschedule', offsetMinutes: 1440 },
    });
    expect(refused.error?.message).toBe('BUDGET_EXCEEDED');
    const unchanged = await db
      .selectFrom('suggested_posts')
      .select(['scheduled_for', 'version'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.scheduled_for?.toISOString()).toBe(day(10).toISOString());
    expect(await db.selectFrom('post_bulk_actions').select('id').execute()).toEqual([]);

    const confirmed = await me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [a.id],
      action: { kind: 'reschedule', offsetMinutes: 1440, confirmOverBudget: true },
    });
    expect(confirmed.data).toMatchObject({ changed: 1 });
    const moved = await db
      .selectFrom('suggested_posts')
      .select('scheduled_for')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(moved.scheduled_for?.toISOString()).toBe(day(11).toISOString());
  });
});
