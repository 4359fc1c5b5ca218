// The live-updates event bus on real PostgreSQL (docs/live-updates.md): a worker's fenced state
// change becomes one event that reaches the subscriptions of two independent hubs (two web
// processes: one LISTEN connection each); a fenced write that matched nothing produces none; the
// SSE endpoint replays what a reconnecting browser missed, by event id, and never sends another
// user's events or a post's content.
import type { LiveMessage } from '@pauta/core';
import {
  claimPost,
  completePublish,
  type DbHandle,
  insertTheme,
  listenPostgres,
  parseKeyring,
  recordFailure,
  saveMetrics,
  upsertAccount,
} from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, makeUser } from '../../../test/harness.js';
import { listen, testDeps } from '../../../test/server-harness.js';
import { cookieNames } from '../auth/cookies.js';
import { createSession } from '../auth/session.js';
import { createLogger } from '../logger.js';
import { type LiveHub, type LiveSubscriber, startLiveHub } from './live-hub.js';

let handle: DbHandle;
let url: string;
let drop: () => Promise<void>;
const hubs: LiveHub[] = [];
const logger = createLogger({ level: 'silent', pretty: false });
const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);

beforeAll(async () => {
  ({ handle, url, drop } = await isolatedDb());
});
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.close()));
  await drop();
});

/** A hub with its own LISTEN connection, as a separate web process has. */
async function webProcessHub(): Promise<LiveHub> {
  const hub = await startLiveHub({
    db: handle.db,
    listen: (channel, options) => listenPostgres(url, channel, options),
    logger,
  });
  hubs.push(hub);
  return hub;
}

