// Issue 24, item 3: an unknown outcome is resolved by asking the network, on real PostgreSQL,
// Redis, the worker as a child process and the sandbox's X: a send that never left is sent once
// more; a listing that fails leaves the post for its owner; the owner's "Tentar novamente" on a
// post that did land publishes it without a second tweet (docs/publishing.md, rows L1–L6); a worker
// killed during Threads' threads_publish is resolved by listing the profile's threads, one killed
// during Bluesky's createRecord by listing the repository's records (after renewing its session).
import { randomUUID } from 'node:crypto';
import { type DbHandle, parseKeyring } from '@pauta/db';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PostsDeps, retryPost } from '../../server/src/posts/posts.service.js';
import { isolatedDb, makeUser, testRedisPrefix } from '../../test/harness.js';
import { TEST_KEYS } from '../../test/server-harness.js';
import {
  connectThroughSandbox,
  seedPosts,
  seedTheme,
  spawnWorker,
  type WorkerProcess,
  waitFor,
} from '../../test/worker-harness.js';

const keyring = parseKeyring(TEST_KEYS);
let handle: DbHandle;
/** A database of its own: a worker spawned here must not publish posts another file left due. */
let iso: { handle: DbHandle; url: string; drop(): Promise<void> };
let sandbox: SandboxHandle;
const running: WorkerProcess[] = [];
let prefixCounter = 0;

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  sandbox = await startSandbox({ tokenPrefix: 'SENTINEL' });
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
  await sandbox?.close();
  uninstallSandboxFetch();
  await iso?.drop();
});

/** Absence is trusted from this long after the send in these tests (production: 15 min). */
const ABSENT_AFTER = { LOOKUP_ABSENT_AFTER_MS: '3000' };

function startWorker(redisPrefix = `${testRedisPrefix()}-lookup${++prefixCounter}`) {
  const worker = spawnWorker({
    sandboxUrl: sandbox.url,
    databaseUrl: iso.url,
    redisPrefix,
    env: ABSENT_AFTER,
  });
  running.push(worker);
  return { worker, redisPrefix };
}

async function xPost(scheduledFor = new Date()) {
  const user = await makeUser(handle, 'lookup');
  await connectThroughSandbox(handle, keyring, { sandboxUrl: sandbox.url, userId: user.id, platform: 'x' });
  const theme = await seedTheme(handle, user.id, ['x']);
  const [post] = await seedPosts(handle, {
    userId: user.id,
    themeId: theme.id,
    platform: 'x',
    count: 1,
    scheduledFor,
    text: () => `Post consultado na rede ${randomUUID()}`,
  });
  return { user, post: post! };
}

