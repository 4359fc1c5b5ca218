// 'Histórico de entrega' over HTTP against real PostgreSQL (issue 24, item 4): the steps the
// delivery trigger derives from a post's fenced changes, the network's answer per attempt, the
// owner's own actions — and only for the post's owner (another user's post → NOT_FOUND).
import {
  claimPost,
  completePublish,
  type DbHandle,
  flagUnknownOutcomes,
  markOutcomeUnresolved,
  markSendStarted,
  parseKeyring,
  upsertAccount,
} from '@pauta/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import type { QueueGateway } from '../queue/queue-gateway.js';
import type { DeliveryTimeline } from './delivery-timeline.service.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
const keyring = parseKeyring(TEST_KEYS);
const queue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts) => posts.length,
  cancelPublish: async () => 0,
  queues: () => [],
  close: async () => {},
};

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle, { queue }));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

async function duePost(userId: string) {
  const theme = await insertTestTheme(handle, userId);
  const account = await upsertAccount(handle.db, keyring, {
    userId,
    platform: 'linkedin',
    platformUserId: `li-${userId.slice(0, 8)}`,
    platformUsername: 'Teste',
    accountData: {},
    accessToken: 'token-de-teste',
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: userId,
      theme_id: theme.id,
      title: 'Título',
      content: 'Conteúdo do post',
      platform: 'linkedin',
      scheduled_for: new Date(Date.now() - 1000),
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  return { post, account };
}

describe('posts.deliveryTimeline', () => {
  it('shows each step of an attempt, the network answer, a flag and the owner action, oldest first', async () => {
    const me = await signedInUser(handle, app.url, { label: 'timeline' });
    const { post, account } = await duePost(me.id);
    // Attempt 1: claimed, sent, the worker died; the reconciler flags it.
    const first = (await claimPost(handle.db, post.id, post.version))!;
    expect(await markSendStarted(handle.db, first)).toBe(true);
    await handle.db
      .updateTable('suggested_posts')
      .set({ send_started_at: sql<Date>`now() - interval '1 hour'` })
      .where('id', '=', post.id)
      .execute();
    await flagUnknownOutcomes(handle.db, {
      staleMs: 60_000,
      code: 'UNKNOWN_OUTCOME',
      detail: 'o worker parou durante o envio',
      location: 'worker: reconciliador',
    });
    // The resolver could not tell (the listing failed).
    expect(
      await markOutcomeUnresolved(handle.db, {
        post: first,
        message: 'Não foi possível confirmar no LinkedIn se este post foi publicado (500).',
        location: 'worker: consulta à rede',
      }),
    ).toBe(true);
    // The owner retries ("Tentar novamente" asks the network first: LinkedIn can be asked).
    const retried = await me.browser.mutate('posts.retry', { id: post.id });
    expect(retried.status).toBe(200);
    // A stale claim of another worker that lost the post records nothing (fenced).
    expect(await markSendStarted(handle.db, { id: post.id, claim_token: crypto.randomUUID() })).toBe(false);
    // The network had it: found, published (the flagged claim completes).
    expect(
      await completePublish(handle.db, {
        post: first,
        accountId: account.id,
        platformPostId: 'urn:li:share:9',
        url: 'https://www.linkedin.com/feed/update/urn:li:share:9/',
      }),
    ).toBe(true);

    const res = await me.browser.query<DeliveryTimeline>('posts.deliveryTimeline', { id: post.id });
    expect(res.status).toBe(200);
    const timeline = res.data!;
    expect(timeline.entries.map((e) => e.kind)).toEqual([
      'claimed',
      'send_started',
      'flagged',
      'lookup_unresolved',
      'lookup_requested',
      'resolved_published',
      'answer',
    ]);
    expect(timeline.entries.every((e) => e.attempt === 1)).toBe(true);
    expect(timeline.entries.find((e) => e.kind === 'flagged')).toMatchObject({ code: 'UNKNOWN_OUTCOME' });
    expect(timeline.entries.find((e) => e.kind === 'lookup_unresolved')).toMatchObject({
      detail: expect.stringContaining('Não foi possível confirmar no LinkedIn'),
    });
    expect(timeline.entries.at(-1)).toMatchObject({
      kind: 'answer',
      ok: true,
      platformPostId: 'urn:li:share:9',
    });
    expect(timeline.url).toContain('urn:li:share:9');
    // No token or internal id in what the owner sees.
    expect(JSON.stringify(timeline)).not.toContain('token-de-teste');
    expect(JSON.stringify(timeline)).not.toContain(first.claim_token);
  });

  it("answers NOT_FOUND for another user's post and for a missing one", async () => {
    const me = await signedInUser(handle, app.url, { label: 'timeline' });
    const other = await signedInUser(handle, app.url, { label: 'timeline' });
    const { post } = await duePost(other.id);
    await claimPost(handle.db, post.id, post.version);
    for (const id of [post.id, '3f1c1f8e-8a37-4c55-9a4e-1d1b8a7f0000']) {
      const res = await me.browser.query('posts.deliveryTimeline', { id });
      expect(res.status).toBe(404);
      expect(res.error?.message).toBe('NOT_FOUND');
    }
    const own = await other.browser.query<DeliveryTimeline>('posts.deliveryTimeline', { id: post.id });
    expect(own.data?.entries.map((e) => e.kind)).toEqual(['claimed']);
  });

  it('records the owner reschedule with the new date', async () => {
    const me = await signedInUser(handle, app.url, { label: 'timeline' });
    const theme = await insertTestTheme(handle, me.id);
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({
        user_id: me.id,
        theme_id: theme.id,
        title: 'Título',
        content: 'Conteúdo',
        platform: 'linkedin',
        scheduled_for: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const when = new Date(Date.now() + 7_200_000);
    expect((await me.browser.mutate('posts.reschedule', { id: post.id, scheduledFor: when })).status).toBe(
      200,
    );
    const res = await me.browser.query<DeliveryTimeline>('posts.deliveryTimeline', { id: post.id });
    expect(res.data?.entries).toMatchObject([{ kind: 'owner_reschedule' }]);
    const dueAt = new Date(String((res.data!.entries[0] as unknown as { dueAt: string }).dueAt)).getTime();
    expect(Math.abs(dueAt - when.getTime())).toBeLessThan(60_000);
  });
});
