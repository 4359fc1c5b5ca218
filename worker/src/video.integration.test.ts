// A video publish through a real worker process (startWorker in this process: its BullMQ queues on
// real Redis, its reconciler, its batched store) on a PostgreSQL database of its own and the local
// disk, with one network's adapter faked in-process as video-capable (no network of the registry
// publishes video yet; their descriptors are not touched). The fake uploads the video range by range,
// slowly, honouring its signal, and calls beforeSend right before its visible create.
//
// - a call that lasts several STALE_CLAIM_MS keeps its claim (the lease), with the reconciler
//   running every 200 ms: published once, never reset;
// - the claim taken back mid-upload (as the reconciler's reset after a stall does) aborts the call
//   before its visible step; the post's next version is published once.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Platform } from '@pauta/core';
import {
  addPostVideo,
  createDb,
  createLocalMediaStorage,
  type DbHandle,
  deriveMediaSigningKey,
  parseKeyring,
  upsertAccount,
} from '@pauta/db';
import { type NetworkAdapter, PublishError, type PublishRequest } from '@pauta/networks';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { isolatedDb, makeUser, testRedisPrefix } from '../../test/harness.js';
import { TEST_KEYS } from '../../test/server-harness.js';
import { seedPosts, seedTheme, waitFor } from '../../test/worker-harness.js';
import { loadWorkerEnv } from './env.js';
import { startWorker, type WorkerHandle } from './worker.js';

const keyring = parseKeyring(TEST_KEYS);
const STALE_CLAIM_MS = 2000;
let iso: Awaited<ReturnType<typeof isolatedDb>>;
/** The worker's own pool (the isolated handle has 2 connections; the batched store wants more). */
let workerDb: DbHandle;
let dataDir: string;
let worker: WorkerHandle | undefined;
let prefixCounter = 0;