async function postRow(id: string) {
  return handle.db.selectFrom('suggested_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function tweetCalls(text?: string) {
  return sandbox
    .requests({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' })
    .filter((r) => text === undefined || JSON.stringify(r.body).includes(text));
}

function lookups() {
  return sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/users/', method: 'GET' });
}

async function waitForStatus(id: string, statuses: string[], timeoutMs = 40_000) {
  return waitFor(
    async () => {
      const row = await postRow(id);
      return statuses.includes(row.status) ? row : null;
    },
    { timeoutMs, label: `post ${id} em ${statuses.join('/')}` },
  );
}

const posts = (): PostsDeps => ({
  db: handle.db,
  queue: { cancelPublish: async () => 0, enqueuePublish: async () => 0 } as unknown as PostsDeps['queue'],
});

type Account = Awaited<ReturnType<typeof connectThroughSandbox>>;
type Recorded = ReturnType<SandboxHandle['requests']>[number];
type Landed = ReturnType<SandboxHandle['publishedPosts']>[number];
type Seeded = Awaited<ReturnType<typeof seedPosts>>[number];
type Endpoint = { host: string; pathPrefix: string; method?: string };

/**
 * A network whose outcome lookup is proved with a killed worker: the create call the first worker
 * dies during, the listing the second one reads, and what else it checks of them.
 */
interface KilledDuringSend {
  platform: 'threads' | 'mastodon' | 'bluesky' | 'linkedin_page' | 'google_business';
  label: string;
  during: string;
  finds: string;
  text: string;
  create(account: Account): Endpoint & { method: 'POST' };
  listing(account: Account): Endpoint;
  /** The listing calls of the second worker. */
  looked(listings: Recorded[], account: Account): void;
  prepare?(account: Account): Promise<void>;
  afterKill?(): void;
  sentOnce?(sent: Recorded, post: Seeded): void;
  landed?(post: Landed, account: Account): void;
  /** What the published link must match, where it is checked. */
  url?: unknown;
}

const someListing = (listings: Recorded[]) => expect(listings.length).toBeGreaterThan(0);

const KILLED_DURING_SEND: KilledDuringSend[] = [
  {
    platform: 'threads',
    label: 'Threads',
    during: 'threads_publish',
    finds: "the profile's threads",
    text: 'Thread consultada na rede',
    create: (account) => ({
      host: 'graph.threads.net',
      pathPrefix: `/v1.0/${account.platform_user_id}/threads_publish`,
      method: 'POST',
    }),
    listing: (account) => ({
      host: 'graph.threads.net',
      pathPrefix: `/v1.0/${account.platform_user_id}/threads`,
    }),
    looked: someListing,
  },
  {
    platform: 'mastodon',
    label: 'Mastodon',
    during: 'POST /api/v1/statuses',
    finds: "the account's statuses",
    text: 'Toot consultado na instância',
    prepare: async (account) => {
      expect(account.platform_user_id).toMatch(/^\d+@mastodon\.social$/);
    },
    create: () => ({ host: 'mastodon.social', pathPrefix: '/api/v1/statuses', method: 'POST' }),
    listing: (account) => ({
      host: 'mastodon.social',
      pathPrefix: `/api/v1/accounts/${account.platform_user_id.split('@')[0]}/statuses`,
    }),
    looked: someListing,
    // The one send carried the claimed version's Idempotency-Key.
    sentOnce: (sent, post) =>
      expect(sent.headers['idempotency-key']).toBe(`pauta-${post.id}-v${post.version}`),
  },
  {
    platform: 'bluesky',
    label: 'Bluesky',
    during: 'createRecord (its expired session renewed first)',
    finds: 'listRecords',
    text: 'Post consultado no Bluesky #pauta',
    // The access JWT is taken as expired: the worker renews the session (refreshSession) first.
    prepare: async (account) => {
      await handle.db
        .updateTable('connected_accounts')
        .set({ access_token_expires_at: new Date(Date.now() - 60_000) })
        .where('id', '=', account.id)
        .execute();
    },
    create: () => ({
      host: 'bsky.social',
      pathPrefix: '/xrpc/com.atproto.repo.createRecord',
      method: 'POST',
    }),
    afterKill: () =>
      expect(
        sandbox.requests({ host: 'bsky.social', pathPrefix: '/xrpc/com.atproto.server.refreshSession' }),
      ).toHaveLength(1),
    listing: () => ({ host: 'bsky.social', pathPrefix: '/xrpc/com.atproto.repo.listRecords' }),
    looked: someListing,
    url: expect.stringMatching(/^https:\/\/bsky\.app\/profile\/did:plc:/),
  },
  {
    platform: 'linkedin_page',
    label: 'LinkedIn Pages',
    during: 'POST /rest/posts',
    finds: "the Page's posts",
    text: 'Post da Página consultado na rede',
    create: () => ({ host: 'api.linkedin.com', pathPrefix: '/rest/posts', method: 'POST' }),
    listing: () => ({ host: 'api.linkedin.com', pathPrefix: '/rest/posts' }),
    looked: (listings, account) =>
      expect(listings.map((call) => call.query.author)).toContain(
        `urn:li:organization:${account.platform_user_id}`,
      ),
    landed: (post, account) => expect(post.authorId).toBe(account.platform_user_id),
  },
  {
    platform: 'google_business',
    label: 'Google Business Profile',
    during: 'POST …/localPosts',
    finds: 'the Novidades',
    text: 'Novidade consultada no Google',
    create: (account) => ({
      host: 'mybusiness.googleapis.com',
      pathPrefix: `/v4/${account.platform_user_id}/localPosts`,
      method: 'POST',
    }),
    listing: (account) => ({
      host: 'mybusiness.googleapis.com',
      pathPrefix: `/v4/${account.platform_user_id}/localPosts`,
    }),
    looked: someListing,
  },
];

// Each test spawns a worker process and waits up to 40 s for a post's status: the file's limit is
// above that wait, so a slow machine fails on the wait's own message, never on a bare timeout.
describe('asking the network about an unknown outcome (issue 24)', { timeout: 90_000 }, () => {
  it('a send marked started that never left is looked up, found absent and sent exactly once (L2)', async () => {
    const { post } = await xPost(new Date(Date.now() - 60_000));
    // What a worker killed between send_started_at and the request leaves behind.
    await handle.db
      .updateTable('suggested_posts')
      .set({
        status: 'publishing',
        attempts: 1,
        claim_token: randomUUID(),
        claimed_at: new Date(Date.now() - 20_000),
        send_started_at: new Date(Date.now() - 20_000),
      })
      .where('id', '=', post.id)
      .execute();
    sandbox.clearRequests();
    startWorker();
    const row = await waitForStatus(post.id, ['published', 'failed']);
    expect(row.status).toBe('published');
    expect(row.version).toBeGreaterThan(post.version);
    expect(lookups().length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 2000));
    expect(tweetCalls(row.content)).toHaveLength(1);
    expect(sandbox.publishedPosts('x').filter((p) => p.text === row.content)).toHaveLength(1);
  });

  it('a listing that fails (500) leaves the post for its owner, with the reason, and sends nothing (L3)', async () => {
    const { post } = await xPost(new Date(Date.now() - 60_000));
    await handle.db
      .updateTable('suggested_posts')
      .set({
        status: 'publishing',
        attempts: 1,
        claim_token: randomUUID(),
        claimed_at: new Date(Date.now() - 20_000),
        send_started_at: new Date(Date.now() - 20_000),
      })
      .where('id', '=', post.id)
      .execute();
    sandbox.clearRequests();
    sandbox.addFault({
      host: 'api.twitter.com',
      pathPrefix: '/2/users/',
      method: 'GET',
      status: 500,
      times: 1000,
    });
    startWorker();
    const row = await waitFor(
      async () => {
        const current = await postRow(post.id);
        return current.status === 'needs_attention' && current.outcome_checked_token !== null
          ? current
          : null;
      },
      { timeoutMs: 40_000, label: 'consulta sem resposta registrada' },
    );
    expect(row.last_error).toBe('UNKNOWN_OUTCOME');
    expect(row.last_error_message).toContain('Não foi possível confirmar no X (Twitter)');
    await new Promise((r) => setTimeout(r, 2500));
    expect((await postRow(post.id)).status).toBe('needs_attention');
    expect(tweetCalls(row.content)).toHaveLength(0);
  });

  it("the owner's retry of a flagged post that landed publishes it, with no second tweet (L4)", async () => {
    const { user, post } = await xPost();
    // The tweet lands, but the worker dies before its answer, and X's listing is down meanwhile.
    sandbox.clearRequests();
    sandbox.addFault({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST', delayMs: 2000 });
    sandbox.addFault({
      host: 'api.twitter.com',
      pathPrefix: '/2/users/',
      method: 'GET',
      status: 500,
      times: 1000,
    });
    const first = startWorker();
    await sandbox.waitForRequest(
      { host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' },
      30_000,
    );
    first.worker.kill('SIGKILL');
    await first.worker.exited;
    startWorker(first.redisPrefix);
    const flagged = await waitFor(
      async () => {
        const current = await postRow(post.id);
        return current.status === 'needs_attention' && current.outcome_checked_token !== null
          ? current
          : null;
      },
      { timeoutMs: 40_000, label: 'post sinalizado sem confirmação' },
    );
    expect(sandbox.publishedPosts('x').filter((p) => p.text === flagged.content)).toHaveLength(1);
    sandbox.clearFaults();

    // "Tentar novamente": Pauta asks X first instead of sending again.
    const answer = await retryPost(posts(), { workspaceId: user.id, userId: user.id, postId: post.id });
    expect(answer.status).toBe('needs_attention');
    expect(answer.outcomeCheck).toBe('pending');
    expect(answer.lastErrorMessage).toContain('Verificando no X (Twitter)');
    const row = await waitForStatus(post.id, ['published', 'scheduled', 'failed']);
    expect(row.status).toBe('published');
    await new Promise((r) => setTimeout(r, 2500));
    expect(tweetCalls(row.content)).toHaveLength(1);
    const tweet = sandbox.publishedPosts('x').filter((p) => p.text === row.content);
    expect(tweet).toHaveLength(1);
    const published = await handle.db
      .selectFrom('published_posts')
      .select('platform_post_id')
      .where('suggested_post_id', '=', post.id)
      .execute();
    expect(published).toEqual([{ platform_post_id: tweet[0]!.id }]);
  });

  it.each(KILLED_DURING_SEND)(
    '$label: a worker killed during $during; the next one finds the post ($finds) and never posts twice',
    async (entry) => {
      const user = await makeUser(handle, `lookup-${entry.platform}`);
      const account = await connectThroughSandbox(handle, keyring, {
        sandboxUrl: sandbox.url,
        userId: user.id,
        platform: entry.platform,
      });
      await entry.prepare?.(account);
      const theme = await seedTheme(handle, user.id, [entry.platform]);
      const [post] = await seedPosts(handle, {
        userId: user.id,
        themeId: theme.id,
        platform: entry.platform,
        count: 1,
        scheduledFor: new Date(),
        text: () => `${entry.text} ${randomUUID()}`,
      });
      const create = entry.create(account);
      sandbox.clearRequests();
      // The post lands, but the worker dies before the network's answer reaches it.
      sandbox.addFault({ ...create, delayMs: 2000 });
      const first = startWorker();
      await sandbox.waitForRequest(create, 30_000);
      first.worker.kill('SIGKILL');
      await first.worker.exited;
      entry.afterKill?.();
      startWorker(first.redisPrefix);
      // Flagged first (the send may have landed), then the lookup finds it.
      const row = await waitForStatus(post!.id, ['published', 'failed']);
      expect(row.status).toBe('published');
      entry.looked(sandbox.requests({ ...entry.listing(account), method: 'GET' }), account);
      await new Promise((r) => setTimeout(r, 2000));
      const sent = sandbox.requests(create);
      expect(sent).toHaveLength(1);
      entry.sentOnce?.(sent[0]!, post!);
      const landed = sandbox.publishedPosts(entry.platform).filter((p) => p.text === row.content);
      expect(landed).toHaveLength(1);
      entry.landed?.(landed[0]!, account);
      const published = await handle.db
        .selectFrom('published_posts')
        .select(['platform_post_id', 'url'])
        .where('suggested_post_id', '=', post!.id)
        .execute();
      expect(published.map((p) => p.platform_post_id)).toEqual([landed[0]!.id]);
      if (entry.url !== undefined) expect(published[0]!.url).toEqual(entry.url);
    },
    90_000,
  );

  it('"Reenviar mesmo assim" after an unresolved lookup sends again at the owner\'s request (L5)', async () => {
    const { user, post } = await xPost(new Date(Date.now() - 60_000));
    await handle.db
      .updateTable('suggested_posts')
      .set({
        status: 'needs_attention',
        attempts: 1,
        claim_token: randomUUID(),
        claimed_at: new Date(Date.now() - 20_000),
        send_started_at: new Date(Date.now() - 20_000),
        last_error: 'UNKNOWN_OUTCOME',
      })
      .where('id', '=', post.id)
      .execute();
    // A lookup already ran for this claim and could not tell.
    await handle.db
      .updateTable('suggested_posts')
      .set((eb) => ({ outcome_checked_token: eb.ref('claim_token') }))
      .where('id', '=', post.id)
      .execute();
    const answer = await retryPost(posts(), {
      workspaceId: user.id,
      userId: user.id,
      postId: post.id,
      confirmUnverified: true,
    });
    expect(answer.status).toBe('scheduled');
    expect(answer.outcomeCheck).toBeNull();
  });
});
