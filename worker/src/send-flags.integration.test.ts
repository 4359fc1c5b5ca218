// Issue 24, item 2: a crash flags only what was sent. 150 posts are due on three networks, the
// worker runs with WORKER_CONCURRENCY=C, the sandbox holds every create request, and the worker
// is SIGKILLed while they are held. Posts marked "send started" (what the reconciler would flag
// "Precisa de atenção") must be exactly posts whose create request the network received, and at
// most C of them. Before the send gate, each network's C jobs in flight were marked together
// (3 × C for three networks) and a post waiting behind anything was flagged unsent.
import { type DbHandle, parseKeyring } from '@pauta/db';
import { createNetworkClients, installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import {
  type ImageServer,
  jpegImage,
  type RecordedRequest,
  type SandboxHandle,
  serveImages,
  startSandbox,
} from '@pauta/networks/sandbox';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, makeUser, testRedisPrefix } from '../../test/harness.js';
import { NO_BUDGETS } from '../../test/integration-global-setup.js';
import { TEST_KEYS } from '../../test/server-harness.js';
import {
  connectThroughSandbox,
  seedPosts,
  seedTheme,
  spawnWorker,
  type WorkerProcess,
  waitFor,
} from '../../test/worker-harness.js';
import { type PublishContext, processPublishJob } from './publish/publish-post.processor.js';
import { createSendGate } from './publish/send-gate.js';

const keyring = parseKeyring(TEST_KEYS);
const C = 8;
const NETWORKS = ['linkedin', 'facebook', 'x'] as const;
let handle: DbHandle;
let iso: Awaited<ReturnType<typeof isolatedDb>>;
let sandbox: SandboxHandle;
let images: ImageServer;
const running: WorkerProcess[] = [];

beforeAll(async () => {
  // A database of its own: the spawned worker publishes every due post it can see, and a post
  // another file left due (on these networks) would be one more request in the count below.
  iso = await isolatedDb();
  handle = iso.handle;
  await handle.db
    .updateTable('admin_settings')
    .set({ setting_value: JSON.stringify(NO_BUDGETS) })
    .where('setting_key', '=', 'network_budgets')
    .execute();
  sandbox = await startSandbox({ tokenPrefix: 'SENTINEL' });
  images = await serveImages();
  installSandboxFetch(sandbox.url);
});
afterEach(async () => {
  for (const w of running.splice(0)) {
    if (w.child.exitCode === null) {
      w.kill('SIGKILL');
      await w.exited;
    }
  }
  sandbox.clearFaults();
});
afterAll(async () => {
  await images?.close();
  await sandbox?.close();
  uninstallSandboxFetch();
  await iso?.drop();
});

/** The requests that create a visible post, on each network. */
function createRequests(): RecordedRequest[] {
  return [
    ...sandbox.requests({ host: 'api.linkedin.com', pathPrefix: '/rest/posts', method: 'POST' }),
    ...sandbox
      .requests({ host: 'graph.facebook.com', method: 'POST' })
      .filter((r) => r.path.endsWith('/feed')),
    ...sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' }),
  ];
}

describe('a crash flags only what was sent (issue 24)', () => {
  it(`150 due posts, concurrency ${C}, requests held, SIGKILL: flagged = sent ≤ ${C}`, async () => {
    const user = await makeUser(handle, 'sendflags');
    for (const platform of NETWORKS) {
      await connectThroughSandbox(handle, keyring, { sandboxUrl: sandbox.url, userId: user.id, platform });
    }
    const theme = await seedTheme(handle, user.id, [...NETWORKS]);
    const posts: { id: string; marker: string }[] = [];
    for (const platform of NETWORKS) {
      const rows = await seedPosts(handle, {
        userId: user.id,
        themeId: theme.id,
        platform,
        count: 50,
        scheduledFor: new Date(),
        text: (i) => `Post ${platform} ${i} marcador-${platform}-${i}-${Date.now()}`,
      });
      const texts = await handle.db
        .selectFrom('suggested_posts')
        .select(['id', 'content'])
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      posts.push(...texts.map((t) => ({ id: t.id, marker: t.content.split(' ').at(-1)! })));
    }
    sandbox.clearRequests();
    // The networks hold every create request far longer than the test.
    const hold = { delayMs: 30_000, times: 1000, method: 'POST' } as const;
    sandbox.addFault({ host: 'api.linkedin.com', pathPrefix: '/rest/posts', ...hold });
    sandbox.addFault({ host: 'graph.facebook.com', ...hold });
    sandbox.addFault({ host: 'api.twitter.com', pathPrefix: '/2/tweets', ...hold });

    const worker = spawnWorker({
      databaseUrl: iso.url,
      sandboxUrl: sandbox.url,
      redisPrefix: `${testRedisPrefix()}-sendflags`,
      env: { WORKER_CONCURRENCY: String(C), STALE_CLAIM_MS: '60000', NETWORK_TIMEOUT_MS: '29000' },
    });
    running.push(worker);
    // Wait until the requests in flight stop growing, then kill the worker while they are held.
    let last = -1;
    await waitFor(
      async () => {
        const now = createRequests().length;
        const stable = now > 0 && now === last;
        last = now;
        if (!stable) await new Promise((r) => setTimeout(r, 1000));
        return stable;
      },
      { timeoutMs: 60_000, label: 'pedidos de criação retidos pela rede' },
    );
    worker.kill('SIGKILL');
    await worker.exited;

    const received = createRequests();
    const sent = new Set(
      posts
        .filter((p) => received.some((r) => JSON.stringify(r.body ?? '').includes(p.marker)))
        .map((p) => p.id),
    );
    const rows = await handle.db
      .selectFrom('suggested_posts')
      .select(['id', 'status', 'send_started_at'])
      .where(
        'id',
        'in',
        posts.map((p) => p.id),
      )
      .execute();
    const flagged = rows.filter((r) => r.send_started_at !== null);
    const flaggedNeverSent = flagged.filter((r) => !sent.has(r.id));
    const sentNotFlagged = [...sent].filter((id) => !flagged.some((r) => r.id === id));
    process.stdout.write(
      `[send-flags] posts=${posts.length} concurrency=${C} requests-received=${received.length} flagged=${flagged.length} flagged-never-sent=${flaggedNeverSent.length} sent-not-flagged=${sentNotFlagged.length} claimed=${rows.filter((r) => r.status === 'publishing').length}\n`,
    );
    expect(flaggedNeverSent).toEqual([]);
    expect(sentNotFlagged).toEqual([]);
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.length).toBeLessThanOrEqual(C);
    expect(received.length).toBe(flagged.length);
  }, 120_000);
});

