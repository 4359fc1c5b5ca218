// "Salvar rascunho" for every post (docs/composer.md) over HTTP against real PostgreSQL: the
// composer stores drafts in a theme without approval with no wake-up; Posts Agendados lists them
// with their status (and the "Rascunho" filter), as the REST API's GET does; Editar Post's save
// keeps a draft a draft, "Agendar" (scheduleDraft) schedules it once per Idempotency-Key with its
// wake-up; "Adicionar à fila" schedules it at its slot; the bulk "Para a fila" leaves it and says
// why. A fixed `now` (a Monday in 2027) keeps every time independent of the wall clock.
import { randomUUID } from 'node:crypto';
import { generateApiToken, type Platform } from '@pauta/core';
import { type DbHandle, parseKeyring, upsertAccount } from '@pauta/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { setAccountSlots } from '../posting-queue/posting-queue.service.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import type { BulkResult } from './bulk.service.js';

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

// Monday 2027-03-01 12:00 in São Paulo (-03:00).
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

async function workspace(label: string) {
  const me = await signedInUser(handle, app.url, { label });
  const { id: workspaceId } = await handle.db
    .selectFrom('workspaces')
    .select('id')
    .where('personal_of', '=', me.id)
    .executeTakeFirstOrThrow();
  const theme = await insertTestTheme(handle, me.id, 'Tema dos rascunhos');
  await handle.db
    .updateTable('themes')
    .set({ social_networks: ['linkedin', 'x'] })
    .where('id', '=', theme.id)
    .execute();
  const accounts: Partial<Record<Platform, string>> = {};
  for (const platform of ['linkedin', 'x'] as const)
    accounts[platform] = (
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
  return { me, workspaceId, theme, accounts };
}

const row = (id: string) =>
  handle.db
    .selectFrom('suggested_posts')
    .select(['id', 'status', 'version', 'scheduled_for', 'content', 'approval_stage', 'queue_account_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

type Composed = { groupId: string; posts: { id: string; platform: Platform; status: string }[] };
type ListItem = { id: string; status: string; scheduledFor: string };
const WHEN = new Date('2027-03-10T12:00:00Z');

async function composeDraft(ws: Awaited<ReturnType<typeof workspace>>, title = 'Pão de fermentação natural') {
  const res = await ws.me.browser.mutate<Composed>('posts.compose', {
    themeId: ws.theme.id,
    title,
    baseContent: 'Pão de fermentação natural saindo às 7h.',
    networks: [
      { platform: 'linkedin', content: null },
      { platform: 'x', content: null },
    ],
    scheduledFor: WHEN,
    action: 'draft',
  });
  expect(res.status).toBe(200);
  return res.data!;
}

describe('drafts outside approval', () => {
  it('the composer stores drafts with no wake-up; the list and the REST API show them as drafts', async () => {
    const ws = await workspace('rascunho-lista');
    const composed = await composeDraft(ws);
    expect(composed.posts.map((p) => p.status)).toEqual(['draft', 'draft']);
    expect(enqueued).toEqual([]);
    for (const post of composed.posts)
      expect(await row(post.id)).toMatchObject({
        status: 'draft',
        approval_stage: null,
        scheduled_for: WHEN,
      });
    // "Enviar para aprovação" still needs an approval theme.
    const review = await ws.me.browser.mutate('posts.compose', {
      themeId: ws.theme.id,
      title: 'Revisão',
      baseContent: 'Texto.',
      networks: [{ platform: 'x', content: null }],
      scheduledFor: WHEN,
      action: 'review',
    });
    expect(review.error?.message).toBe('VALIDATION_FAILED');

    const all = await ws.me.browser.query<{ items: ListItem[] }>('posts.list', {});
    expect(all.data!.items.map((i) => i.status)).toEqual(['draft', 'draft']);
    const onlyDrafts = await ws.me.browser.query<{ items: ListItem[] }>('posts.list', {
      statuses: ['draft'],
    });
    expect(onlyDrafts.data!.items).toHaveLength(2);
    const onlyScheduled = await ws.me.browser.query<{ items: ListItem[] }>('posts.list', {
      statuses: ['scheduled'],
    });
    expect(onlyScheduled.data!.items).toEqual([]);

    const token = generateApiToken();
    expect(
      (
        await ws.me.browser.mutate('apiTokens.create', {
          name: 'Leitura',
          scopes: ['read'],
          expiresInDays: 30,
          token,
        })
      ).status,
    ).toBe(200);
    const rest = await fetch(`${app.url}/api/v1/posts?statuses=draft`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(200);
    const body = (await rest.json()) as { items: ListItem[] };
    expect(body.items.map((i) => i.status)).toEqual(['draft', 'draft']);
  });

  it('Editar Post keeps a draft a draft; "Agendar" schedules it once with its wake-up; "Adicionar à fila" too', async () => {
    const ws = await workspace('rascunho-agendar');
    const [linkedin, x] = (await composeDraft(ws)).posts;
    const update = (content: string, extra: Record<string, unknown> = {}, key?: string) =>
      ws.me.browser.mutate(
        'posts.update',
        { id: linkedin!.id, title: 'Pão', content, scheduledFor: WHEN, ...extra },
        key ? { idempotencyKey: key } : {},
      );
    expect((await update('Pão saindo às 7h.')).status).toBe(200);
    expect(await row(linkedin!.id)).toMatchObject({ status: 'draft', content: 'Pão saindo às 7h.' });
    expect(enqueued).toEqual([]);

    // "Agendar", clicked twice (the same key): scheduled once, one wake-up.
    const key = randomUUID();
    const first = await update('Pão saindo às 7h.', { scheduleDraft: true }, key);
    const again = await update('Pão saindo às 7h.', { scheduleDraft: true }, key);
    expect([first.status, again.status]).toEqual([200, 200]);
    const scheduled = await row(linkedin!.id);
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduled_for: WHEN });
    expect(enqueued).toEqual([
      { id: linkedin!.id, version: scheduled.version, scheduled_for: WHEN, platform: 'linkedin' },
    ]);
    // A past time is refused, as for any post; the draft stays a draft.
    const past = await ws.me.browser.mutate('posts.update', {
      id: x!.id,
      title: 'Pão',
      content: 'Texto',
      scheduledFor: new Date('2027-02-01T12:00:00Z'),
      scheduleDraft: true,
    });
    expect(past.status).not.toBe(200);
    expect((await row(x!.id)).status).toBe('draft');

    // The bulk "Para a fila" leaves the draft and says why; "Adicionar à fila" schedules it at its slot.
    await setAccountSlots(deps(), {
      workspaceId: ws.workspaceId,
      accountId: ws.accounts.x!,
      slots: [{ weekday: 3, minute: 600 }],
    });
    enqueued.length = 0;
    const bulk = await ws.me.browser.mutate<BulkResult>('posts.bulk', {
      ids: [x!.id],
      action: { kind: 'queue' },
    });
    expect(bulk.data).toMatchObject({ changed: 0, skipped: { draft: 1 } });
    expect((await row(x!.id)).status).toBe('draft');
    const queued = await ws.me.browser.mutate<{ slotAt: Date }>('posts.addToQueue', { postId: x!.id });
    expect(queued.status).toBe(200);
    // Wednesday 2027-03-03 10:00 in São Paulo.
    expect(new Date(queued.data!.slotAt).toISOString()).toBe('2027-03-03T13:00:00.000Z');
    const inQueue = await row(x!.id);
    expect(inQueue).toMatchObject({ status: 'scheduled', queue_account_id: ws.accounts.x });
    expect(enqueued.map((w) => [w.id, w.version])).toEqual([[x!.id, inQueue.version]]);
  });

  it('a draft of another workspace is not found', async () => {
    const ws = await workspace('rascunho-dono');
    const stranger = await workspace('rascunho-outro');
    const [post] = (await composeDraft(ws)).posts;
    const res = await stranger.me.browser.mutate('posts.update', {
      id: post!.id,
      title: 'Invasão',
      content: 'Texto',
      scheduledFor: WHEN,
      scheduleDraft: true,
    });
    expect(res.error?.message).toBe('NOT_FOUND');
    expect((await row(post!.id)).status).toBe('draft');
  });
});
