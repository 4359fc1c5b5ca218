// What the processor does when a fenced write reports that its claim is gone (docs/publishing.md):
// never a network call after a lost claim, never a write to the post, and a record for a person
// when the network may have the post. The repository is replaced at the module boundary; its SQL
// is proven on PostgreSQL in db/src/repositories/publishing.repository.integration.test.ts.
import type { ClaimedPost } from '@pauta/db';
import * as db from '@pauta/db';
import { type NetworkAdapter, PublishError } from '@pauta/networks';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type PublishContext, processPublishJob } from './publish-post.processor.js';
import { createSendGate } from './send-gate.js';

vi.mock('@pauta/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@pauta/db')>()),
  claimPost: vi.fn(),
  pendingWakeUpTime: vi.fn(),
  findPostAccountWithTokens: vi.fn(),
  markSendStarted: vi.fn(),
  completePublish: vi.fn(),
  recordFailure: vi.fn(),
  scheduleRetry: vi.fn(),
  releaseClaim: vi.fn(),
  recordLostClaimOutcome: vi.fn(),
  refreshTokensLocked: vi.fn(),
  renewClaim: vi.fn(async () => true),
  markNeedsReconnect: vi.fn(async () => true),
  markLimited: vi.fn(async () => true),
}));

const repo = vi.mocked(db);

const POST: ClaimedPost = {
  id: '00000000-0000-4000-8000-000000000001',
  workspace_id: '00000000-0000-4000-8000-000000000002',
  user_id: '00000000-0000-4000-8000-000000000002',
  theme_id: '00000000-0000-4000-8000-000000000003',
  title: 'Título',
  content: 'Conteúdo',
  platform: 'linkedin',
  scheduled_for: new Date('2026-01-01T12:00:00Z'),
  version: 2,
  attempts: 1,
  network_options: {},
  connected_account_id: null,
  claim_token: '00000000-0000-4000-8000-0000000000aa',
};

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

let clock: number;
let publish: ReturnType<typeof vi.fn<NetworkAdapter['publish']>>;
/** Create requests that left for the network (after beforeSend let them). */
let creates: number;

/** The create leaves, and the network answers with `error`. */
function answers(error: PublishError): NetworkAdapter['publish'] {
  return async (_request, options) => {
    await options?.beforeSend?.();
    creates += 1;
    throw error;
  };
}
let notify: ReturnType<typeof vi.fn<NonNullable<PublishContext['notify']>>>;
let published: ReturnType<typeof vi.fn<(post: ClaimedPost, lagMs: number) => void>>;

function context(overrides: Partial<PublishContext> = {}): PublishContext {
  const adapter = { platform: 'linkedin', publish, fetchMetrics: vi.fn() } as unknown as NetworkAdapter;
  return {
    db: {} as Kysely<db.Database>,
    keyring: {} as db.Keyring,
    logger: pino({ level: 'silent' }),
    adapter: () => adapter,
    oauth: () => null,
    enqueue: vi.fn(async () => {}),
    notify,
    config: {
      retryBaseMs: 1000,
      retryMaxMs: 10_000,
      refreshMarginMs: 60_000,
      networkTimeoutMs: 20_000,
      sendStartBudgetMs: 100_000,
    },
    now: () => new Date(clock),
    observe: { published },
    ...overrides,
  };
}

const JOB = { postId: POST.id, version: POST.version };

beforeEach(() => {
  vi.resetAllMocks();
  clock = Date.parse('2026-01-01T12:00:01Z');
  creates = 0;
  // A network: the adapter calls beforeSend right before the request that creates the post.
  publish = vi.fn<NetworkAdapter['publish']>(async (_request, options) => {
    await options?.beforeSend?.();
    creates += 1;
    return { platformPostId: 'urn:li:share:1', url: null };
  });
  notify = vi.fn<NonNullable<PublishContext['notify']>>(async () => {});
  published = vi.fn<(post: ClaimedPost, lagMs: number) => void>();
  repo.claimPost.mockResolvedValue({ ...POST });
  repo.findPostAccountWithTokens.mockResolvedValue({
    account: ACCOUNT,
    tokens: { accessToken: 'token' },
  } as unknown as Awaited<ReturnType<typeof db.findPostAccountWithTokens>>);
  repo.markSendStarted.mockResolvedValue(true);
  repo.completePublish.mockResolvedValue(true);
  repo.recordFailure.mockResolvedValue(true);
  repo.scheduleRetry.mockResolvedValue(POST.version + 1);
  repo.recordLostClaimOutcome.mockResolvedValue(true);
});

