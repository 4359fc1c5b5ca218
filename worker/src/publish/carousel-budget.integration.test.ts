// A 10-image Instagram carousel through the worker's processor, on a PostgreSQL database of its own
// and the sandbox's Graph API with its container processing on (each container IN_PROGRESS for two
// status reads, 400 ms apart): the media steps (3 batches of item containers, then the carousel's
// container) last well over one NETWORK_TIMEOUT_MS and over STALE_CLAIM_MS. The call gets a budget
// that grows with the image count and holds its claim by the fenced lease the video path uses
// (docs/publishing.md, "Carrossel"):
//
// - it publishes once, within its budget, with the reconciler running: never reset, never flagged;
// - the claim taken back during the media steps stops the call before media_publish: nothing sent;
// - a worker that dies during the media steps leaves a claim without send_started_at: the
//   reconciler resets it, and the retry publishes once.
import { randomUUID } from 'node:crypto';
import {
  type ClaimedPost,
  claimPost,
  completePublish,
  findPostAccountWithTokens,
  flagUnknownOutcomes,
  markSendStarted,
  parseKeyring,
  renewClaim,
  resetStaleClaims,
  upsertAccount,
} from '@pauta/db';
import {
  createNetworkClients,
  installSandboxFetch,
  type NetworkAdapter,
  type PublishMedia,
  uninstallSandboxFetch,
} from '@pauta/networks';
import {
  type ImageServer,
  jpegImage,
  type SandboxHandle,
  serveImages,
  sha256,
  startSandbox,
} from '@pauta/networks/sandbox';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isolatedDb, makeUser } from '../../../test/harness.js';
import { TEST_KEYS } from '../../../test/server-harness.js';
import { seedPosts, seedTheme } from '../../../test/worker-harness.js';
import { type PublishContext, processPublishJob } from './publish-post.processor.js';

const keyring = parseKeyring(TEST_KEYS);
const NETWORK_TIMEOUT_MS = 2000;
const STALE_CLAIM_MS = 3000;
/** 10 images: 3 batches of 4 item containers + the carousel's = 4 rounds, so 5 × NETWORK_TIMEOUT_MS. */
const CAROUSEL_BUDGET_MS = 5 * NETWORK_TIMEOUT_MS;
const POLL_INTERVAL_MS = 400;
const IMAGES = 10;

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let sandbox: SandboxHandle;
let images: ImageServer;

