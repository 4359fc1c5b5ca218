// A post's video through the processor (docs/publishing.md, "Vídeo"), with a fake adapter that
// uploads the video range by range, honours its signal, and calls beforeSend right before its
// visible create: the video is passed only to a network that publishes video, its stored facts
// are checked against the network's rules again before any call, and the claim's lease is renewed
// while the upload runs — a claim taken back, or a lease that cannot be renewed (database down),
// stops the call before its visible step, never after. The repository is replaced at the module
// boundary; renewClaim's SQL is proven on PostgreSQL in the worker's video integration test.
import { createHash } from 'node:crypto';
import { mediaRejectionMessage, type VideoFacts } from '@pauta/core';
import type { ClaimedPost, PublishVideoItem } from '@pauta/db';
import * as db from '@pauta/db';
import { type NetworkAdapter, PublishError, type PublishRequest } from '@pauta/networks';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type PublishContext,
  processPublishJob,
  VIDEO_LOAD_FAILED_MESSAGE,
} from './publish-post.processor.js';

vi.mock('@pauta/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@pauta/db')>()),
  claimPost: vi.fn(),
  pendingWakeUpTime: vi.fn(),
  findPostAccountWithTokens: vi.fn(),
  markSendStarted: vi.fn(),
  renewClaim: vi.fn(),
  completePublish: vi.fn(),
  recordFailure: vi.fn(),
  scheduleRetry: vi.fn(),
  releaseClaim: vi.fn(),
  recordLostClaimOutcome: vi.fn(),
}));

const repo = vi.mocked(db);

const POST: ClaimedPost = {
  id: '00000000-0000-4000-8000-000000000001',
  workspace_id: '00000000-0000-4000-8000-000000000002',
  user_id: '00000000-0000-4000-8000-000000000002',
  theme_id: '00000000-0000-4000-8000-000000000003',
  title: 'Título',
  content: 'Um vídeo',
  platform: 'linkedin',
  scheduled_for: new Date('2026-01-01T12:00:00Z'),
  version: 2,
  attempts: 1,
  claim_token: '00000000-0000-4000-8000-0000000000aa',
  network_options: {},
  connected_account_id: null,
};
const JOB = { postId: POST.id, version: POST.version };

const ACCOUNT = {
  id: '00000000-0000-4000-8000-000000000004',
  user_id: POST.user_id,
  platform: 'linkedin' as const,
  platform_user_id: 'li-1',
  platform_username: 'Teste',
  status: 'active' as const,
  status_reason: null,
  limited_until: null,
  expiry_notice_for: null,
  has_refresh_token: true,
  is_active: true,
  access_token_expires_at: null,
};

/** A 1080 × 1920, 20 s H.264 MP4 of 64 KiB: inside LinkedIn's rules. */
const FACTS: VideoFacts = {
  container: 'mp4',
  sizeBytes: 64 * 1024,
  durationSeconds: 20,
  width: 1080,
  height: 1920,
  rotation: 0,
  videoCodec: 'avc',
  videoCodecString: 'avc1.640028',
  frameRate: 30,
  constantFrameRate: true,
  bitrate: 26_214,
  audio: { codec: 'aac', sampleRate: 48_000, channels: 2 },
};