describe('processPublishJob: the budget of a call with images (docs/publishing.md, "Carrossel")', () => {
  const images = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      mimeType: 'image/jpeg',
      altText: `foto ${i + 1}`,
      width: 1080,
      height: 1350,
      bytes: new Uint8Array([i]),
      url: `https://exemplo.test/${i}.jpg`,
    }));
  /** The network takes 60 ms of media steps before its send; the call's deadline and renewals are read. */
  async function run(platform: 'instagram' | 'linkedin', count: number, sendStartBudgetMs: number) {
    repo.claimPost.mockResolvedValue({ ...POST, platform });
    publish.mockImplementation(async (_request, options) => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      await options?.beforeSend?.();
      creates += 1;
      return { platformPostId: 'ig-1', url: null };
    });
    const base = context();
    const startedAt = Date.now();
    const outcome = await processPublishJob(
      {
        ...base,
        media: async () => images(count),
        config: { ...base.config, sendStartBudgetMs, claimLease: { renewMs: 10, graceMs: 5_000 } },
      },
      JOB,
    );
    const { deadline } = publish.mock.calls[0]![1] as { deadline: number };
    return { outcome, budget: deadline - startedAt, renewals: repo.renewClaim.mock.calls.length };
  }

  it('a 10-image Instagram carousel: 5 × NETWORK_TIMEOUT_MS, its claim renewed while the containers are made', async () => {
    const { outcome, budget, renewals } = await run('instagram', 10, 60_000);
    expect(outcome).toEqual({ kind: 'published', platformPostId: 'ig-1' });
    expect(budget).toBeGreaterThanOrEqual(100_000);
    expect(budget).toBeLessThan(105_000);
    expect(renewals).toBeGreaterThan(0);
    expect(creates).toBe(1);
  });

  it('5 images: 2 batches + the carousel container, 4 × NETWORK_TIMEOUT_MS; within what the claim tolerates, no lease', async () => {
    const { budget, renewals } = await run('instagram', 5, 100_000);
    expect(budget).toBeGreaterThanOrEqual(80_000);
    expect(budget).toBeLessThan(85_000);
    expect(renewals).toBe(0);
  });

  it('one image on Instagram, or ten on a network without containers: one NETWORK_TIMEOUT_MS and no lease, as before', async () => {
    for (const [platform, count] of [
      ['instagram', 1],
      ['linkedin', 10],
    ] as const) {
      publish.mockClear();
      repo.renewClaim.mockClear();
      const { budget, renewals } = await run(platform, count, 1_000);
      expect(budget, platform).toBeGreaterThanOrEqual(20_000);
      expect(budget, platform).toBeLessThan(25_000);
      expect(renewals, platform).toBe(0);
    }
  });
});

