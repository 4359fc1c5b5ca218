// The Cliente member's view over HTTP on real PostgreSQL (docs/workspaces.md "The Cliente view"):
// a member with the Cliente role sees only the posts waiting for the client and the published
// ones, decides with the link's own service (stage event and comment with actor client and the
// member's name, the owner's live event and email, the wake-up on approval), a repeat changes
// nothing, bad input changes nothing, and roles without the action are refused.
import { randomUUID } from 'node:crypto';
import { WORKSPACE_HEADER } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import type { ClientActionAnswer } from './client-link.service.js';
import type { ClientPendingPage } from './client-view.service.js';

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

type Person = Awaited<ReturnType<typeof signedInUser>>;
let owner: Person;
let client: Person;
let reviewer: Person;
let outsider: Person;
let workspace: string;
let themeId: string;
const HOUR = 3_600_000;

async function insertPost(title: string, stage: 'client' | 'review' | null, hours: number) {
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: owner.id,
      workspace_id: workspace,
      theme_id: themeId,
      title,
      content: `Texto de ${title}`,
      platform: 'linkedin',
      scheduled_for: new Date(Date.now() + hours * HOUR),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (stage)
    await handle.db
      .updateTable('suggested_posts')
      .set({ approval_stage: stage })
      .where('id', '=', post.id)
      .execute();
  return post.id;
}

