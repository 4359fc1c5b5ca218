// Webhook subscriptions through the app's HTTP API (docs/webhooks.md): SSRF refusals with their
// pt-BR text and nothing stored, the secret shown once and repeated only for the same click, the
// owner-only scope, and the database triggers recording each transition exactly once.
import { randomUUID } from 'node:crypto';
import { webhookUrlRefusalMessage } from '@pauta/core';
import { type DbHandle, markNeedsReconnect, parseKeyring, upsertAccount } from '@pauta/db';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';

let iso: { handle: DbHandle; url: string; drop(): Promise<void> };
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  iso = await isolatedDb();
  app = await listen(testDeps(iso.handle));
});
afterAll(async () => {
  await app?.close();
  await iso?.drop();
});

const subscriptionsOf = (workspaceId: string) =>
  iso.handle.db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .execute();

describe('webhooks.create refuses internal addresses (SSRF)', () => {
  const cases: [string, string][] = [
    ['http://127.0.0.1:8080/hook', 'PRIVATE_ADDRESS'],
    ['http://10.0.0.7/hook', 'PRIVATE_ADDRESS'],
    ['http://192.168.1.10/hook', 'PRIVATE_ADDRESS'],
    ['http://100.100.100.200/latest', 'PRIVATE_ADDRESS'],
    ['http://169.254.169.254/latest/meta-data/', 'PRIVATE_ADDRESS'],
    ['http://[::1]/hook', 'PRIVATE_ADDRESS'],
    ['http://[::ffff:127.0.0.1]/hook', 'PRIVATE_ADDRESS'],
    ['http://[fd00:ec2::254]/hook', 'PRIVATE_ADDRESS'],
    ['http://0x7f.1/hook', 'PRIVATE_ADDRESS'],
    ['http://localhost:3000/hook', 'PRIVATE_ADDRESS'],
    ['ftp://exemplo.com.br/hook', 'SCHEME'],
    ['https://ana:senha@exemplo.com.br/hook', 'CREDENTIALS'],
    ['exemplo.com.br/hook', 'INVALID_URL'],
  ];
  it.each(cases)('%s → %s, with its pt-BR text, nothing stored', async (url, reason) => {
    const me = await signedInUser(iso.handle, app.url, { label: 'ssrf' });
    const res = await me.browser.request('/trpc/webhooks.create', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: me.browser.origin,
        'sec-fetch-site': 'same-origin',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(superjson.serialize({ url, events: ['post.published'] })),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { json: { message: string; data: { userMessage: string; details: { reason: string } } } };
    };
    expect(body.error.json.message).toBe('WEBHOOK_URL_REFUSED');
    expect(body.error.json.data.details.reason).toBe(reason);
    expect(body.error.json.data.userMessage).toBe(webhookUrlRefusalMessage(reason as 'SCHEME'));
    expect(await subscriptionsOf(me.id)).toEqual([]);
  });

  it('accepts a public address, shows the secret once, and answers the same click with the same subscription', async () => {
    const me = await signedInUser(iso.handle, app.url, { label: 'publico' });
    const key = randomUUID();
    const input = { url: 'https://93.184.215.14/webhooks', events: ['post.published', 'post.failed'] };
    const first = await me.browser.mutate<{ subscription: { id: string; url: string }; secret: string }>(
      'webhooks.create',
      input,
      { idempotencyKey: key },
    );
    expect(first.status).toBe(200);
    expect(first.data!.secret).toMatch(/^whsec_/);
    const repeat = await me.browser.mutate<{ subscription: { id: string }; secret: string }>(
      'webhooks.create',
      input,
      {
        idempotencyKey: key,
      },
    );
    expect(repeat.data).toEqual(first.data);
    const rows = await subscriptionsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret).not.toContain(first.data!.secret.slice(6));
    expect(rows[0]!.secret.startsWith('v1:')).toBe(true);
    // The list never carries the secret.
    const list = await me.browser.query<Record<string, unknown>[]>('webhooks.list');
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list.data)).not.toContain(first.data!.secret.slice(6));
    expect(list.data![0]).toMatchObject({ url: 'https://93.184.215.14/webhooks', status: 'active' });

    // Another person's workspace sees nothing and changes nothing.
    const stranger = await signedInUser(iso.handle, app.url, { label: 'estranho' });
    expect((await stranger.browser.query<unknown[]>('webhooks.list')).data).toEqual([]);
    const del = await stranger.browser.mutate('webhooks.delete', { id: first.data!.subscription.id });
    expect(del.status).toBe(200);
    const pause = await stranger.browser.mutate('webhooks.setStatus', {
      id: first.data!.subscription.id,
      status: 'paused',
    });
    expect(pause.error?.message).toBe('NOT_FOUND');
    expect(await subscriptionsOf(me.id)).toHaveLength(1);

    // Pause, resume, delete.
    await me.browser.mutate('webhooks.setStatus', { id: first.data!.subscription.id, status: 'paused' });
    expect((await subscriptionsOf(me.id))[0]).toMatchObject({ status: 'paused', paused_reason: 'owner' });
    await me.browser.mutate('webhooks.setStatus', { id: first.data!.subscription.id, status: 'active' });
    expect((await subscriptionsOf(me.id))[0]).toMatchObject({ status: 'active', paused_reason: null });
    await me.browser.mutate('webhooks.delete', { id: first.data!.subscription.id });
    expect(await subscriptionsOf(me.id)).toEqual([]);
  });

  it('refuses an event that does not exist and an empty list of events', async () => {
    const me = await signedInUser(iso.handle, app.url, { label: 'eventos' });
    const unknown = await me.browser.mutate('webhooks.create', {
      url: 'https://93.184.215.14/a',
      events: ['post.deleted'],
    });
    expect(unknown.status).toBe(400);
    const none = await me.browser.mutate('webhooks.create', { url: 'https://93.184.215.14/a', events: [] });
    expect(none.status).toBe(400);
    expect(await subscriptionsOf(me.id)).toEqual([]);
  });
});

