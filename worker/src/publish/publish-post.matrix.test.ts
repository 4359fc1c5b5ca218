// The fast tier of publishing (docs/architecture.md, "Tests"): the processor against an in-memory
// store that keeps the repository's fenced semantics (a claim is a token; every later write holds
// only while that token does) and a scripted network, through the whole failure matrix of
// docs/publishing.md in milliseconds. The same rows run against PostgreSQL, Redis and the sandbox
// networks in worker.integration.test.ts and db/src/repositories/publishing.repository.integration.test.ts.
import { randomUUID } from 'node:crypto';
import { MAX_PUBLISH_ATTEMPTS, type Platform, type PublishErrorCode } from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import type * as Db from '@pauta/db';
import {
  type NetworkAdapter,
  type OAuthProvider,
  OAuthProviderError,
  PublishError,
  type PublishMedia,
  type PublishRequest,
} from '@pauta/networks';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type PublishContext, type PublishOutcome, processPublishJob } from './publish-post.processor.js';

// ---- the in-memory store ----------------------------------------------------------------------

/** A suggested_posts row: the claimed columns plus the publishing state. */
interface PostRow extends Omit<Db.ClaimedPost, 'claim_token'> {
  status: 'scheduled' | 'publishing' | 'published' | 'failed' | 'needs_attention';
  claim_token: string | null;
  send_started_at: Date | null;
  next_attempt_at: Date | null;
  last_error: string | null;
  platform_post_id: string | null;
}

interface AccountRow {
  id: string;
  user_id: string;
  platform: Platform;
  status: 'active' | 'needs_reconnect';
  status_reason?: 'expired' | 'revoked' | 'refresh_failed' | null;
  limited_until?: Date | null;
  is_active: boolean;
  access_token: string;
  refresh_token: string | null;
  access_token_expires_at: Date | null;
}

const store = vi.hoisted(() => ({
  posts: new Map<string, unknown>(),
  accounts: [] as unknown[],
  logs: [] as { postId: string; status: 'success' | 'error'; message: string | null }[],
  now: () => new Date(),
}));
const posts = store.posts as Map<string, PostRow>;
const accounts = store.accounts as AccountRow[];