function stageOf(id: string) {
  return handle.db
    .selectFrom('suggested_posts')
    .select(['approval_stage', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle, { queue: fakeQueue }));
  owner = await signedInUser(handle, app.url, { label: 'dona-cv' });
  client = await signedInUser(handle, app.url, { label: 'cliente-cv' });
  reviewer = await signedInUser(handle, app.url, { label: 'revisor-cv' });
  outsider = await signedInUser(handle, app.url, { label: 'fora-cv' });
  await handle.db
    .updateTable('profiles')
    .set({ first_name: 'Clara', last_name: 'Padaria' })
    .where('id', '=', client.id)
    .execute();
  // The owner's personal workspace (its id is hers); members inserted directly (no invitations yet).
  workspace = owner.id;
  await handle.db
    .insertInto('workspace_members')
    .values([
      { workspace_id: workspace, user_id: client.id, role: 'client' },
      { workspace_id: workspace, user_id: reviewer.id, role: 'reviewer' },
    ])
    .execute();
  for (const person of [owner, client, reviewer, outsider])
    person.browser.headers.set(WORKSPACE_HEADER, workspace);
  const theme = await insertTestTheme(handle, owner.id, 'Campanha de verão');
  themeId = theme.id;
  await handle.db.updateTable('themes').set({ requires_approval: true }).where('id', '=', themeId).execute();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

beforeEach(() => {
  enqueued.length = 0;
});

describe('clientView.pending and published', () => {
  it('shows the Cliente only the posts waiting for the client, page by page, and the published ones', async () => {
    const first = await insertPost('Primeiro pendente', 'client', 5);
    const second = await insertPost('Segundo pendente', 'client', 6);
    const inReview = await insertPost('Em revisão', 'review', 4);
    const noApproval = await insertPost('Sem aprovação', null, 3);
    await handle.db
      .insertInto('published_posts')
      .values({
        user_id: owner.id,
        workspace_id: workspace,
        theme_id: themeId,
        title: 'Já publicado',
        content: 'Conteúdo publicado',
        platform: 'linkedin',
        published_at: new Date(Date.now() - HOUR),
        url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
        reach: 120,
        likes_count: 7,
      })
      .execute();

    const page1 = await client.browser.query<ClientPendingPage>('clientView.pending', { limit: 1 });
    expect(page1.status).toBe(200);
    expect(page1.data!.posts.map((p) => p.title)).toEqual(['Primeiro pendente']);
    expect(page1.data!.nextCursor).not.toBeNull();
    const page2 = await client.browser.query<ClientPendingPage>('clientView.pending', {
      limit: 1,
      cursor: page1.data!.nextCursor,
    });
    expect(page2.data!.posts.map((p) => p.id)).toEqual([second]);
    const all = await client.browser.query<ClientPendingPage>('clientView.pending', {});
    const ids = all.data!.posts.map((p) => p.id);
    expect(ids).toEqual([first, second]);
    expect(ids).not.toContain(inReview);
    expect(ids).not.toContain(noApproval);

    const published = await client.browser.query<{ items: { title: string; reach: number | null }[] }>(
      'clientView.published',
      {},
    );
    expect(published.status).toBe(200);
    expect(published.data!.items).toEqual([expect.objectContaining({ title: 'Já publicado', reach: 120 })]);

    const junk = await client.browser.query('clientView.pending', { cursor: 'nada' });
    expect(junk.status).toBe(400);
  });

  it('refuses the Cliente the team views, and an outsider the client view', async () => {
    for (const procedure of ['posts.list', 'themes.list', 'approval.board']) {
      const res = await client.browser.query(procedure, procedure === 'approval.board' ? {} : undefined);
      expect(res.error?.code, procedure).toBe('FORBIDDEN');
    }
    const res = await outsider.browser.query('clientView.pending', {});
    expect(res.error?.message).toBe('WORKSPACE_UNAVAILABLE');
  });
});

describe('clientView.decide', () => {
  it('approves with the link service: client stage event with the member, live event, wake-up; a repeat changes nothing', async () => {
    const post = await insertPost('Aprovar pela conta', 'client', 8);
    const before = await stageOf(post);
    const key = randomUUID();
    const first = await client.browser.mutate<ClientActionAnswer>(
      'clientView.decide',
      { postId: post, decision: 'approve' },
      { idempotencyKey: key },
    );
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ state: 'done', stage: 'approved', changed: true });
    const again = await client.browser.mutate<ClientActionAnswer>(
      'clientView.decide',
      { postId: post, decision: 'approve' },
      { idempotencyKey: key },
    );
    expect(again.data).toEqual(first.data);
    const fresh = await client.browser.mutate<ClientActionAnswer>('clientView.decide', {
      postId: post,
      decision: 'approve',
    });
    expect(fresh.data).toEqual({ state: 'done', stage: 'approved', changed: false });

    const after = await stageOf(post);
    expect(after.approval_stage).toBe('approved');
    expect(after.version).toBe(before.version + 1);
    const events = await handle.db
      .selectFrom('post_stage_events')
      .select(['actor', 'actor_user_id', 'actor_label', 'to_stage'])
      .where('post_id', '=', post)
      .execute();
    expect(events).toEqual([
      { actor: 'client', actor_user_id: client.id, actor_label: 'Clara Padaria', to_stage: 'approved' },
    ]);
    const live = await handle.db
      .selectFrom('live_events')
      .select(['error_code', 'workspace_id'])
      .where('post_id', '=', post)
      .execute();
    expect(live).toContainEqual({ error_code: 'CLIENT_APPROVED', workspace_id: workspace });
    expect(enqueued.map((w) => w.id)).toEqual([post]);
    const emails = await handle.db
      .selectFrom('email_outbox')
      .select('to_address')
      .where('template_name', '=', 'client_approval_action')
      .where('created_at', '>', new Date(Date.now() - 60_000))
      .execute();
    const recipients = emails.map((e) => e.to_address);
    expect(recipients).toContainEqual(expect.stringMatching(/^dona-cv-/));
    expect(recipients.filter((to) => to.startsWith('cliente-cv-'))).toEqual([]);
  });

  it('asks for changes only with a comment; the comment carries the member', async () => {
    const post = await insertPost('Ajustar pela conta', 'client', 9);
    const empty = await client.browser.mutate('clientView.decide', {
      postId: post,
      decision: 'changes',
      comment: '  ',
    });
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe('VALIDATION_FAILED');
    expect((await stageOf(post)).approval_stage).toBe('client');

    const res = await client.browser.mutate<ClientActionAnswer>('clientView.decide', {
      postId: post,
      decision: 'changes',
      comment: 'Troque a foto, por favor.',
    });
    expect(res.data).toEqual({ state: 'done', stage: 'changes', changed: true });
    expect((await stageOf(post)).approval_stage).toBe('changes');
    const comments = await handle.db
      .selectFrom('post_comments')
      .select(['actor', 'actor_user_id', 'actor_label', 'body'])
      .where('post_id', '=', post)
      .execute();
    expect(comments).toEqual([
      {
        actor: 'client',
        actor_user_id: client.id,
        actor_label: 'Clara Padaria',
        body: 'Troque a foto, por favor.',
      },
    ]);
  });

  it('refuses a post not waiting for the client, one of another workspace, and roles without the action', async () => {
    const inReview = await insertPost('Ainda em revisão', 'review', 10);
    const conflict = await client.browser.mutate('clientView.decide', {
      postId: inReview,
      decision: 'approve',
    });
    expect(conflict.error?.code).toBe('CONFLICT');
    expect((await stageOf(inReview)).approval_stage).toBe('review');

    const otherTheme = await insertTestTheme(handle, outsider.id, 'Tema alheio');
    const foreign = await handle.db
      .insertInto('suggested_posts')
      .values({
        user_id: outsider.id,
        theme_id: otherTheme.id,
        title: 'Alheio',
        content: 'x',
        platform: 'linkedin',
        scheduled_for: new Date(Date.now() + HOUR),
        approval_stage: 'client',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notFound = await client.browser.mutate('clientView.decide', {
      postId: foreign.id,
      decision: 'approve',
    });
    expect(notFound.error?.message).toBe('NOT_FOUND');
    expect((await stageOf(foreign.id)).approval_stage).toBe('client');

    const pending = await insertPost('Pendente para o revisor', 'client', 11);
    const byReviewer = await reviewer.browser.mutate('clientView.decide', {
      postId: pending,
      decision: 'approve',
    });
    expect(byReviewer.error?.code).toBe('FORBIDDEN');
    const byOutsider = await outsider.browser.mutate('clientView.decide', {
      postId: pending,
      decision: 'approve',
    });
    expect(byOutsider.error?.message).toBe('WORKSPACE_UNAVAILABLE');
    expect((await stageOf(pending)).approval_stage).toBe('client');
  });

  it('lets the Cliente comment only on the posts it sees; the team comments on any', async () => {
    const waiting = await insertPost('Comentário do cliente', 'client', 12);
    const inReview = await insertPost('Comentário em revisão', 'review', 13);
    const commentsOn = (postId: string) =>
      handle.db.selectFrom('post_comments').select('body').where('post_id', '=', postId).execute();

    const onWaiting = await client.browser.mutate('approval.comment', { postId: waiting, body: 'Adorei' });
    expect(onWaiting.status).toBe(200);
    expect(await commentsOn(waiting)).toEqual([{ body: 'Adorei' }]);
    // A post still with the team is not the client's to see: as if it did not exist.
    const onReview = await client.browser.mutate('approval.comment', { postId: inReview, body: 'Espiando' });
    expect(onReview.error?.message).toBe('NOT_FOUND');
    expect(await commentsOn(inReview)).toEqual([]);
    const byReviewer = await reviewer.browser.mutate('approval.comment', { postId: inReview, body: 'Ok' });
    expect(byReviewer.status).toBe(200);
    expect(await commentsOn(inReview)).toEqual([{ body: 'Ok' }]);
  });

  it('two decisions at once on one post: one moves it, the other changes nothing', async () => {
    const post = await insertPost('Duas abas', 'client', 12);
    const [a, b] = await Promise.all([
      client.browser.mutate<ClientActionAnswer>('clientView.decide', { postId: post, decision: 'approve' }),
      client.browser.mutate<ClientActionAnswer>('clientView.decide', { postId: post, decision: 'approve' }),
    ]);
    const changed = [a.data, b.data].filter((d) => d?.state === 'done' && d.changed);
    expect(changed).toHaveLength(1);
    const events = await handle.db
      .selectFrom('post_stage_events')
      .select('id')
      .where('post_id', '=', post)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('shows the Cliente a post’s video as the link does: signed video and cover URLs with its facts, no image', async () => {
    const post = await insertPost('Reel da padaria', 'client', 14);
    const id = randomUUID();
    await handle.db
      .insertInto('post_media')
      .values({
        id,
        post_id: post,
        user_id: owner.id,
        position: 0,
        kind: 'video',
        storage_key: `posts/${workspace}/${post}/${id}.mp4`,
        thumb_key: `posts/${workspace}/${post}/capa-thumb.webp`,
        mime_type: 'video/mp4',
        width: 1080,
        height: 1920,
        size_bytes: 1000,
        duration_seconds: 20,
        rotation: 0,
        container: 'mp4',
        video_codec: 'avc',
        video_codec_string: 'avc1.640028',
        frame_rate: 30,
        bitrate: 1000,
        audio: null,
        cover_key: `posts/${workspace}/${post}/capa.jpg`,
        cover_time_seconds: 2,
      })
      .execute();
    const all = await client.browser.query<ClientPendingPage>('clientView.pending', {});
    const shown = all.data!.posts.find((p) => p.id === post);
    expect(shown).toMatchObject({
      images: [],
      video: {
        url: expect.stringMatching(
          new RegExp(`^/media/posts/${workspace}/${post}/${id}\\.mp4\\?exp=\\d+&sig=`),
        ),
        coverUrl: expect.stringMatching(
          new RegExp(`^/media/posts/${workspace}/${post}/capa\\.jpg\\?exp=\\d+&sig=`),
        ),
        durationSeconds: 20,
        width: 1080,
        height: 1920,
      },
    });
    expect(JSON.stringify(shown)).not.toContain('avc1');
  });
});
