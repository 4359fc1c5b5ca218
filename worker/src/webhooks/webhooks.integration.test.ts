// Signed webhooks end to end (issue 28 item 3; docs/webhooks.md), through real HTTP: the web app
// (tRPC over HTTP) creates the subscription, the sandbox X publishes a post through two worker
// processes (child processes, real Redis, a database of their own), and a local receiver that
// fails twice before answering 200 gets `post.published` signed as Standard Webhooks describes —
// checked with the `standardwebhooks` verifier from npm — and counted per webhook-id.
// In-process: rotation (both secrets verify in the grace period), "Reenviar" (idempotent per
// click), pausing after three days of failures with an injectable clock (the owners' email).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { SETTING_KEYS, WEBHOOK_PAUSE_AFTER_MS } from '@pauta/core';
import { type DbHandle, parseKeyring } from '@pauta/db';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, testRedisPrefix } from '../../../test/harness.js';
import { listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import {
  connectThroughSandbox,
  seedPosts,
  seedTheme,
  spawnWorker,
  type WorkerProcess,
  waitFor,
} from '../../../test/worker-harness.js';
import { createLogger } from '../logger.js';
import { deliverDueWebhooks } from './deliver.js';

const keyring = parseKeyring(TEST_KEYS);
const logger = createLogger({ level: 'silent', pretty: false });
let iso: { handle: DbHandle; url: string; drop(): Promise<void> };
let sandbox: SandboxHandle;
let app: { url: string; close(): Promise<void> };
const running: WorkerProcess[] = [];
const receivers: Server[] = [];

interface Received {
  headers: Record<string, string>;
  body: string;
  answered: number;
}

/** A local receiver: `answer(n, id)` gives the status of the n-th request (1-based) for that webhook-id. */
async function startReceiver(answer: (n: number, id: string) => number) {
  const received: Received[] = [];
  const perId = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      const n = (perId.get(id) ?? 0) + 1;
      perId.set(id, n);
      const status = answer(n, id);
      received.push({
        headers: {
          'webhook-id': id,
          'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
        },
        body,
        answered: status,
      });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : 'receptor fora do ar');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receivers.push(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/webhooks`, received };
}

function verifies(secret: string, r: Received): boolean {
  try {
    new Webhook(secret).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  iso = await isolatedDb();
  // The receiver is on 127.0.0.1: an administrator allows private addresses for this database.
  await iso.handle.db
    .updateTable('admin_settings')
    .set({ setting_value: JSON.stringify(true) })
    .where('setting_key', '=', SETTING_KEYS.webhooksAllowPrivateAddresses)
    .execute();
  sandbox = await startSandbox({ tokenPrefix: 'SENTINEL' });
  installSandboxFetch(sandbox.url);
  app = await listen(testDeps(iso.handle));
});
afterAll(async () => {
  for (const w of running.splice(0)) {
    if (w.child.exitCode === null) {
      w.kill('SIGKILL');
      await w.exited;
    }
  }
  for (const r of receivers) r.close();
  await app?.close();
  await sandbox?.close();
  uninstallSandboxFetch();
  await iso?.drop();
});

async function newOwner(label: string) {
  const me = await signedInUser(iso.handle, app.url, { label });
  return me;
}

type Created = { subscription: { id: string }; secret: string };

describe('signed webhooks through HTTP', () => {
  it('delivers post.published, validly signed, exactly once per event id across a receiver that fails twice, with two workers', async () => {
    const me = await newOwner('webhook-dono');
    const receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
    const created = await me.browser.mutate<Created>('webhooks.create', {
      url: receiver.url,
      events: ['post.published'],
    });
    expect(created.status).toBe(200);
    const secret = created.data!.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    await connectThroughSandbox(iso.handle, keyring, {
      sandboxUrl: sandbox.url,
      userId: me.id,
      platform: 'x',
    });
    const theme = await seedTheme(iso.handle, me.id, ['x']);
    const tag = `wh-${Date.now()}`;
    const posts = await seedPosts(iso.handle, {
      userId: me.id,
      themeId: theme.id,
      platform: 'x',
      count: 2,
      scheduledFor: new Date(Date.now() + 1000),
      text: (i) => `${tag} post ${i + 1}`,
    });

    const redisPrefix = `${testRedisPrefix()}-webhooks`;
    for (let i = 0; i < 2; i++)
      running.push(
        spawnWorker({
          sandboxUrl: sandbox.url,
          redisPrefix,
          databaseUrl: iso.url,
          env: { RECONCILE_INTERVAL_MS: '300', WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_FIRST_MS: '300' },
        }),
      );

    const okIds = () =>
      new Set(receiver.received.filter((r) => r.answered === 200).map((r) => r.headers['webhook-id']));
    await waitFor(async () => (okIds().size === 2 ? true : null), {
      timeoutMs: 40_000,
      label: `dois eventos entregues (${running.map((w) => w.output().slice(-400)).join('\n')})`,
    });
    // Several polls of both workers later: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const byId = new Map<string, Received[]>();
    for (const r of receiver.received)
      byId.set(r.headers['webhook-id']!, [...(byId.get(r.headers['webhook-id']!) ?? []), r]);
    expect(byId.size).toBe(2);
    const postIds = new Set<string>();
    for (const [id, requests] of byId) {
      expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
      // Two failures, then one success: the same event id each time, never again after the 200.
      expect(requests.map((r) => r.answered)).toEqual([500, 500, 200]);
      for (const r of requests) {
        expect(verifies(secret, r)).toBe(true);
        const payload = JSON.parse(r.body) as {
          type: string;
          data: { postId: string; platform: string; status: string };
        };
        expect(payload.type).toBe('post.published');
        expect(payload.data).toMatchObject({ platform: 'x', status: 'published' });
        postIds.add(payload.data.postId);
      }
      expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    }
    expect([...postIds].sort()).toEqual(posts.map((p) => p.id).sort());
    // A wrong secret does not verify.
    expect(verifies(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, receiver.received[0]!)).toBe(false);

    // The delivery log the owner sees: three attempts, 500, 500, 200, delivered.
    const log = await me.browser.query<
      { eventId: string; status: string; attempts: number; log: { statusCode: number | null }[] }[]
    >('webhooks.deliveries', { subscriptionId: created.data!.subscription.id });
    expect(log.data).toHaveLength(2);
    for (const d of log.data!) {
      expect(d).toMatchObject({ status: 'delivered', attempts: 3 });
      expect(d.log.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    }
    // The secret is sealed in the database.
    const row = await iso.handle.db
      .selectFrom('webhook_subscriptions')
      .select('secret')
      .where('id', '=', created.data!.subscription.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret.slice(6, 20));
    for (const w of running) expect(w.output()).not.toContain(secret.slice(6));
    // The tests below deliver in this process, alone.
    for (const w of running.splice(0)) {
      w.kill('SIGTERM');
      await w.exited;
    }
  }, 60_000);

  it('signs with both secrets during a rotation; the same click rotates once', async () => {
    const me = await newOwner('webhook-rotacao');
    const receiver = await startReceiver(() => 204);
    const created = await me.browser.mutate<Created>('webhooks.create', {
      url: receiver.url,
      events: ['post.failed'],
    });
    const oldSecret = created.data!.secret;
    const key = crypto.randomUUID();
    const rotated = await me.browser.mutate<{ secret: string }>(
      'webhooks.rotateSecret',
      { id: created.data!.subscription.id },
      { idempotencyKey: key },
    );
    const again = await me.browser.mutate<{ secret: string }>(
      'webhooks.rotateSecret',
      { id: created.data!.subscription.id },
      { idempotencyKey: key },
    );
    expect(rotated.data!.secret).not.toBe(oldSecret);
    expect(again.data!.secret).toBe(rotated.data!.secret);

    await sql`SELECT pauta_webhook_record(${me.id}::uuid, 'post.failed', '{"postId":"p1"}'::jsonb)`.execute(
      iso.handle.db,
    );
    await deliverDueWebhooks({
      db: iso.handle.db,
      keyring,
      logger,
      appUrl: 'http://pauta.test',
      concurrency: 4,
    });
    expect(receiver.received).toHaveLength(1);
    const r = receiver.received[0]!;
    expect(r.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifies(rotated.data!.secret, r)).toBe(true);
    expect(verifies(oldSecret, r)).toBe(true);

    // After the grace period only the new secret signs.
    await iso.handle.db
      .updateTable('webhook_subscriptions')
      .set({ previous_secret_until: new Date(Date.now() - 1000) })
      .where('id', '=', created.data!.subscription.id)
      .execute();
    await sql`SELECT pauta_webhook_record(${me.id}::uuid, 'post.failed', '{"postId":"p2"}'::jsonb)`.execute(
      iso.handle.db,
    );
    const second = await deliverDueWebhooks({
      db: iso.handle.db,
      keyring,
      logger,
      appUrl: 'http://pauta.test',
      concurrency: 4,
    });
    // The request of event p2, found by its payload (not by arrival order), once it has arrived.
    const isLate = (r: Received) => r.body.includes('"p2"');
    await expect
      .poll(() => receiver.received.some(isLate), { timeout: 10_000, message: JSON.stringify(second) })
      .toBe(true);
    const late = receiver.received.find(isLate)!;
    expect(verifies(rotated.data!.secret, late)).toBe(true);
    expect(verifies(oldSecret, late)).toBe(false);
  });

  it('delivers an event at once even when the worker clock reads a few milliseconds behind the database', async () => {
    // The event's first due time is the database's now() in microseconds; a JavaScript Date taken
    // right after the insert may fall in the same millisecond (truncated below it). Due by either
    // clock: the first poll sends it, not the next one.
    const me = await newOwner('webhook-relogio');
    const receiver = await startReceiver(() => 204);
    await me.browser.mutate<Created>('webhooks.create', { url: receiver.url, events: ['post.failed'] });
    await sql`SELECT pauta_webhook_record(${me.id}::uuid, 'post.failed', '{"postId":"p1"}'::jsonb)`.execute(
      iso.handle.db,
    );
    const result = await deliverDueWebhooks({
      db: iso.handle.db,
      keyring,
      logger,
      appUrl: 'http://pauta.test',
      concurrency: 4,
      now: () => new Date(Date.now() - 50),
    });
    expect(result).toEqual({ delivered: 1, failed: 0, paused: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('"Reenviar" sends the same event again once per click', async () => {
    const me = await newOwner('webhook-reenviar');
    const receiver = await startReceiver(() => 200);
    const created = await me.browser.mutate<Created>('webhooks.create', {
      url: receiver.url,
      events: ['account.needs_reconnect'],
    });
    await sql`SELECT pauta_webhook_record(${me.id}::uuid, 'account.needs_reconnect', '{"accountId":"a1"}'::jsonb)`.execute(
      iso.handle.db,
    );
    const deliver = () =>
      deliverDueWebhooks({ db: iso.handle.db, keyring, logger, appUrl: 'http://pauta.test', concurrency: 4 });
    await deliver();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = (
      await me.browser.query<{ id: number; eventId: string }[]>('webhooks.deliveries', {
        subscriptionId: created.data!.subscription.id,
      })
    ).data!;

    const key = crypto.randomUUID();
    for (let i = 0; i < 3; i++) {
      const answer = await me.browser.mutate(
        'webhooks.resend',
        { deliveryId: delivery!.id },
        { idempotencyKey: key },
      );
      expect(answer.status).toBe(200);
      await deliver();
    }
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(delivery!.eventId);
    await me.browser.mutate('webhooks.resend', { deliveryId: delivery!.id });
    await deliver();
    expect(receiver.received).toHaveLength(3);

    // Another workspace's delivery is not found (and not re-sent).
    const stranger = await newOwner('webhook-estranho');
    const foreign = await stranger.browser.mutate('webhooks.resend', { deliveryId: delivery!.id });
    expect(foreign.error?.message).toBe('NOT_FOUND');
    await deliver();
    expect(receiver.received).toHaveLength(3);
  });

  it('checks the address again at delivery time: refused once the administrator disallows internal addresses', async () => {
    const me = await newOwner('webhook-ssrf-entrega');
    const receiver = await startReceiver(() => 200);
    const created = await me.browser.mutate<Created>('webhooks.create', {
      url: receiver.url,
      events: ['post.failed'],
    });
    expect(created.status).toBe(200);
    const setting = (value: boolean) =>
      iso.handle.db
        .updateTable('admin_settings')
        .set({ setting_value: JSON.stringify(value) })
        .where('setting_key', '=', SETTING_KEYS.webhooksAllowPrivateAddresses)
        .execute();
    await setting(false);
    try {
      await sql`SELECT pauta_webhook_record(${me.id}::uuid, 'post.failed', '{"postId":"p1"}'::jsonb)`.execute(
        iso.handle.db,
      );
      await deliverDueWebhooks({
        db: iso.handle.db,
        keyring,
        logger,
        appUrl: 'http://pauta.test',
        concurrency: 4,
      });
      expect(receiver.received).toHaveLength(0);
      const log = await me.browser.query<
        { status: string; log: { statusCode: number | null; error: string | null }[] }[]
      >('webhooks.deliveries', { subscriptionId: created.data!.subscription.id });
      expect(log.data![0]).toMatchObject({ status: 'pending' });
      expect(log.data![0]!.log).toEqual([
        expect.objectContaining({ statusCode: null, error: 'endereço recusado: PRIVATE_ADDRESS' }),
      ]);
    } finally {
      await setting(true);
    }
  });

  it('pauses a subscription failing for three days and emails its owner once', async () => {
    const me = await newOwner('webhook-pausa');
    const email = (
      await iso.handle.db
        .selectFrom('profiles')
        .select('email')
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow()
    ).email;
    const receiver = await startReceiver(() => 503);
    const created = await me.browser.mutate<Created>('webhooks.create', {
      url: receiver.url,
      events: ['post.needs_attention'],
    });
    const id = created.data!.subscription.id;
    // A second ahead: the event rows take the database's now() as their first due time.
    let clock = new Date(Date.now() + 1000);
    const deliver = () =>
      deliverDueWebhooks({
        db: iso.handle.db,
        keyring,
        logger,
        appUrl: 'http://pauta.test',
        concurrency: 4,
        now: () => clock,
      });
    await sql`SELECT pauta_webhook_record(${me.id}::uuid, 'post.needs_attention', '{"postId":"p1"}'::jsonb)`.execute(
      iso.handle.db,
    );
    const start = clock;
    await deliver();
    const sub = () =>
      iso.handle.db
        .selectFrom('webhook_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect((await sub()).failing_since?.getTime()).toBe(start.getTime());
    expect((await sub()).status).toBe('active');

    // Two days later: still failing, still active.
    clock = new Date(start.getTime() + 2 * 86_400_000);
    await sql`SELECT pauta_webhook_record(${me.id}::uuid, 'post.needs_attention', '{"postId":"p2"}'::jsonb)`.execute(
      iso.handle.db,
    );
    await deliver();
    expect((await sub()).status).toBe('active');
    expect((await sub()).failing_since?.getTime()).toBe(start.getTime());

    // Past three days: the next failure pauses it and queues one email per owner.
    clock = new Date(start.getTime() + WEBHOOK_PAUSE_AFTER_MS + 60_000);
    await deliver();
    expect(await sub()).toMatchObject({ status: 'paused', paused_reason: 'failing' });
    const sent = receiver.received.length;
    const emails = await iso.handle.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'html'])
      .where('template_name', '=', 'webhook_paused')
      .where('to_address', '=', email)
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain(receiver.url);
    expect(emails[0]!.html).toContain('foi pausado');
    expect(emails[0]!.html).toContain('http://pauta.test/integracoes');

    // Paused: nothing is sent, no new event is recorded for it, no second email.
    clock = new Date(clock.getTime() + 86_400_000);
    await sql`SELECT pauta_webhook_record(${me.id}::uuid, 'post.needs_attention', '{"postId":"p3"}'::jsonb)`.execute(
      iso.handle.db,
    );
    await deliver();
    expect(receiver.received.length).toBe(sent);
    const list = await me.browser.query<{ status: string; pausedReason: string }[]>('webhooks.list');
    expect(list.data![0]).toMatchObject({ status: 'paused', pausedReason: 'failing' });
  });
});