describe('a post with images is marked only when its create leaves (issue 24)', () => {
  it('uploads held by LinkedIn: no post is marked "send started", none is flagged unsent', async () => {
    const user = await makeUser(handle, 'sendflags-media');
    await connectThroughSandbox(handle, keyring, {
      sandboxUrl: sandbox.url,
      userId: user.id,
      platform: 'linkedin',
    });
    const theme = await seedTheme(handle, user.id, ['linkedin']);
    const posts = await seedPosts(handle, {
      userId: user.id,
      themeId: theme.id,
      platform: 'linkedin',
      count: 12,
      scheduledFor: new Date(Date.now() - 1000),
    });
    const clients = createNetworkClients({
      env: { SOCIAL_SANDBOX_URL: sandbox.url },
      appUrl: 'http://localhost:3000',
      timeoutMs: 20_000,
    });
    const ctx: PublishContext = {
      db: handle.db,
      keyring,
      logger: pino({ level: 'silent' }),
      adapter: clients.adapter,
      oauth: clients.oauth,
      enqueue: async () => {},
      media: async (post) => {
        const bytes = jpegImage(1080, 1080, post.id.charCodeAt(0), 1024);
        return [
          {
            mimeType: 'image/jpeg',
            altText: 'foto',
            width: 1080,
            height: 1080,
            bytes,
            url: images.put(`${post.id}.jpg`, bytes),
          },
        ];
      },
      config: {
        retryBaseMs: 30_000,
        retryMaxMs: 900_000,
        refreshMarginMs: 60_000,
        networkTimeoutMs: 20_000,
        sendStartBudgetMs: 100_000,
      },
      now: () => new Date(),
      sendGate: createSendGate(C),
    };
    sandbox.clearRequests();
    // LinkedIn holds every image upload: no create can leave while they are held.
    sandbox.addFault({
      host: 'api.linkedin.com',
      pathPrefix: '/rest/images',
      method: 'POST',
      delayMs: 4000,
      times: 100,
    });
    const jobs = posts.map((post) => processPublishJob(ctx, { postId: post.id, version: post.version }));
    await waitFor(
      async () =>
        sandbox.requests({ host: 'api.linkedin.com', pathPrefix: '/rest/images', method: 'POST' }).length >=
        C,
      { timeoutMs: 20_000, label: 'uploads retidos' },
    );
    // What a SIGKILL now would leave behind.
    const marked = await handle.db
      .selectFrom('suggested_posts')
      .select('id')
      .where(
        'id',
        'in',
        posts.map((p) => p.id),
      )
      .where('send_started_at', 'is not', null)
      .execute();
    const creates = sandbox.requests({ host: 'api.linkedin.com', pathPrefix: '/rest/posts', method: 'POST' });
    process.stdout.write(
      `[send-flags] images held: posts=${posts.length} concurrency=${C} uploads-in-flight=${sandbox.requests({ host: 'api.linkedin.com', pathPrefix: '/rest/images', method: 'POST' }).length} marked=${marked.length} creates-received=${creates.length}\n`,
    );
    expect(marked).toHaveLength(0);
    expect(creates).toHaveLength(0);
    // Once the uploads answer, every post goes out exactly once.
    const outcomes = await Promise.all(jobs);
    expect(outcomes.every((o) => o.kind === 'published')).toBe(true);
    expect(
      sandbox.requests({ host: 'api.linkedin.com', pathPrefix: '/rest/posts', method: 'POST' }),
    ).toHaveLength(posts.length);
  }, 90_000);
});