/** A user with a LinkedIn account and one post due now. */
async function duePost(label: string) {
  const user = await makeUser(handle, label);
  const account = await upsertAccount(handle.db, keyring, {
    userId: user.id,
    platform: 'linkedin',
    platformUserId: `li-${user.id.slice(0, 8)}`,
    platformUsername: 'Teste',
    accountData: {},
    accessToken: 'token-secreto-de-teste',
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const theme = await insertTheme(handle.db, user.id, {
    name: 'Tema',
    description: 'Descrição',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      theme_id: theme.id,
      user_id: user.id,
      title: 'Título secreto',
      content: 'Conteúdo que não vai no evento',
      platform: 'linkedin',
      scheduled_for: new Date(Date.now() - 1000),
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  return { user, account, post };
}

/** Collects a subscriber's messages in the background. */
function collect(subscriber: LiveSubscriber) {
  const messages: LiveMessage[] = [];
  void (async () => {
    for await (const m of subscriber) messages.push(m);
  })();
  return messages;
}

async function until<T>(read: () => T, done: (value: T) => boolean, label: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`esperando ${label}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const statusesOf = (messages: LiveMessage[]) =>
  messages.flatMap((m) => (m.type === 'event' && m.event.kind === 'post' ? [m.event.status] : []));

describe('live event bus', () => {
  it('delivers a worker state change to the owner on two web processes, to an admin, not to others', async () => {
    const [webA, webB] = [await webProcessHub(), await webProcessHub()];
    const { user, account, post } = await duePost('live-owner');
    const other = await makeUser(handle, 'live-other');
    const ownerOnA = webA.subscribe({ workspaceId: user.id, all: false });
    const ownerOnB = webB.subscribe({ workspaceId: user.id, all: false });
    const otherOnB = webB.subscribe({ workspaceId: other.id, all: false });
    const adminOnA = webA.subscribe({ workspaceId: other.id, all: true });
    const [a, b, o, admin] = [ownerOnA, ownerOnB, otherOnB, adminOnA].map(collect) as [
      LiveMessage[],
      LiveMessage[],
      LiveMessage[],
      LiveMessage[],
    ];

    const claimed = await claimPost(handle.db, post.id, post.version);
    expect(claimed).toBeDefined();
    expect(
      await completePublish(handle.db, {
        post: claimed!,
        accountId: account.id,
        platformPostId: 'urn:li:share:1',
        url: null,
      }),
    ).toBe(true);

    for (const [messages, label] of [
      [a, 'web A'],
      [b, 'web B'],
      [admin, 'admin'],
    ] as const) {
      expect(
        await until(
          () => statusesOf(messages as LiveMessage[]),
          (s) => s.length >= 2,
          label,
        ),
        label,
      ).toEqual(['publishing', 'published']);
    }
    const published = a.find((m) => m.type === 'event' && m.event.status === 'published');
    expect(published).toMatchObject({
      type: 'event',
      replayed: false,
      event: { userId: user.id, postId: post.id, platform: 'linkedin', errorCode: null },
    });
    // Ids are monotonic, and the same event has the same id in every process.
    const idsA = a.flatMap((m) => (m.type === 'event' ? [Number(m.event.id)] : []));
    expect(idsA[1]).toBeGreaterThan(idsA[0]!);
    expect(b.flatMap((m) => (m.type === 'event' ? [m.event.id] : []))).toEqual(idsA.map(String));
    // Ids, status, platform and timestamps only.
    const serialized = JSON.stringify([...a, ...b, ...admin]);
    expect(serialized).not.toContain('Título secreto');
    expect(serialized).not.toContain('Conteúdo');
    expect(serialized).not.toContain('token-secreto');
    await new Promise((r) => setTimeout(r, 200));
    expect(o).toEqual([]);
    for (const s of [ownerOnA, ownerOnB, otherOnB, adminOnA]) s.close();
  });

  it('a fenced write that lost its claim produces no event; a failure carries its code', async () => {
    const hub = await webProcessHub();
    const { user, post } = await duePost('live-fence');
    const messages = collect(hub.subscribe({ workspaceId: user.id, all: false }));
    const claimed = (await claimPost(handle.db, post.id, post.version))!;
    const stale = { ...claimed, claim_token: '00000000-0000-4000-8000-000000000000' };
    const detail = { code: 'REJECTED', detail: 'recusado', location: 'teste' };
    expect(await recordFailure(handle.db, { post: stale, status: 'failed', ...detail })).toBe(false);
    expect(await recordFailure(handle.db, { post: claimed, status: 'failed', ...detail })).toBe(true);
    const statuses = await until(
      () => statusesOf(messages),
      (s) => s.length >= 2,
      'falha',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(statusesOf(messages)).toEqual(['publishing', 'failed']);
    expect(statuses).toHaveLength(2);
    const failed = messages.find((m) => m.type === 'event' && m.event.status === 'failed');
    expect(failed).toMatchObject({ event: { errorCode: 'REJECTED' } });
  });

  it('a metrics read becomes a metrics event', async () => {
    const hub = await webProcessHub();
    const { user, account, post } = await duePost('live-metrics');
    const claimed = (await claimPost(handle.db, post.id, post.version))!;
    await completePublish(handle.db, {
      post: claimed,
      accountId: account.id,
      platformPostId: 'p-1',
      url: null,
    });
    const messages = collect(hub.subscribe({ workspaceId: user.id, all: false }));
    const published = await handle.db
      .selectFrom('published_posts')
      .select('id')
      .where('suggested_post_id', '=', post.id)
      .executeTakeFirstOrThrow();
    await saveMetrics(handle.db, published.id, { reach: 10, likes: 1, comments: 0 });
    // The publish's own notification can still be on its way to the hub when the browser subscribes.
    const events = await until(
      () => messages.flatMap((m) => (m.type === 'event' && m.event.kind === 'metrics' ? [m.event] : [])),
      (e) => e.length >= 1,
      'métricas',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'metrics', publishedPostId: published.id, postId: post.id });
  });
});

describe('live.events over SSE', () => {
  /** Reads an SSE response until `count` tracked data messages arrived; returns [id, message]. */
  async function readStream(res: Response, count: number): Promise<[string, LiveMessage][]> {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const out: [string, LiveMessage][] = [];
    const deadline = Date.now() + 10_000;
    while (out.length < count && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: ?(.*)$/m.exec(block)?.[1];
        const data = /^data: ?(.*)$/m.exec(block)?.[1];
        if (id && data && !/^event:/m.test(block)) out.push([id, JSON.parse(data).json as LiveMessage]);
        end = buffer.indexOf('\n\n');
      }
    }
    await reader.cancel();
    return out;
  }

  it('starts at the newest id, then replays exactly what a reconnecting browser missed', async () => {
    const hub = await webProcessHub();
    const deps = testDeps(handle, { live: hub });
    const app = await listen(deps);
    try {
      const { user, account, post } = await duePost('live-sse');
      const stranger = await duePost('live-sse-stranger');
      const { token } = await createSession(handle.db, user.id, { persistent: false });
      const headers = {
        cookie: `${cookieNames(deps.env.appUrl).session}=${token}`,
        accept: 'text/event-stream',
      };
      const open = (input: unknown) =>
        fetch(`${app.url}/trpc/live.events?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
          headers,
        });

      const firstResponse = await open({});
      // A proxy such as nginx must not buffer the stream (events would arrive in bursts).
      expect(firstResponse.headers.get('x-accel-buffering')).toBe('no');
      const first = await readStream(firstResponse, 1);
      expect(first[0]![1]).toEqual({ type: 'sync' });
      const lastSeen = first[0]![0];

      // While the browser is away: its post is published; another user's post fails.
      const claimed = (await claimPost(handle.db, post.id, post.version))!;
      await completePublish(handle.db, {
        post: claimed,
        accountId: account.id,
        platformPostId: 'x',
        url: null,
      });
      const theirs = (await claimPost(handle.db, stranger.post.id, stranger.post.version))!;
      await recordFailure(handle.db, {
        post: theirs,
        status: 'failed',
        code: 'REJECTED',
        detail: 'recusado',
        location: 'teste',
      });

      const replay = await readStream(await open({ lastEventId: lastSeen }), 2);
      expect(replay.map(([, m]) => (m.type === 'event' ? [m.event.status, m.replayed] : m.type))).toEqual([
        ['publishing', true],
        ['published', true],
      ]);
      expect(replay.every(([, m]) => m.type === 'event' && m.event.userId === user.id)).toBe(true);
      expect(Number(replay[1]![0])).toBeGreaterThan(Number(replay[0]![0]));
      expect(Number(replay[0]![0])).toBeGreaterThan(Number(lastSeen));

      // Signed out: no stream.
      const anonymous = await fetch(
        `${app.url}/trpc/live.events?input=${encodeURIComponent('{"json":{}}')}`,
        {
          headers: { accept: 'text/event-stream' },
        },
      );
      const text = await anonymous.text();
      expect(text).toContain('UNAUTHORIZED');
      expect(text).not.toContain(user.id);
    } finally {
      await hub.close();
      await app.close();
    }
  });
});