/** The repository functions the processor and the token code call, on the rows above. */
vi.mock('@pauta/db', async (importOriginal) => {
  const original = await importOriginal<typeof Db>();
  const posts = store.posts as Map<string, PostRow>;
  const accounts = store.accounts as AccountRow[];
  const held = (post: { id: string; claim_token: string }) => {
    const row = posts.get(post.id);
    return row && row.status === 'publishing' && row.claim_token === post.claim_token ? row : undefined;
  };
  const claimed = ({
    status,
    send_started_at,
    next_attempt_at,
    last_error,
    platform_post_id,
    ...row
  }: PostRow) => ({
    ...row,
    claim_token: row.claim_token!,
  });
  const summary = (a: AccountRow) =>
    ({
      id: a.id,
      user_id: a.user_id,
      platform: a.platform,
      platform_user_id: `${a.platform}-user`,
      platform_username: null,
      account_data: {},
      status: a.status,
      status_reason: a.status_reason ?? null,
      limited_until: a.limited_until ?? null,
      expiry_notice_for: null,
      has_refresh_token: a.refresh_token !== null,
      is_active: a.is_active,
      access_token_expires_at: a.access_token_expires_at,
      created_at: new Date(0),
      updated_at: new Date(0),
    }) as Db.AccountSummary;
  const tokensOf = (a: AccountRow) => ({
    accessToken: a.access_token,
    refreshToken: a.refresh_token,
    accessTokenExpiresAt: a.access_token_expires_at,
  });
  const log = (postId: string, status: 'success' | 'error', message: string | null) =>
    store.logs.push({ postId, status, message });
  const fake: Partial<typeof Db> = {
    claimPost: async (_db, postId, version) => {
      const row = posts.get(postId);
      const now = store.now().getTime();
      if (!row || row.version !== version || row.status !== 'scheduled') return undefined;
      if (row.scheduled_for.getTime() > now || (row.next_attempt_at && row.next_attempt_at.getTime() > now))
        return undefined;
      Object.assign(row, {
        status: 'publishing',
        attempts: row.attempts + 1,
        claim_token: randomUUID(),
        send_started_at: null,
      });
      return claimed(row);
    },
    pendingWakeUpTime: async (_db, postId, version) => {
      const row = posts.get(postId);
      if (!row || row.version !== version || row.status !== 'scheduled') return null;
      return new Date(Math.max(row.scheduled_for.getTime(), row.next_attempt_at?.getTime() ?? 0));
    },
    markSendStarted: async (_db, post) => {
      const row = held(post);
      if (row) row.send_started_at = store.now();
      return row !== undefined;
    },
    completePublish: async (_db, { post, platformPostId }) => {
      const row = held(post);
      if (!row) return false;
      Object.assign(row, { status: 'published', platform_post_id: platformPostId, claim_token: null });
      log(row.id, 'success', null);
      return true;
    },
    recordFailure: async (_db, { post, status, code, detail }) => {
      const row = held(post);
      if (!row) return false;
      Object.assign(row, { status, last_error: code, claim_token: null });
      log(row.id, 'error', detail);
      return true;
    },
    scheduleRetry: async (_db, { post, retryAt, code, detail }) => {
      const row = held(post);
      if (!row) return undefined;
      Object.assign(row, {
        status: 'scheduled',
        version: row.version + 1,
        next_attempt_at: retryAt,
        send_started_at: null,
        claim_token: null,
        last_error: code,
      });
      log(row.id, 'error', detail);
      return row.version;
    },
    releaseClaim: async (_db, post, retryAt) => {
      const row = held(post);
      if (!row) return undefined;
      Object.assign(row, {
        status: 'scheduled',
        attempts: row.attempts - 1,
        version: row.version + 1,
        next_attempt_at: retryAt,
        send_started_at: null,
        claim_token: null,
      });
      return row.version;
    },
    recordLostClaimOutcome: async (_db, { post, detail }) => {
      log(post.id, 'error', detail);
      return true;
    },
    findPostAccountWithTokens: async (_db, _keyring, post) => {
      const account = accounts.find(
        (a) =>
          a.user_id === post.workspace_id &&
          a.platform === post.platform &&
          a.is_active &&
          (post.connected_account_id === null || a.id === post.connected_account_id),
      );
      return account ? { account: summary(account), tokens: tokensOf(account) } : undefined;
    },
    readAccountTokens: async (_db, _keyring, accountId) =>
      tokensOf(accounts.find((a) => a.id === accountId)!),
    markNeedsReconnect: async (_db, accountId, reason = 'expired') => {
      const account = accounts.find((a) => a.id === accountId && a.status === 'active');
      if (account) Object.assign(account, { status: 'needs_reconnect', status_reason: reason });
      return account !== undefined;
    },
    markLimited: async (_db, accountId, until) => {
      const account = accounts.find((a) => a.id === accountId);
      if (account) account.limited_until = until;
      return account !== undefined;
    },
    refreshTokensLocked: async (_db, _keyring, accountId, options) => {
      const account = accounts.find((a) => a.id === accountId)!;
      const fresh = await options.refresh(tokensOf(account));
      account.access_token = fresh.accessToken;
      account.refresh_token = fresh.refreshToken ?? account.refresh_token;
      account.access_token_expires_at = fresh.accessTokenExpiresAt;
      return { tokens: tokensOf(account), refreshed: true } as Awaited<
        ReturnType<typeof Db.refreshTokensLocked>
      >;
    },
  };
  return { ...original, ...fake };
});

// ---- the scripted world ------------------------------------------------------------------------

const USER = randomUUID();
const START = Date.parse('2026-03-02T12:00:00Z');
let clock: number;
let sends: PublishRequest[];
let enqueued: WakeUp[];
let notified: PublishErrorCode[];