beforeAll(async () => {
  iso = await isolatedDb();
  // Each container answers IN_PROGRESS twice before FINISHED: 4 rounds × 2 pauses of 400 ms.
  sandbox = await startSandbox({ instagramProcessingChecks: 2 });
  images = await serveImages();
  installSandboxFetch(sandbox.url);
});
beforeEach(() => {
  // The sandbox's Instagram account is the same in every test: each test reads only its own requests.
  sandbox.clearRequests();
  sandbox.clearPublishedPosts();
});
afterAll(async () => {
  uninstallSandboxFetch();
  await images?.close();
  await sandbox?.close();
  await iso?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tenImages(label: string): PublishMedia[] {
  return Array.from({ length: IMAGES }, (_, i) => {
    const bytes = jpegImage(1080, 1350, i + 1, 2048);
    return {
      mimeType: 'image/jpeg',
      altText: `${label}: foto ${i + 1}`,
      width: 1080,
      height: 1350,
      bytes,
      url: images.put(`${label}-${i}-${randomUUID()}.jpg`, bytes),
    };
  });
}

/** An Instagram account (Facebook Login tokens, as media.integration.test.ts) and one due carousel post. */
async function carouselPost(label: string) {
  const db = iso.handle.db;
  const user = await makeUser(iso.handle, `carrossel-${label}`);
  const fb = sandbox.issueToken({ network: 'facebook' });
  const igId = fb.pages[0]!.instagramAccountId!;
  await upsertAccount(db, keyring, {
    userId: user.id,
    platform: 'instagram',
    platformUserId: igId,
    platformUsername: 'ana.ig',
    accountData: { provider: 'facebook' },
    accessToken: fb.accessToken,
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const theme = await seedTheme(iso.handle, user.id, ['instagram']);
  const [post] = await seedPosts(iso.handle, {
    userId: user.id,
    themeId: theme.id,
    platform: 'instagram',
    count: 1,
    scheduledFor: new Date(Date.now() - 1000),
    text: () => `Carrossel de ${IMAGES} fotos ${label} ${Date.now()}`,
  });
  if (!post) throw new Error('post não criado');
  return { post, igId, media: tenImages(label) };
}

function context(
  media: PublishMedia[],
  wrap: (adapter: NetworkAdapter) => NetworkAdapter = (adapter) => adapter,
): PublishContext {
  const clients = createNetworkClients({
    env: { SOCIAL_SANDBOX_URL: sandbox.url },
    appUrl: 'http://localhost:3000',
    timeoutMs: NETWORK_TIMEOUT_MS,
    publisher: { statusPollIntervalMs: POLL_INTERVAL_MS },
  });
  return {
    db: iso.handle.db,
    keyring,
    logger: pino({ level: 'silent' }),
    adapter: (platform) => {
      const adapter = clients.adapter(platform);
      return adapter === null ? null : wrap(adapter);
    },
    oauth: clients.oauth,
    enqueue: async () => {},
    config: {
      retryBaseMs: 30_000,
      retryMaxMs: 900_000,
      refreshMarginMs: 60_000,
      networkTimeoutMs: NETWORK_TIMEOUT_MS,
      // As the worker derives them (worker.ts, env.ts claimLeaseTiming).
      sendStartBudgetMs: STALE_CLAIM_MS - NETWORK_TIMEOUT_MS,
      claimLease: { renewMs: STALE_CLAIM_MS / 6, graceMs: STALE_CLAIM_MS / 2 },
    },
    now: () => new Date(),
    media: async () => media,
  };
}

/** The reconciler's two claim passes, every 200 ms, as the worker runs them (worker.ts). */
function runReconciler() {
  let stopped = false;
  const moved = { reset: 0, flagged: 0 };
  const loop = (async () => {
    while (!stopped) {
      moved.reset += (await resetStaleClaims(iso.handle.db, STALE_CLAIM_MS)).length;
      moved.flagged += await flagUnknownOutcomes(iso.handle.db, {
        staleMs: STALE_CLAIM_MS,
        code: 'UNKNOWN_OUTCOME',
        detail: 'teste',
        location: 'worker: reconciliador',
      });
      await sleep(200);
    }
  })();
  return {
    moved,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

const postRow = (id: string) =>
  iso.handle.db
    .selectFrom('suggested_posts')
    .select(['status', 'version', 'attempts', 'send_started_at', 'claimed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const publishCalls = (igId: string) =>
  sandbox.requests({ method: 'POST' }).filter((r) => r.path.endsWith(`${igId}/media_publish`));
const containerCreates = (igId: string) =>
  sandbox.requests({ method: 'POST' }).filter((r) => r.path.endsWith(`${igId}/media`));

describe('worker: a 10-image Instagram carousel gets a budget for its containers and keeps its claim', () => {
  it('publishes once within its budget, over STALE_CLAIM_MS of media steps, the reconciler never resetting or flagging it', async () => {
    const { post, igId, media } = await carouselPost('ok');
    const reconciler = runReconciler();
    const startedAt = Date.now();
    let outcome: Awaited<ReturnType<typeof processPublishJob>>;
    try {
      outcome = await processPublishJob(context(media), { postId: post.id, version: post.version });
    } finally {
      await reconciler.stop();
    }
    const elapsed = Date.now() - startedAt;
    expect(outcome).toMatchObject({ kind: 'published' });
    // Longer than the claim tolerates without its lease, and longer than the old one-timeout budget.
    expect(elapsed).toBeGreaterThan(STALE_CLAIM_MS);
    expect(elapsed).toBeLessThan(CAROUSEL_BUDGET_MS);
    expect(reconciler.moved).toEqual({ reset: 0, flagged: 0 });
    expect(await postRow(post.id)).toMatchObject({ status: 'published', version: post.version, attempts: 1 });
    // 10 item containers and the carousel's, one media_publish.
    expect(containerCreates(igId)).toHaveLength(IMAGES + 1);
    expect(publishCalls(igId)).toHaveLength(1);
    const sent = sandbox
      .publishedPosts('instagram')
      .filter((p) => p.id === (outcome as { platformPostId: string }).platformPostId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.media.map((m) => m.sha256)).toEqual(media.map((m) => sha256(m.bytes)));
    expect(sent[0]!.media.map((m) => m.altText)).toEqual(media.map((m) => m.altText));
  });

  it('the claim taken back during the media steps (a reset after a stall) stops the call before media_publish: nothing sent', async () => {
    const { post, igId, media } = await carouselPost('perdido');
    const run = processPublishJob(context(media), { postId: post.id, version: post.version });
    // The first item containers are being read: take the claim back as the reconciler's reset does.
    await sleep(1200);
    const reset = await iso.handle.db
      .updateTable('suggested_posts')
      .set((eb) => ({
        status: 'scheduled',
        version: eb('version', '+', 1),
        claimed_at: null,
        claim_token: null,
        attempts: eb('attempts', '-', 1),
        updated_at: sql<Date>`now()`,
      }))
      .where('id', '=', post.id)
      .where('status', '=', 'publishing')
      .where('send_started_at', 'is', null)
      .executeTakeFirst();
    expect(reset.numUpdatedRows).toBe(1n);
    const outcome = await run;
    expect(outcome).toEqual({ kind: 'claim_lost', sent: false });
    // Stopped by the lost lease: not every container was made, no media_publish, nothing published.
    expect(containerCreates(igId).length).toBeLessThan(IMAGES + 1);
    expect(publishCalls(igId)).toHaveLength(0);
    expect(sandbox.publishedPosts('instagram')).toHaveLength(0);
    const row = await postRow(post.id);
    expect(row).toMatchObject({ status: 'scheduled', version: post.version + 1, send_started_at: null });
  });

  it('a worker dying during the media steps is a plain retry: the reconciler resets the claim, the retry publishes once', async () => {
    const { post, igId, media } = await carouselPost('queda');
    // The process "dies" 800 ms into the call: from then on it does nothing at all — its
    // in-flight requests stop, its call never returns, its lease's renewals never reach the
    // database (the same rows a killed process leaves behind).
    const dead = new AbortController();
    const never = new Promise<never>(() => {});
    const dying = (adapter: NetworkAdapter): NetworkAdapter => ({
      ...adapter,
      publish: (request, options) => {
        setTimeout(() => dead.abort(), 800);
        const call = adapter.publish(request, {
          ...options,
          signal: AbortSignal.any([dead.signal, ...(options?.signal ? [options.signal] : [])]),
        });
        return call.then(
          (result) => (dead.signal.aborted ? never : result),
          (error: unknown) => (dead.signal.aborted ? never : Promise.reject(error)),
        );
      },
    });
    const ctx = context(media, dying);
    const store = {
      claim: (postId: string, version: number) => claimPost(iso.handle.db, postId, version),
      account: (claimed: ClaimedPost) => findPostAccountWithTokens(iso.handle.db, keyring, claimed),
      markSendStarted: (claimed: ClaimedPost) =>
        dead.signal.aborted ? never : markSendStarted(iso.handle.db, claimed),
      renew: (claimed: ClaimedPost) => (dead.signal.aborted ? never : renewClaim(iso.handle.db, claimed)),
      complete: (input: Parameters<typeof completePublish>[1]) =>
        dead.signal.aborted ? never : completePublish(iso.handle.db, input),
    };
    void processPublishJob({ ...ctx, store }, { postId: post.id, version: post.version });
    await sleep(1000);
    expect(dead.signal.aborted).toBe(true);
    expect(await postRow(post.id)).toMatchObject({ status: 'publishing', send_started_at: null });
    // No renewal any more: the reconciler takes the claim back after STALE_CLAIM_MS.
    const reconciler = runReconciler();
    await sleep(STALE_CLAIM_MS + 600);
    await reconciler.stop();
    expect(reconciler.moved).toEqual({ reset: 1, flagged: 0 });
    const row = await postRow(post.id);
    expect(row).toMatchObject({ status: 'scheduled', version: post.version + 1, send_started_at: null });
    expect(publishCalls(igId)).toHaveLength(0);
    // The retry (the next version) publishes once.
    const outcome = await processPublishJob(context(media), { postId: post.id, version: post.version + 1 });
    expect(outcome).toMatchObject({ kind: 'published' });
    expect(publishCalls(igId)).toHaveLength(1);
    expect(sandbox.publishedPosts('instagram')).toHaveLength(1);
    expect(await postRow(post.id)).toMatchObject({ status: 'published', version: post.version + 1 });
  });
});