beforeAll(async () => {
  iso = await isolatedDb();
  workerDb = await createDb({ databaseUrl: iso.url, poolSize: 8 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'pauta-video-worker-'));
});
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});
afterAll(async () => {
  await workerDb?.close();
  await iso?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface FakeCall {
  request: PublishRequest;
  chunks: number;
  aborted: boolean;
  sent: boolean;
  uploadedSha: string | null;
}

/** LinkedIn's adapter replaced by a video uploader: `chunks` ranged reads, `chunkMs` apart. */
function fakeVideoNetwork(options: {
  chunks: number;
  chunkMs: number;
  onChunk?: (call: FakeCall) => Promise<void>;
}) {
  const calls: FakeCall[] = [];
  const adapter: NetworkAdapter = {
    platform: 'linkedin',
    async publish(request, callOptions) {
      const call: FakeCall = { request, chunks: 0, aborted: false, sent: false, uploadedSha: null };
      calls.push(call);
      const video = request.video;
      if (!video) throw new PublishError('permanent', 'REJECTED', 'esperava um vídeo');
      const hash = createHash('sha256');
      const size = Math.ceil(video.sizeBytes / options.chunks);
      for (let start = 0; start < video.sizeBytes; start += size) {
        if (callOptions?.signal?.aborted) {
          call.aborted = true;
          throw new PublishError('unknown', 'UNKNOWN_OUTCOME', 'linkedin: request aborted before an answer');
        }
        hash.update(await video.read(start, Math.min(start + size, video.sizeBytes)));
        call.chunks += 1;
        await options.onChunk?.(call);
        await sleep(options.chunkMs);
      }
      call.uploadedSha = hash.digest('hex');
      await callOptions?.beforeSend?.();
      call.sent = true;
      return { platformPostId: `urn:li:ugcPost:${randomUUID()}`, url: null };
    },
    fetchMetrics: async () => new Map(),
  };
  return { adapter, calls };
}

async function videoPost() {
  const handle = iso.handle;
  const user = await makeUser(handle, 'video-worker');
  await upsertAccount(handle.db, keyring, {
    userId: user.id,
    platform: 'linkedin',
    platformUserId: `li-${randomUUID().slice(0, 8)}`,
    platformUsername: 'Ana',
    accountData: {},
    accessToken: 'token-de-teste',
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const theme = await seedTheme(handle, user.id, ['linkedin']);
  const [post] = await seedPosts(handle, {
    userId: user.id,
    themeId: theme.id,
    platform: 'linkedin',
    count: 1,
    scheduledFor: new Date(Date.now() + 500),
  });
  if (!post) throw new Error('post não criado');
  const row = await handle.db
    .selectFrom('suggested_posts')
    .select('workspace_id')
    .where('id', '=', post.id)
    .executeTakeFirstOrThrow();
  const storage = createLocalMediaStorage({
    dir: path.join(dataDir, 'media'),
    appUrl: 'http://localhost:3000',
    signingKey: deriveMediaSigningKey(keyring),
  });
  const id = randomUUID();
  const key = `posts/${row.workspace_id}/${post.id}/${id}.mp4`;
  const bytes = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 31 + 7) % 251));
  await storage.put(key, bytes, 'video/mp4');
  const added = await addPostVideo(handle.db, {
    id,
    workspaceId: row.workspace_id,
    userId: user.id,
    postId: post.id,
    storageKey: key,
    facts: {
      container: 'mp4',
      sizeBytes: bytes.length,
      durationSeconds: 20,
      width: 1080,
      height: 1920,
      rotation: 0,
      videoCodec: 'avc',
      videoCodecString: 'avc1.640028',
      frameRate: 30,
      constantFrameRate: true,
      bitrate: 104_858,
      audio: { codec: 'aac', sampleRate: 48_000, channels: 2 },
    },
  });
  if ('refused' in added) throw new Error('vídeo recusado');
  return { post, bytes };
}

async function start(adapter: NetworkAdapter, vars: Record<string, string> = {}) {
  const env = loadWorkerEnv({
    TOKEN_ENCRYPTION_KEYS: TEST_KEYS,
    REDIS_PREFIX: `${testRedisPrefix()}-video${++prefixCounter}`,
    PAUTA_DATA_DIR: dataDir,
    STALE_CLAIM_MS: String(STALE_CLAIM_MS),
    NETWORK_TIMEOUT_MS: '500',
    VIDEO_PUBLISH_TIMEOUT_MS: '60000',
    RECONCILE_INTERVAL_MS: '200',
    WORKER_HEALTH_PORT: '0',
    ...vars,
  });
  worker = await startWorker({
    db: workerDb.db,
    env,
    logger: pino({ level: 'silent' }),
    redisUrl: inject('redisUrl'),
    adapterOverride: (platform: Platform) => (platform === 'linkedin' ? adapter : null),
    videoCapable: (platform: Platform) => platform === 'linkedin',
  });
}

const postRow = (id: string) =>
  iso.handle.db
    .selectFrom('suggested_posts')
    .select(['status', 'version', 'attempts', 'claim_token'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('worker: a video publish keeps its claim for as long as it runs', () => {
  it('an upload lasting over three STALE_CLAIM_MS keeps its claim (the reconciler running) and publishes once', async () => {
    const { post, bytes } = await videoPost();
    // 20 chunks 350 ms apart: about 7 s, over three times STALE_CLAIM_MS.
    const network = fakeVideoNetwork({ chunks: 20, chunkMs: 350 });
    await start(network.adapter);
    await waitFor(async () => (await postRow(post.id)).status === 'published', {
      timeoutMs: 30_000,
      label: 'vídeo publicado',
    });
    expect(network.calls).toHaveLength(1);
    const [call] = network.calls;
    expect(call?.sent).toBe(true);
    expect(call?.chunks).toBe(20);
    expect(call?.uploadedSha).toBe(sha256(bytes));
    expect(call?.request.video).toMatchObject({ sizeBytes: bytes.length, width: 1080, height: 1920 });
    // Never reset by the reconciler: the same version, one attempt.
    expect(await postRow(post.id)).toMatchObject({ version: post.version, attempts: 1 });
    const published = await iso.handle.db
      .selectFrom('published_posts')
      .select('id')
      .where('suggested_post_id', '=', post.id)
      .execute();
    expect(published).toHaveLength(1);
  });

  it('the claim taken back mid-upload (a reset after a stall) aborts the call before its visible step; the next version publishes once', async () => {
    const { post, bytes } = await videoPost();
    let stolen = false;
    const network = fakeVideoNetwork({
      chunks: 16,
      chunkMs: 150,
      onChunk: async (call) => {
        // The first call's fourth chunk: the claim is taken back as the reconciler does it.
        if (stolen || network.calls.indexOf(call) !== 0 || call.chunks !== 4) return;
        stolen = true;
        await iso.handle.db
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
          .execute();
      },
    });
    await start(network.adapter);
    await waitFor(async () => (await postRow(post.id)).status === 'published', {
      timeoutMs: 30_000,
      label: 'vídeo publicado',
    });
    expect(stolen).toBe(true);
    const [first, second] = network.calls;
    expect(first?.aborted).toBe(true);
    expect(first?.sent).toBe(false);
    expect(first?.chunks).toBeLessThan(16);
    expect(second?.sent).toBe(true);
    expect(second?.uploadedSha).toBe(sha256(bytes));
    expect(network.calls.filter((c) => c.sent)).toHaveLength(1);
    expect(await postRow(post.id)).toMatchObject({ version: post.version + 1 });
  });

  it('renewals blocked (the post row unreachable, as in a database stall) stop the upload before its visible step; a retry publishes once', async () => {
    const { post, bytes } = await videoPost();
    const holder = new pg.Client({ connectionString: iso.url });
    await holder.connect();
    let blocked = false;
    const network = fakeVideoNetwork({
      chunks: 24,
      chunkMs: 150,
      onChunk: async (call) => {
        if (blocked || network.calls.indexOf(call) !== 0 || call.chunks !== 3) return;
        blocked = true;
        // Every renewal now waits: after STALE_CLAIM_MS / 2 without one, the call must stop.
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM suggested_posts WHERE id = $1 FOR UPDATE', [post.id]);
        setTimeout(() => void holder.query('ROLLBACK'), 2500);
      },
    });
    try {
      await start(network.adapter, { PUBLISH_RETRY_BASE_MS: '100' });
      await waitFor(async () => (await postRow(post.id)).status === 'published', {
        timeoutMs: 30_000,
        label: 'vídeo publicado depois do bloqueio',
      });
    } finally {
      await holder.end();
    }
    expect(blocked).toBe(true);
    const [first] = network.calls;
    expect(first?.aborted).toBe(true);
    expect(first?.sent).toBe(false);
    expect(first?.chunks).toBeLessThan(24);
    const sent = network.calls.filter((c) => c.sent);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.uploadedSha).toBe(sha256(bytes));
  });
});