/** What the network answers to each send, in order (the last one repeats). */
let answers: (PublishError | Error | 'ok')[];
let adapterConfigured: boolean;
let oauth: OAuthProvider | null;
/** The post's images as the media loader answers (undefined: no loader wired). */
let mediaLoader: ((post: Db.ClaimedPost) => Promise<PublishMedia[]>) | undefined;

function addPost(overrides: Partial<PostRow> = {}): PostRow {
  const row: PostRow = {
    id: randomUUID(),
    workspace_id: USER,
    user_id: USER,
    theme_id: randomUUID(),
    title: 'Título',
    content: 'Conteúdo do post',
    platform: 'linkedin',
    scheduled_for: new Date(START),
    version: 1,
    attempts: 0,
    status: 'scheduled',
    claim_token: null,
    send_started_at: null,
    next_attempt_at: null,
    last_error: null,
    platform_post_id: null,
    network_options: {},
    connected_account_id: null,
    ...overrides,
  };
  posts.set(row.id, row);
  return row;
}

function addAccount(overrides: Partial<AccountRow> = {}): AccountRow {
  const account: AccountRow = {
    id: randomUUID(),
    user_id: USER,
    platform: 'linkedin',
    status: 'active',
    is_active: true,
    access_token: 'token-1',
    refresh_token: 'refresh-1',
    access_token_expires_at: null,
    ...overrides,
  };
  accounts.push(account);
  return account;
}

const adapter: NetworkAdapter = {
  platform: 'linkedin',
  async publish(request, options) {
    await options?.beforeSend?.();
    sends.push(request);
    const answer = answers[Math.min(sends.length, answers.length) - 1]!;
    if (answer !== 'ok') throw answer;
    return { platformPostId: `urn:li:share:${sends.length}`, url: null };
  },
  fetchMetrics: async () => new Map(),
};

function refreshingProvider(refresh: () => Promise<string>): OAuthProvider {
  return {
    issuesRefreshTokens: true,
    refreshAccessToken: async () => ({
      accessToken: await refresh(),
      refreshToken: 'refresh-2',
      accessTokenExpiresAt: new Date(clock + 3_600_000),
      scopes: [],
    }),
  } as unknown as OAuthProvider;
}

function context(): PublishContext {
  return {
    db: {} as Kysely<Db.Database>,
    keyring: {} as Db.Keyring,
    logger: pino({ level: 'silent' }),
    adapter: () => (adapterConfigured ? adapter : null),
    oauth: () => oauth,
    enqueue: async (wakeUps) => void enqueued.push(...wakeUps),
    notify: async (_post, code) => void notified.push(code),
    config: {
      retryBaseMs: 30_000,
      retryMaxMs: 900_000,
      refreshMarginMs: 60_000,
      networkTimeoutMs: 20_000,
      sendStartBudgetMs: 100_000,
    },
    now: () => new Date(clock),
    ...(mediaLoader === undefined ? {} : { media: mediaLoader }),
  };
}

const run = (row: PostRow): Promise<PublishOutcome> =>
  processPublishJob(context(), { postId: row.id, version: row.version });

beforeEach(() => {
  posts.clear();
  accounts.length = 0;
  store.logs.length = 0;
  clock = START + 1000;
  store.now = () => new Date(clock);
  sends = [];
  enqueued = [];
  notified = [];
  answers = ['ok'];
  adapterConfigured = true;
  oauth = null;
  mediaLoader = undefined;
});

const refusal = (kind: PublishError['kind'], code: PublishErrorCode, details = {}) =>
  new PublishError(kind, code, `${kind} da rede`, details);

// ---- the matrix --------------------------------------------------------------------------------

