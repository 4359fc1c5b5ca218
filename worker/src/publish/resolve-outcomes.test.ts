// The resolver's decisions (issue 24; docs/publishing.md, "Asking the network"), with the
// repository replaced at the module boundary (its fenced SQL is proven on PostgreSQL, rows L1–L8):
// found → completed as published; absent → a new version and a wake-up, only once absence is
// trusted; cannot tell → left for the owner with a pt-BR reason; a lookup never publishes.

import type { UnknownOutcome } from '@pauta/db';
import * as db from '@pauta/db';
import type { LookupResult, NetworkAdapter } from '@pauta/networks';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublishContext } from './publish-post.processor.js';
import { resolveUnknownOutcomes } from './resolve-outcomes.js';

vi.mock('@pauta/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@pauta/db')>()),
  listUnknownOutcomes: vi.fn(),
  findPostAccountWithTokens: vi.fn(),
  completePublish: vi.fn(),
  resolveOutcomeAbsent: vi.fn(),
  markOutcomeUnresolved: vi.fn(),
  noteOutcomeLookup: vi.fn(),
}));

const repo = vi.mocked(db);

const POST: UnknownOutcome = {
  id: '00000000-0000-4000-8000-000000000001',
  workspace_id: '00000000-0000-4000-8000-000000000002',
  user_id: '00000000-0000-4000-8000-000000000002',
  theme_id: '00000000-0000-4000-8000-000000000003',
  title: 'Título',
  content: 'Conteúdo publicado',
  platform: 'linkedin',
  scheduled_for: new Date('2026-01-01T12:00:00Z'),
  version: 2,
  attempts: 1,
  network_options: {},
  connected_account_id: null,
  claim_token: '00000000-0000-4000-8000-0000000000aa',
  send_started_at: new Date('2026-01-01T12:00:01Z'),
  listed_at: new Date('2026-01-01T12:30:00Z'),
  final: true,
};

let lookup: ReturnType<typeof vi.fn<NonNullable<NetworkAdapter['lookupRecentPost']>>>;
let publish: ReturnType<typeof vi.fn<NetworkAdapter['publish']>>;
let enqueue: ReturnType<typeof vi.fn<PublishContext['enqueue']>>;

function context(adapter: Partial<NetworkAdapter> = { lookupRecentPost: lookup }): PublishContext {
  return {
    db: {} as Kysely<db.Database>,
    keyring: {} as db.Keyring,
    logger: pino({ level: 'silent' }),
    adapter: () => ({ platform: 'linkedin', publish, fetchMetrics: vi.fn(), ...adapter }) as NetworkAdapter,
    oauth: () => null,
    enqueue,
    config: {
      retryBaseMs: 1000,
      retryMaxMs: 10_000,
      refreshMarginMs: 60_000,
      networkTimeoutMs: 20_000,
      sendStartBudgetMs: 100_000,
    },
    now: () => new Date('2026-01-01T12:30:00Z'),
  };
}

const run = (ctx = context()) => resolveUnknownOutcomes(ctx, { settleMs: 120_000, absentAfterMs: 900_000 });
const answers = (result: LookupResult) => lookup.mockResolvedValue(result);

beforeEach(() => {
  vi.resetAllMocks();
  lookup = vi.fn();
  publish = vi.fn();
  enqueue = vi.fn(async () => {});
  repo.listUnknownOutcomes.mockResolvedValue([{ ...POST }]);
  repo.findPostAccountWithTokens.mockResolvedValue({
    account: {
      id: '00000000-0000-4000-8000-000000000004',
      platform: 'linkedin',
      platform_user_id: 'li-1',
      status: 'active',
      has_refresh_token: false,
      access_token_expires_at: null,
    },
    tokens: { accessToken: 'token' },
  } as unknown as Awaited<ReturnType<typeof db.findPostAccountWithTokens>>);
  repo.completePublish.mockResolvedValue(true);
  repo.resolveOutcomeAbsent.mockResolvedValue(POST.version + 1);
  repo.markOutcomeUnresolved.mockResolvedValue(true);
  repo.noteOutcomeLookup.mockResolvedValue(true);
});

describe('resolveUnknownOutcomes', () => {
  it('found: the flagged claim completes with the network id and link; nothing is sent', async () => {
    answers({
      kind: 'found',
      platformPostId: 'urn:li:share:7',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:7/',
    });
    expect(await run()).toMatchObject({ found: 1 });
    expect(lookup).toHaveBeenCalledWith(
      expect.objectContaining({ text: POST.content, since: POST.send_started_at, until: POST.listed_at }),
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(repo.completePublish).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        post: expect.objectContaining({ claim_token: POST.claim_token }),
        platformPostId: 'urn:li:share:7',
      }),
    );
    expect(publish).not.toHaveBeenCalled();
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('absent once absence is trusted: a new version, due now, and its wake-up', async () => {
    answers({ kind: 'absent' });
    expect(await run()).toMatchObject({ absent: 1 });
    expect(repo.resolveOutcomeAbsent).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ message: expect.stringContaining('não foi publicado') }),
    );
    expect(enqueue).toHaveBeenCalledWith([
      expect.objectContaining({ id: POST.id, version: POST.version + 1 }),
    ]);
  });

  it('absent soon after the send is not an answer: asked again later, nothing resent', async () => {
    repo.listUnknownOutcomes.mockResolvedValue([{ ...POST, final: false }]);
    answers({ kind: 'absent' });
    expect(await run()).toMatchObject({ pending: 1, absent: 0 });
    expect(repo.noteOutcomeLookup).toHaveBeenCalled();
    expect(repo.resolveOutcomeAbsent).not.toHaveBeenCalled();
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('cannot tell: stays for the owner with a pt-BR reason naming the network', async () => {
    answers({ kind: 'unknown', reason: 'a consulta à rede falhou: linkedin answered 500' });
    expect(await run()).toMatchObject({ unresolved: 1 });
    expect(repo.markOutcomeUnresolved).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        message: expect.stringMatching(/^Não foi possível confirmar no LinkedIn .*linkedin answered 500/),
      }),
    );
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('a network without lookup cannot tell', async () => {
    expect(await run(context({}))).toMatchObject({ unresolved: 1 });
    expect(repo.markOutcomeUnresolved).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ message: expect.stringContaining('não permite consultar') }),
    );
  });

  it('a fence that no longer holds (the owner acted) writes nothing else and enqueues nothing', async () => {
    answers({ kind: 'absent' });
    repo.resolveOutcomeAbsent.mockResolvedValue(undefined);
    expect(await run()).toMatchObject({ skipped: 1, absent: 0 });
    expect(enqueue).not.toHaveBeenCalled();
  });
});