describe('processPublishJob with claim tokens', () => {
  it('sends once, fenced by the claim, with one deadline for the whole call', async () => {
    const outcome = await processPublishJob(context(), JOB);
    expect(outcome).toEqual({ kind: 'published', platformPostId: 'urn:li:share:1' });
    expect(repo.markSendStarted).toHaveBeenCalledWith(expect.anything(), expect.objectContaining(POST));
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish.mock.calls[0]![1]).toEqual({
      signal: expect.any(AbortSignal),
      deadline: expect.any(Number),
      beforeSend: expect.any(Function),
      // One key per claimed version (Mastodon's Idempotency-Key): the same on every send of it.
      idempotencyKey: `pauta-${POST.id}-v${POST.version}`,
    });
    expect(creates).toBe(1);
    // The deadline the adapter is told is the signal's: NETWORK_TIMEOUT_MS from the send.
    const { deadline } = publish.mock.calls[0]![1] as { deadline: number };
    expect(Math.abs(deadline - Date.now() - context().config.networkTimeoutMs)).toBeLessThan(5_000);
    expect(repo.completePublish).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ post: expect.objectContaining({ claim_token: POST.claim_token }) }),
    );
    expect(published).toHaveBeenCalledTimes(1);
  });

  it('a wake-up for a post that was deleted is a no-op: no network call, no write', async () => {
    repo.claimPost.mockResolvedValue(undefined);
    repo.pendingWakeUpTime.mockResolvedValue(null);
    const outcome = await processPublishJob(context(), JOB);
    expect(outcome).toEqual({ kind: 'noop' });
    expect(publish).not.toHaveBeenCalled();
    expect(repo.markSendStarted).not.toHaveBeenCalled();
    expect(repo.recordFailure).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('a worker whose claim was lost before sending never calls the network and writes nothing', async () => {
    repo.markSendStarted.mockResolvedValue(false);
    const outcome = await processPublishJob(context(), JOB);
    expect(outcome).toEqual({ kind: 'claim_lost', sent: false });
    expect(creates).toBe(0);
    expect(repo.completePublish).not.toHaveBeenCalled();
    expect(repo.recordFailure).not.toHaveBeenCalled();
    expect(repo.scheduleRetry).not.toHaveBeenCalled();
    expect(repo.recordLostClaimOutcome).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('a success that arrives after the claim was lost is logged for a person, not recorded as published', async () => {
    repo.completePublish.mockResolvedValue(false);
    const outcome = await processPublishJob(context(), JOB);
    expect(outcome).toEqual({ kind: 'claim_lost', sent: true });
    expect(publish).toHaveBeenCalledTimes(1);
    expect(repo.recordLostClaimOutcome).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        post: expect.objectContaining({ id: POST.id, attempts: 1 }),
        platformPostId: 'urn:li:share:1',
        detail: expect.stringMatching(/urn:li:share:1.*duplicidade/),
      }),
    );
    expect(published).not.toHaveBeenCalled();
  });

  it('a worker that stalled after committing send_started_at does not send; it retries instead', async () => {
    repo.markSendStarted.mockImplementation(async () => {
      clock += 100_001; // the stall: longer than STALE_CLAIM_MS − NETWORK_TIMEOUT_MS
      return true;
    });
    const outcome = await processPublishJob(context(), JOB);
    expect(outcome.kind).toBe('retry');
    expect(creates).toBe(0);
    expect(repo.scheduleRetry).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ code: 'INTERNAL', detail: expect.stringContaining('nada foi enviado') }),
    );
  });

  it('a definite refusal after the claim was lost writes nothing and tells nobody', async () => {
    publish.mockImplementation(answers(new PublishError('permanent', 'REJECTED', 'linkedin answered 422')));
    repo.recordFailure.mockResolvedValue(false);
    const outcome = await processPublishJob(context(), JOB);
    expect(outcome).toEqual({ kind: 'claim_lost', sent: false });
    expect(notify).not.toHaveBeenCalled();
    expect(repo.recordLostClaimOutcome).not.toHaveBeenCalled();
  });

  it('an unknown outcome after the claim was lost is logged for a person', async () => {
    publish.mockImplementation(
      answers(new PublishError('unknown', 'UNKNOWN_OUTCOME', 'linkedin: timed out')),
    );
    repo.recordFailure.mockResolvedValue(false);
    const outcome = await processPublishJob(context(), JOB);
    expect(outcome).toEqual({ kind: 'claim_lost', sent: true });
    expect(repo.recordLostClaimOutcome).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ platformPostId: null }),
    );
    expect(notify).not.toHaveBeenCalled();
  });

  it('a retryable failure after the claim was lost enqueues nothing', async () => {
    const ctx = context();
    publish.mockImplementation(
      answers(new PublishError('retryable', 'NETWORK_UNAVAILABLE', 'linkedin answered 503')),
    );
    repo.scheduleRetry.mockResolvedValue(undefined);
    const outcome = await processPublishJob(ctx, JOB);
    expect(outcome).toEqual({ kind: 'claim_lost', sent: false });
    expect(ctx.enqueue).not.toHaveBeenCalled();
  });

  it('after a 401 and a refresh, the second send needs the claim again', async () => {
    publish.mockImplementationOnce(
      answers(new PublishError('auth', 'ACCOUNT_NEEDS_RECONNECT', 'linkedin answered 401')),
    );
    repo.markSendStarted.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    repo.refreshTokensLocked.mockResolvedValue({
      tokens: { accessToken: 'fresh', refreshToken: 'r', accessTokenExpiresAt: null },
    } as unknown as Awaited<ReturnType<typeof db.refreshTokensLocked>>);
    const provider = { issuesRefreshTokens: true, refreshAccessToken: vi.fn() };
    const outcome = await processPublishJob(
      context({ oauth: () => provider as unknown as ReturnType<PublishContext['oauth']> }),
      JOB,
    );
    expect(outcome).toEqual({ kind: 'claim_lost', sent: false });
    expect(creates).toBe(1);
  });
});

describe('flag only what was sent (issue 24)', () => {
  it('marks a post "send started" only once it holds a send slot: queued posts stay unmarked', async () => {
    const held: (() => void)[] = [];
    publish.mockImplementation(async (_request, options) => {
      await options?.beforeSend?.();
      creates += 1;
      await new Promise<void>((resolve) => held.push(resolve)); // the network holds the request
      return { platformPostId: `urn:li:share:${creates}`, url: null };
    });
    const ctx = context({ sendGate: createSendGate(2) });
    const jobs = Array.from({ length: 5 }, () => processPublishJob(ctx, JOB));
    await vi.waitFor(() => expect(creates).toBe(2));
    await new Promise((r) => setTimeout(r, 20));
    // A crash now would flag exactly the two posts whose requests are on the wire.
    expect(repo.markSendStarted).toHaveBeenCalledTimes(2);
    expect(creates).toBe(2);
    for (let i = 0; i < 5; i++) {
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
      held.shift()!();
    }
    await Promise.all(jobs);
    expect(repo.markSendStarted).toHaveBeenCalledTimes(5);
    expect(creates).toBe(5);
  });

  it('an adapter that fails in an invisible media step never marks the post', async () => {
    publish.mockRejectedValue(
      new PublishError('retryable', 'NETWORK_UNAVAILABLE', 'linkedin: image upload 1 timed out'),
    );
    const outcome = await processPublishJob(context(), JOB);
    expect(outcome.kind).toBe('retry');
    expect(repo.markSendStarted).not.toHaveBeenCalled();
  });
});