describe('a due post with a connected account', () => {
  it('is published once, with its text, and logged as a success', async () => {
    addAccount();
    const post = addPost();
    expect(await run(post)).toEqual({ kind: 'published', platformPostId: 'urn:li:share:1' });
    expect(sends).toEqual([
      {
        target: { platformUserId: 'linkedin-user', accessToken: 'token-1' },
        title: 'Título',
        text: 'Conteúdo do post',
      },
    ]);
    expect(posts.get(post.id)).toMatchObject({
      status: 'published',
      attempts: 1,
      platform_post_id: 'urn:li:share:1',
    });
    expect(store.logs).toEqual([{ postId: post.id, status: 'success', message: null }]);
    expect(notified).toEqual([]);
  });

  it('hands the post’s network options to the adapter as request.options', async () => {
    addAccount();
    const post = addPost({ network_options: { postType: 'EVENT', eventTitle: 'Feira de Natal' } });
    expect(await run(post)).toMatchObject({ kind: 'published' });
    expect(sends).toHaveLength(1);
    expect(sends[0]!.options).toEqual({ postType: 'EVENT', eventTitle: 'Feira de Natal' });
  });

  it('a post missing a required option (an Evento without dates) fails before any call, in pt-BR', async () => {
    addAccount({ platform: 'google_business' });
    const post = addPost({
      platform: 'google_business',
      network_options: { postType: 'EVENT', eventTitle: 'Feira de Natal' },
    });
    expect(await run(post)).toMatchObject({ kind: 'failed', code: 'REJECTED' });
    expect(sends).toEqual([]);
    expect(store.logs).toEqual([
      {
        postId: post.id,
        status: 'error',
        message:
          'Preencha “Início do evento” nas Opções do Google Meu Negócio antes de agendar. Abra Editar Post e reagende. (opções do post recusadas: eventStart, eventEnd)',
      },
    ]);
  });

  it('is published once when two workers take the same job at the same time', async () => {
    addAccount();
    const post = addPost();
    const outcomes = await Promise.all([run(post), run(post)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['noop', 'published']);
    expect(sends).toHaveLength(1);
  });

  it('a repeated wake-up of a published post sends nothing', async () => {
    addAccount();
    const post = addPost();
    await run(post);
    expect(await processPublishJob(context(), { postId: post.id, version: 1 })).toEqual({ kind: 'noop' });
    expect(sends).toHaveLength(1);
  });

  it('an early wake-up sends nothing and says when the post is due', async () => {
    addAccount();
    const post = addPost({ scheduled_for: new Date(START + 3_600_000) });
    expect(await run(post)).toEqual({ kind: 'early', at: new Date(START + 3_600_000) });
    expect(sends).toEqual([]);
    expect(posts.get(post.id)).toMatchObject({ status: 'scheduled', attempts: 0 });
  });
});

describe('failures that stop before the network', () => {
  it.each([
    [
      'the network is not configured',
      (): void => {
        adapterConfigured = false;
      },
      'PLATFORM_NOT_CONFIGURED',
    ],
    ['no account is connected', () => {}, 'ACCOUNT_NOT_CONNECTED'],
    [
      'the account must be reconnected',
      (): void => void addAccount({ status: 'needs_reconnect' }),
      'ACCOUNT_NEEDS_RECONNECT',
    ],
  ] as const)('%s: failed with its reason, the owner told, nothing sent', async (_case, arrange, code) => {
    if (code !== 'ACCOUNT_NOT_CONNECTED' && code !== 'ACCOUNT_NEEDS_RECONNECT') addAccount();
    arrange();
    const post = addPost();
    expect(await run(post)).toEqual({ kind: 'failed', code });
    expect(sends).toEqual([]);
    expect(posts.get(post.id)).toMatchObject({ status: 'failed', last_error: code });
    expect(notified).toEqual([code]);
    expect(enqueued).toEqual([]);
  });
});

describe('what the network answers', () => {
  it('a transient failure is retried later under a new version, with its wake-up queued', async () => {
    addAccount();
    answers = [refusal('retryable', 'NETWORK_UNAVAILABLE', { status: 503 })];
    const post = addPost();
    const outcome = await run(post);
    expect(outcome.kind).toBe('retry');
    const row = posts.get(post.id)!;
    expect(row).toMatchObject({
      status: 'scheduled',
      version: 2,
      attempts: 1,
      last_error: 'NETWORK_UNAVAILABLE',
    });
    // First back-off: between half and all of PUBLISH_RETRY_BASE_MS.
    const wait = row.next_attempt_at!.getTime() - clock;
    expect(wait).toBeGreaterThanOrEqual(15_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    expect(enqueued).toEqual([
      { id: post.id, version: 2, platform: 'linkedin', scheduled_for: row.next_attempt_at },
    ]);
    expect(notified).toEqual([]);
  });

  it(`a transient failure on the last of ${MAX_PUBLISH_ATTEMPTS} attempts fails the post and tells the owner`, async () => {
    addAccount();
    answers = [refusal('retryable', 'NETWORK_UNAVAILABLE', { status: 503 })];
    const post = addPost({ attempts: MAX_PUBLISH_ATTEMPTS - 1 });
    expect(await run(post)).toEqual({ kind: 'failed', code: 'NETWORK_UNAVAILABLE' });
    expect(posts.get(post.id)).toMatchObject({ status: 'failed', attempts: MAX_PUBLISH_ATTEMPTS });
    expect(enqueued).toEqual([]);
    expect(notified).toEqual(['NETWORK_UNAVAILABLE']);
  });

  it('runs every retry to the end: five sends, then failed', async () => {
    addAccount();
    answers = [refusal('retryable', 'NETWORK_UNAVAILABLE', { status: 503 })];
    const post = addPost();
    let outcome = await run(post);
    while (outcome.kind === 'retry') {
      clock = outcome.at.getTime();
      outcome = await run(posts.get(post.id)!);
    }
    expect(outcome).toEqual({ kind: 'failed', code: 'NETWORK_UNAVAILABLE' });
    expect(sends).toHaveLength(MAX_PUBLISH_ATTEMPTS);
    expect(store.logs.filter((l) => l.status === 'error')).toHaveLength(MAX_PUBLISH_ATTEMPTS);
  });

  it.each([
    [
      'a definite refusal',
      refusal('permanent', 'DUPLICATE_CONTENT', { status: 422 }),
      'failed',
      'DUPLICATE_CONTENT',
    ],
    [
      'an unknown outcome (timeout after sending)',
      refusal('unknown', 'UNKNOWN_OUTCOME'),
      'needs_attention',
      'UNKNOWN_OUTCOME',
    ],
    ['an unexpected error inside the adapter', new TypeError('bug'), 'needs_attention', 'UNKNOWN_OUTCOME'],
  ] as const)('%s is never retried: %s, the owner told', async (_case, answer, status, code) => {
    addAccount();
    answers = [answer];
    const post = addPost();
    expect(await run(post)).toEqual({ kind: status, code });
    expect(sends).toHaveLength(1);
    expect(posts.get(post.id)).toMatchObject({ status, last_error: code, attempts: 1 });
    expect(enqueued).toEqual([]);
    expect(notified).toEqual([code]);
  });

  it('a 429 waits Retry-After without spending an attempt', async () => {
    addAccount();
    answers = [refusal('rate_limited', 'RATE_LIMITED', { status: 429, retryAfterMs: 45_000 })];
    const post = addPost();
    expect(await run(post)).toEqual({ kind: 'rate_limited', retryAfterMs: 45_000 });
    expect(posts.get(post.id)).toMatchObject({ status: 'scheduled', attempts: 0, version: 2 });
    expect(enqueued).toEqual([
      { id: post.id, version: 2, platform: 'linkedin', scheduled_for: new Date(clock + 45_000) },
    ]);
    expect(store.logs).toEqual([]);
    // Contas Conectadas shows the account as limited by the network until then.
    expect(accounts[0]!.limited_until).toEqual(new Date(clock + 45_000));
  });
});

describe('a post with images', () => {
  const image = (n: number): PublishMedia => ({
    mimeType: 'image/jpeg',
    altText: `Imagem ${n}`,
    width: 1080,
    height: 1080,
    bytes: Buffer.from([0xff, 0xd8, 0xff, n]),
    url: `https://pauta.example/media/${n}?sig=x`,
  });

  it('hands the images, in order, to the network with the text', async () => {
    addAccount();
    const post = addPost();
    const loaded: string[] = [];
    mediaLoader = async (claimed) => {
      loaded.push(claimed.id);
      // Read before send_started_at: the send-start clock has not started.
      expect(posts.get(claimed.id)?.send_started_at).toBeNull();
      return [image(1), image(2), image(3), image(4)];
    };
    expect(await run(post)).toEqual({ kind: 'published', platformPostId: 'urn:li:share:1' });
    expect(loaded).toEqual([post.id]);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.media?.map((m) => m.altText)).toEqual(['Imagem 1', 'Imagem 2', 'Imagem 3', 'Imagem 4']);
  });

  it('a storage failure while reading them sends nothing and retries later, with a pt-BR reason', async () => {
    addAccount();
    const post = addPost();
    mediaLoader = async () => {
      throw new Error('S3 indisponível (503)');
    };
    const outcome = await run(post);
    expect(outcome.kind).toBe('retry');
    expect(sends).toEqual([]);
    expect(posts.get(post.id)).toMatchObject({
      status: 'scheduled',
      send_started_at: null,
      last_error: 'INTERNAL',
      version: 2,
    });
    expect(store.logs[0]?.message).toContain(
      'Não foi possível ler as imagens do post no armazenamento; nada foi enviado',
    );
    expect(enqueued).toHaveLength(1);
    expect(notified).toEqual([]);
  });

  it('a storage failure on the last attempt fails the post (nothing was ever sent)', async () => {
    addAccount();
    const post = addPost({ attempts: MAX_PUBLISH_ATTEMPTS - 1 });
    mediaLoader = async () => {
      throw new Error('disco cheio');
    };
    expect(await run(post)).toEqual({ kind: 'failed', code: 'INTERNAL' });
    expect(sends).toEqual([]);
    expect(posts.get(post.id)?.status).toBe('failed');
  });

  it('a slow storage read does not count against the send-start budget', async () => {
    addAccount();
    const post = addPost();
    mediaLoader = async () => {
      clock += 200_000; // longer than sendStartBudgetMs
      return [image(1)];
    };
    expect((await run(post)).kind).toBe('published');
    expect(sends).toHaveLength(1);
  });

  it('Instagram without images fails at once with MEDIA_REQUIRED, before any call to the network', async () => {
    addAccount({ platform: 'instagram' });
    const post = addPost({ platform: 'instagram' });
    mediaLoader = async () => [];
    expect(await run(post)).toEqual({ kind: 'failed', code: 'MEDIA_REQUIRED' });
    expect(sends).toEqual([]);
    expect(posts.get(post.id)).toMatchObject({
      status: 'failed',
      last_error: 'MEDIA_REQUIRED',
      send_started_at: null,
    });
    expect(notified).toEqual(['MEDIA_REQUIRED']);
  });

  it('a retryable failure in a media step (nothing visible) is retried; the retry publishes once', async () => {
    addAccount();
    const post = addPost();
    mediaLoader = async () => [image(1), image(2)];
    answers = [
      new PublishError('retryable', 'NETWORK_UNAVAILABLE', 'upload caiu antes do post', {
        networkCode: 'ECONNRESET',
        reason: 'A conexão falhou durante o envio das imagens: nada foi publicado.',
      }),
      'ok',
    ];
    expect((await run(post)).kind).toBe('retry');
    expect(posts.get(post.id)?.send_started_at).toBeNull();
    clock += 3_600_000;
    expect(await run(posts.get(post.id)!)).toEqual({ kind: 'published', platformPostId: 'urn:li:share:2' });
    expect(posts.get(post.id)?.status).toBe('published');
    expect(sends.every((send) => send.media?.length === 2)).toBe(true);
  });
});

describe('tokens', () => {
  it('a 401 refreshes the token once and sends again with the new one', async () => {
    addAccount();
    oauth = refreshingProvider(async () => 'token-2');
    answers = [refusal('auth', 'ACCOUNT_NEEDS_RECONNECT', { status: 401 }), 'ok'];
    const post = addPost();
    expect(await run(post)).toEqual({ kind: 'published', platformPostId: 'urn:li:share:2' });
    expect(sends.map((s) => s.target.accessToken)).toEqual(['token-1', 'token-2']);
    expect(accounts[0]).toMatchObject({ access_token: 'token-2', status: 'active' });
  });

  it('a second 401 after the refresh fails the post: reconnect', async () => {
    addAccount();
    oauth = refreshingProvider(async () => 'token-2');
    answers = [refusal('auth', 'ACCOUNT_NEEDS_RECONNECT', { status: 401 })];
    const post = addPost();
    expect(await run(post)).toEqual({ kind: 'failed', code: 'ACCOUNT_NEEDS_RECONNECT' });
    expect(sends).toHaveLength(2);
    expect(accounts[0]).toMatchObject({ status: 'needs_reconnect', status_reason: 'expired' });
  });

  it('a token the member revoked (LinkedIn REVOKED_ACCESS_TOKEN) flags the account as revoked', async () => {
    addAccount();
    oauth = refreshingProvider(async () => 'token-2');
    answers = [
      refusal('auth', 'ACCOUNT_NEEDS_RECONNECT', { status: 401, networkCode: 'REVOKED_ACCESS_TOKEN' }),
    ];
    const post = addPost();
    expect(await run(post)).toEqual({ kind: 'failed', code: 'ACCOUNT_NEEDS_RECONNECT' });
    expect(accounts[0]).toMatchObject({ status: 'needs_reconnect', status_reason: 'revoked' });
  });

  it('without a refresh token (LinkedIn without partner refresh) the token is used until it expires', async () => {
    addAccount({ refresh_token: null, access_token_expires_at: new Date(START + 60_000) });
    oauth = refreshingProvider(async () => 'never');
    const post = addPost();
    expect((await run(post)).kind).toBe('published');
    expect(sends.map((s) => s.target.accessToken)).toEqual(['token-1']);
    expect(accounts[0]!.status).toBe('active');
  });

  it('without a refresh token, an expired token fails the post and flags the account expired', async () => {
    addAccount({ refresh_token: null, access_token_expires_at: new Date(START - 1) });
    oauth = refreshingProvider(async () => 'never');
    const post = addPost();
    expect(await run(post)).toEqual({ kind: 'failed', code: 'ACCOUNT_NEEDS_RECONNECT' });
    expect(sends).toEqual([]);
    expect(accounts[0]).toMatchObject({ status: 'needs_reconnect', status_reason: 'expired' });
  });

  it('a 401 on a network that cannot refresh marks the account for reconnection', async () => {
    addAccount();
    answers = [refusal('auth', 'ACCOUNT_NEEDS_RECONNECT', { status: 401 })];
    const post = addPost();
    expect(await run(post)).toEqual({ kind: 'failed', code: 'ACCOUNT_NEEDS_RECONNECT' });
    expect(accounts[0]!.status).toBe('needs_reconnect');
    expect(notified).toEqual(['ACCOUNT_NEEDS_RECONNECT']);
  });

  it('a refresh refused with invalid_grant marks the account for reconnection', async () => {
    addAccount({ access_token_expires_at: new Date(START) });
    oauth = refreshingProvider(async () => {
      throw new OAuthProviderError('invalid_grant', 'linkedin', 'refresh token revoked');
    });
    const post = addPost();
    expect(await run(post)).toEqual({ kind: 'failed', code: 'ACCOUNT_NEEDS_RECONNECT' });
    expect(sends).toEqual([]);
    expect(accounts[0]).toMatchObject({ status: 'needs_reconnect', status_reason: 'refresh_failed' });
  });

  it('a refresh that fails for network reasons is retried, the account left alone', async () => {
    addAccount({ access_token_expires_at: new Date(START) });
    oauth = refreshingProvider(async () => {
      throw new OAuthProviderError('network', 'linkedin', 'ECONNRESET');
    });
    const post = addPost();
    expect((await run(post)).kind).toBe('retry');
    expect(sends).toEqual([]);
    expect(posts.get(post.id)).toMatchObject({ status: 'scheduled', last_error: 'NETWORK_UNAVAILABLE' });
    expect(accounts[0]!.status).toBe('active');
  });
});