describe('events come from the database, once per transition', () => {
  it('records post, approval and account events once each, none for a write that changed nothing', async () => {
    const me = await signedInUser(iso.handle, app.url, { label: 'eventos-db' });
    await me.browser.mutate('webhooks.create', {
      url: 'https://93.184.215.14/todos',
      events: [
        'post.scheduled',
        'post.published',
        'post.failed',
        'post.needs_attention',
        'approval.client_approved',
        'approval.changes_requested',
        'account.needs_reconnect',
      ],
    });
    const db = iso.handle.db;
    const theme = await insertTestTheme(iso.handle, me.id);
    const post = await db
      .insertInto('suggested_posts')
      .values({
        theme_id: theme.id,
        user_id: me.id,
        title: 'Café coado',
        content: 'Cinco dicas',
        platform: 'x',
        scheduled_for: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const claim = randomUUID();
    await db
      .updateTable('suggested_posts')
      .set({ status: 'publishing', claim_token: claim })
      .where('id', '=', post.id)
      .execute();
    await db
      .updateTable('suggested_posts')
      .set({ status: 'published' })
      .where('id', '=', post.id)
      .where('claim_token', '=', claim)
      .execute();
    // A second worker's fenced write with a lost claim matches nothing: no event.
    await db
      .updateTable('suggested_posts')
      .set({ status: 'published' })
      .where('id', '=', post.id)
      .where('claim_token', '=', randomUUID())
      .execute();
    // A write that leaves the status as it was: no event.
    await db
      .updateTable('suggested_posts')
      .set({ updated_at: new Date() })
      .where('id', '=', post.id)
      .execute();
    await db
      .insertInto('post_stage_events')
      .values([
        {
          post_id: post.id,
          user_id: me.id,
          actor: 'client',
          actor_label: 'Ana Cliente',
          from_stage: 'client',
          to_stage: 'changes',
        },
        {
          post_id: post.id,
          user_id: me.id,
          actor: 'client',
          actor_label: 'Ana Cliente',
          from_stage: 'client',
          to_stage: 'approved',
        },
        // The team's moves are not the client's decision.
        {
          post_id: post.id,
          user_id: me.id,
          actor: 'owner',
          actor_user_id: me.id,
          from_stage: 'review',
          to_stage: 'approved',
        },
      ])
      .execute();
    const account = await upsertAccount(db, parseKeyring(TEST_KEYS), {
      userId: me.id,
      platform: 'x',
      platformUserId: `x-${randomUUID().slice(0, 6)}`,
      platformUsername: 'cafe_aurora',
      accountData: {},
      accessToken: 'SENTINEL-token',
      refreshToken: null,
      accessTokenExpiresAt: null,
    });
    expect(await markNeedsReconnect(db, account.id, 'revoked')).toBe(true);
    expect(await markNeedsReconnect(db, account.id, 'revoked')).toBe(false);

    const events = await db
      .selectFrom('webhook_events')
      .select(['id', 'type', 'payload'])
      .where('workspace_id', '=', me.id)
      .orderBy('created_at')
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        'account.needs_reconnect',
        'approval.changes_requested',
        'approval.client_approved',
        'post.published',
        'post.scheduled',
      ].sort(),
    );
    const published = events.find((e) => e.type === 'post.published')!;
    expect(published.payload).toMatchObject({
      type: 'post.published',
      data: { postId: post.id, title: 'Café coado', platform: 'x', status: 'published', workspaceId: me.id },
    });
    expect(JSON.stringify(events)).not.toContain('SENTINEL');
    // One delivery per event for the one subscription.
    const deliveries = await db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where(
        'event_id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    expect(deliveries).toHaveLength(events.length);
  });
});