const BYTES = Buffer.from(Array.from({ length: FACTS.sizeBytes }, (_, i) => (i * 7 + 3) % 256));
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let reads: Array<[number, number]>;
function videoItem(facts: VideoFacts = FACTS): PublishVideoItem {
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    facts,
    mimeType: 'video/mp4',
    sizeBytes: facts.sizeBytes,
    durationSeconds: facts.durationSeconds,
    width: facts.width,
    height: facts.height,
    frameRate: facts.frameRate,
    async read(start, end) {
      reads.push([start, end]);
      return BYTES.subarray(start, end);
    },
    url: 'https://pauta.test/media/video.mp4?sig=abc',
    cover: {
      timeSeconds: 2.5,
      image: {
        mimeType: 'image/jpeg',
        width: 1080,
        height: 1920,
        bytes: Buffer.from([0xff, 0xd8, 0xff]),
        url: 'https://pauta.test/media/cover.jpg?sig=abc',
      },
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the fake network saw of each call. */
let calls: Array<{ request: PublishRequest; uploaded: Buffer; aborted: boolean; sent: boolean }>;

/**
 * A video adapter: `chunks` ranged reads of the file, `chunkMs` apart (each an invisible upload
 * request), then beforeSend and the visible create (`createMs` long). An abort of its signal during
 * the upload ends it the way the http layer does: an 'unknown' PublishError (it cannot tell).
 */
function videoAdapter(options: {
  chunks: number;
  chunkMs: number;
  createMs?: number;
  honourSignal?: boolean;
}) {
  return vi.fn<NetworkAdapter['publish']>(async (request, callOptions) => {
    const call = { request, uploaded: Buffer.alloc(0), aborted: false, sent: false };
    calls.push(call);
    const video = request.video;
    if (video) {
      const size = Math.ceil(video.sizeBytes / options.chunks);
      const parts: Uint8Array[] = [];
      for (let start = 0; start < video.sizeBytes; start += size) {
        if (options.honourSignal !== false && callOptions?.signal?.aborted) {
          call.aborted = true;
          throw new PublishError('unknown', 'UNKNOWN_OUTCOME', 'linkedin: request aborted before an answer');
        }
        parts.push(await video.read(start, Math.min(start + size, video.sizeBytes)));
        await sleep(options.chunkMs);
      }
      call.uploaded = Buffer.concat(parts);
    }
    await callOptions?.beforeSend?.();
    call.sent = true;
    if (options.createMs) await sleep(options.createMs);
    if (callOptions?.signal?.aborted) throw new PublishError('unknown', 'UNKNOWN_OUTCOME', 'cut off');
    return { platformPostId: 'urn:li:ugcPost:9', url: null };
  });
}

function context(
  publish: NetworkAdapter['publish'],
  overrides: Partial<PublishContext> = {},
): PublishContext {
  const adapter = { platform: 'linkedin', publish, fetchMetrics: vi.fn() } as unknown as NetworkAdapter;
  return {
    db: {} as Kysely<db.Database>,
    keyring: {} as db.Keyring,
    logger: pino({ level: 'silent' }),
    adapter: () => adapter,
    oauth: () => null,
    enqueue: vi.fn(async () => {}),
    hasVideo: async () => true,
    video: async () => videoItem(),
    videoCapable: () => true,
    config: {
      retryBaseMs: 1000,
      retryMaxMs: 10_000,
      refreshMarginMs: 60_000,
      networkTimeoutMs: 20_000,
      sendStartBudgetMs: 100_000,
      videoTimeoutMs: 60_000,
      claimLease: { renewMs: 15, graceMs: 400 },
    },
    now: () => new Date(),
    ...overrides,
  };
}

beforeEach(() => {
  vi.resetAllMocks();
  reads = [];
  calls = [];
  repo.claimPost.mockResolvedValue({ ...POST });
  repo.findPostAccountWithTokens.mockResolvedValue({
    account: ACCOUNT,
    tokens: { accessToken: 'token' },
  } as unknown as Awaited<ReturnType<typeof db.findPostAccountWithTokens>>);
  repo.markSendStarted.mockResolvedValue(true);
  repo.renewClaim.mockResolvedValue(true);
  repo.completePublish.mockResolvedValue(true);
  repo.recordFailure.mockResolvedValue(true);
  repo.scheduleRetry.mockResolvedValue(POST.version + 1);
  repo.recordLostClaimOutcome.mockResolvedValue(true);
});

describe('a post with a video', () => {
  it('passes the video to a network that publishes video: facts, ranged reads of the file, URL and cover', async () => {
    const publish = videoAdapter({ chunks: 4, chunkMs: 1 });
    const outcome = await processPublishJob(context(publish), JOB);
    expect(outcome).toEqual({ kind: 'published', platformPostId: 'urn:li:ugcPost:9' });
    expect(publish).toHaveBeenCalledTimes(1);
    const [call] = calls;
    const video = call?.request.video;
    expect(video).toMatchObject({
      mimeType: 'video/mp4',
      sizeBytes: FACTS.sizeBytes,
      durationSeconds: 20,
      width: 1080,
      height: 1920,
      frameRate: 30,
      url: 'https://pauta.test/media/video.mp4?sig=abc',
      cover: { timeSeconds: 2.5, image: { mimeType: 'image/jpeg', width: 1080, height: 1920 } },
    });
    // The contract's fields only: the row id and the probed facts stay in the worker.
    expect(Object.keys(video ?? {}).sort()).toEqual(
      [
        'cover',
        'durationSeconds',
        'frameRate',
        'height',
        'mimeType',
        'read',
        'sizeBytes',
        'url',
        'width',
      ].sort(),
    );
    expect(call?.request.media).toBeUndefined();
    // Read range by range (never whole), and the bytes that left are the file's.
    expect(reads).toHaveLength(4);
    expect(sha256(call?.uploaded ?? Buffer.alloc(0))).toBe(sha256(BYTES));
    expect(repo.markSendStarted).toHaveBeenCalledTimes(1);
  });

  it('keeps refusing a video on a network that does not publish video, before any call', async () => {
    const publish = videoAdapter({ chunks: 1, chunkMs: 0 });
    const video = vi.fn(async () => videoItem());
    const outcome = await processPublishJob(context(publish, { videoCapable: () => false, video }), JOB);
    expect(outcome).toEqual({ kind: 'failed', code: 'REJECTED' });
    expect(publish).not.toHaveBeenCalled();
    expect(video).not.toHaveBeenCalled();
    expect(repo.recordFailure.mock.calls[0]?.[1].message).toBe(
      'LinkedIn ainda não publica vídeo pela Pauta. Remova o vídeo para agendar este post.',
    );
  });

  it('checks the stored facts against the network rules again: a refusal names the network and the limit, before any call', async () => {
    const publish = videoAdapter({ chunks: 1, chunkMs: 0 });
    // 31 minutes: LinkedIn takes videos of up to 30 minutes (its rules changed after the upload).
    const long = { ...FACTS, durationSeconds: 31 * 60 };
    const outcome = await processPublishJob(context(publish, { video: async () => videoItem(long) }), JOB);
    expect(outcome).toEqual({ kind: 'failed', code: 'REJECTED' });
    expect(publish).not.toHaveBeenCalled();
    expect(repo.markSendStarted).not.toHaveBeenCalled();
    expect(repo.scheduleRetry).not.toHaveBeenCalled();
    const message = repo.recordFailure.mock.calls[0]?.[1].message;
    expect(message).toBe('LinkedIn aceita vídeos de até 30 minutos. Corte o vídeo e tente de novo.');
    expect(message).toBe(
      mediaRejectionMessage({
        reason: 'VIDEO_REFUSED',
        rejections: [{ reason: 'VIDEO_TOO_LONG', platform: 'linkedin', kind: 'vídeos', maxSeconds: 1800 }],
      }),
    );
  });

  it('a video that cannot be read (storage down) sends nothing and is retried', async () => {
    const publish = videoAdapter({ chunks: 1, chunkMs: 0 });
    const outcome = await processPublishJob(
      context(publish, {
        video: async () => {
          throw new Error('S3 indisponível');
        },
      }),
      JOB,
    );
    expect(outcome.kind).toBe('retry');
    expect(publish).not.toHaveBeenCalled();
    expect(repo.scheduleRetry.mock.calls[0]?.[1].message).toBe(VIDEO_LOAD_FAILED_MESSAGE);
  });

  it('renews the claim while a long upload runs, fenced by its token, and stops renewing at the send', async () => {
    // 20 chunks 10 ms apart: more than 10 renewal periods of 15 ms.
    const publish = videoAdapter({ chunks: 20, chunkMs: 10, createMs: 60 });
    let renewalsAtSend = -1;
    repo.markSendStarted.mockImplementation(async () => {
      renewalsAtSend = repo.renewClaim.mock.calls.length;
      return true;
    });
    const outcome = await processPublishJob(context(publish), JOB);
    expect(outcome.kind).toBe('published');
    expect(renewalsAtSend).toBeGreaterThanOrEqual(4);
    for (const [, post] of repo.renewClaim.mock.calls)
      expect(post).toMatchObject({ id: POST.id, claim_token: POST.claim_token });
    // No renewal after the send started (the create took 4 periods).
    expect(repo.renewClaim.mock.calls.length).toBe(renewalsAtSend);
    await sleep(60);
    expect(repo.renewClaim.mock.calls.length).toBe(renewalsAtSend);
  });

  it('a claim taken back mid-upload (reset, another worker) aborts the call before beforeSend: nothing visible, no write', async () => {
    const publish = videoAdapter({ chunks: 40, chunkMs: 10 });
    // The reconciler (or a stage move) takes the claim back after a few renewals.
    repo.renewClaim
      .mockResolvedValueOnce(true)
      .mockResolvedValueOnce(true)
      .mockResolvedValueOnce(true)
      .mockResolvedValue(false);
    const outcome = await processPublishJob(context(publish), JOB);
    expect(outcome).toEqual({ kind: 'claim_lost', sent: false });
    expect(calls[0]?.aborted).toBe(true);
    expect(calls[0]?.sent).toBe(false);
    expect(reads.length).toBeLessThan(40);
    expect(repo.markSendStarted).not.toHaveBeenCalled();
    // The post is someone else's now: no failure, no retry, no log row written by this worker.
    expect(repo.recordFailure).not.toHaveBeenCalled();
    expect(repo.scheduleRetry).not.toHaveBeenCalled();
    expect(repo.recordLostClaimOutcome).not.toHaveBeenCalled();
    expect(repo.completePublish).not.toHaveBeenCalled();
  });

  it('an adapter that ignores its signal still meets the lost lease at beforeSend: the create never leaves', async () => {
    const publish = videoAdapter({ chunks: 20, chunkMs: 10, honourSignal: false });
    repo.renewClaim.mockResolvedValueOnce(true).mockResolvedValue(false);
    const outcome = await processPublishJob(context(publish), JOB);
    expect(outcome).toEqual({ kind: 'claim_lost', sent: false });
    expect(calls[0]?.sent).toBe(false);
    expect(repo.markSendStarted).not.toHaveBeenCalled();
  });

  it('renewals failing (database restarting) abort the upload once the grace is over, before the visible step', async () => {
    const publish = videoAdapter({ chunks: 200, chunkMs: 10 });
    repo.renewClaim.mockRejectedValue(new Error('Connection terminated unexpectedly'));
    const outcome = await processPublishJob(context(publish), JOB);
    expect(outcome.kind).toBe('retry');
    expect(calls[0]?.aborted).toBe(true);
    expect(calls[0]?.sent).toBe(false);
    expect(repo.markSendStarted).not.toHaveBeenCalled();
    expect(repo.scheduleRetry.mock.calls[0]?.[1].detail).toContain('não pôde ser renovada');
  });

  it('a renewal that hangs (a dropped connection) is judged by the clock: the call stops before the visible step', async () => {
    const publish = videoAdapter({ chunks: 200, chunkMs: 10 });
    repo.renewClaim.mockImplementation(() => new Promise<boolean>(() => {}));
    const outcome = await processPublishJob(context(publish), JOB);
    expect(outcome.kind).toBe('retry');
    expect(calls[0]?.sent).toBe(false);
    expect(repo.markSendStarted).not.toHaveBeenCalled();
  });

  it('one failed renewal within the grace does not stop the upload', async () => {
    const publish = videoAdapter({ chunks: 20, chunkMs: 10 });
    repo.renewClaim
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'))
      .mockResolvedValue(true);
    const outcome = await processPublishJob(context(publish), JOB);
    expect(outcome.kind).toBe('published');
    expect(calls[0]?.aborted).toBe(false);
  });

  it('once the send started, a claim taken back cannot abort the visible request', async () => {
    // The create takes many renewal periods; any renewal now would find the claim gone.
    const publish = videoAdapter({ chunks: 2, chunkMs: 1, createMs: 150 });
    repo.markSendStarted.mockImplementation(async () => {
      repo.renewClaim.mockResolvedValue(false);
      return true;
    });
    const outcome = await processPublishJob(context(publish), JOB);
    expect(outcome).toEqual({ kind: 'published', platformPostId: 'urn:li:ugcPost:9' });
  });

  it('the fenced send-start still decides: a claim lost between the last renewal and the send sends nothing', async () => {
    const publish = videoAdapter({ chunks: 2, chunkMs: 1 });
    repo.markSendStarted.mockResolvedValue(false);
    const outcome = await processPublishJob(context(publish), JOB);
    expect(outcome).toEqual({ kind: 'claim_lost', sent: false });
    expect(calls[0]?.sent).toBe(false);
  });

  it('the video budget, not NETWORK_TIMEOUT_MS, bounds the call; running out before the send is a plain retry', async () => {
    // networkTimeoutMs 20 ms per request; the upload alone takes about 200 ms, the budget 120 ms.
    const publish = videoAdapter({ chunks: 20, chunkMs: 10 });
    const base = context(publish);
    const outcome = await processPublishJob(
      { ...base, config: { ...base.config, networkTimeoutMs: 20, videoTimeoutMs: 120 } },
      JOB,
    );
    expect(outcome.kind).toBe('retry');
    expect(calls[0]?.sent).toBe(false);
    expect(repo.markSendStarted).not.toHaveBeenCalled();
    expect(repo.scheduleRetry.mock.calls[0]?.[1].code).toBe('NETWORK_UNAVAILABLE');
  });

  it('a video call longer than NETWORK_TIMEOUT_MS publishes within its own budget', async () => {
    const publish = videoAdapter({ chunks: 10, chunkMs: 10 });
    const base = context(publish);
    const outcome = await processPublishJob(
      { ...base, config: { ...base.config, networkTimeoutMs: 30, videoTimeoutMs: 5_000 } },
      JOB,
    );
    expect(outcome.kind).toBe('published');
  });
});
