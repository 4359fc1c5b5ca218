// The client half of docs/idempotency.md, through the app's real tRPC client and a fake server at
// the fetch level: one key per user action, the same action in flight sent once, and the key kept
// exactly as long as a repeat must replay.
import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockTrpc, TrpcErrorResponse } from '../test-utils/trpc-mock';
import { idempotencyHeaders, idempotencyLink } from './idempotency';
import { type AppRouter, createTrpcClient } from './trpc';

const THEME = '00000000-0000-4000-8000-000000000001';
const input = {
  themeId: THEME,
  title: 'Título',
  content: 'Texto',
  platforms: ['linkedin' as const],
  postOrder: 3,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Lets the first `failures` requests die on the network (no answer), then reach the fake server;
 * returns the keys the lost requests carried.
 */
function dropFirstRequests(failures: number): (string | null)[] {
  const server = globalThis.fetch;
  const lost: (string | null)[] = [];
  vi.stubGlobal('fetch', (url: string | URL | Request, init?: RequestInit) => {
    if (lost.length < failures) {
      lost.push(new Headers(init?.headers).get('idempotency-key'));
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return server(url, init);
  });
  return lost;
}

const keysOf = (api: ReturnType<typeof mockTrpc>, path: string) =>
  api.callsTo(path).map((call) => call.idempotencyKey);

describe('idempotency link', () => {
  it('sends the same action once while it runs; every caller gets the one answer', async () => {
    const answer = deferred<unknown>();
    const api = mockTrpc({ 'themes.scheduleDraft': () => answer.promise });
    const client = createTrpcClient();
    const first = client.themes.scheduleDraft.mutate(input);
    const second = client.themes.scheduleDraft.mutate({ ...input });
    await vi.waitFor(() => expect(api.callsTo('themes.scheduleDraft')).toHaveLength(1));
    answer.resolve({ platforms: 1 });
    expect(await Promise.all([first, second])).toEqual([{ platforms: 1 }, { platforms: 1 }]);
    expect(api.callsTo('themes.scheduleDraft')).toHaveLength(1);
    expect(keysOf(api, 'themes.scheduleDraft')[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the same input in another key order is the same action', async () => {
    const answer = deferred<unknown>();
    const api = mockTrpc({ 'themes.scheduleDraft': () => answer.promise });
    const client = createTrpcClient();
    const reordered = Object.fromEntries(Object.entries(input).reverse()) as typeof input;
    const both = Promise.all([
      client.themes.scheduleDraft.mutate(input),
      client.themes.scheduleDraft.mutate(reordered),
    ]);
    answer.resolve({ platforms: 1 });
    await both;
    expect(api.callsTo('themes.scheduleDraft')).toHaveLength(1);
  });

  it('different actions go ahead side by side, each with its own key', async () => {
    const api = mockTrpc({ 'posts.retry': { ok: true } });
    const client = createTrpcClient();
    await Promise.all([client.posts.retry.mutate({ id: 'a' }), client.posts.retry.mutate({ id: 'b' })]);
    const keys = keysOf(api, 'posts.retry');
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it('after a lost answer the repeat carries the same key (the server replays), then a new action gets a new one', async () => {
    const api = mockTrpc({ 'themes.scheduleDraft': { platforms: 1 } });
    const client = createTrpcClient();
    const lost = dropFirstRequests(1);
    await expect(client.themes.scheduleDraft.mutate(input)).rejects.toThrow();
    await client.themes.scheduleDraft.mutate(input);
    // Scheduled on purpose once more, after the success: a new action.
    await client.themes.scheduleDraft.mutate(input);
    const [repeat, next] = keysOf(api, 'themes.scheduleDraft');
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(repeat).toBe(lost[0]);
    expect(next).toMatch(/^[0-9a-f]{32}$/);
    expect(next).not.toBe(repeat);
  });

  it('keeps the key after a 5xx or REQUEST_IN_PROGRESS, and drops it after a refusal', async () => {
    let answer: () => unknown = () => {
      throw new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
    };
    const api = mockTrpc({ 'posts.delete': () => answer() });
    const client = createTrpcClient();
    const remove = () => client.posts.delete.mutate({ id: 'p1' }).catch(() => null);
    await remove();
    answer = () => {
      throw new TrpcErrorResponse('CONFLICT', 'REQUEST_IN_PROGRESS');
    };
    await remove();
    answer = () => {
      throw new TrpcErrorResponse('CONFLICT', 'CONFLICT');
    };
    await remove();
    answer = () => ({ deleted: 1 });
    await remove();
    const [afterServerError, afterInProgress, afterRefusal, fresh] = keysOf(api, 'posts.delete');
    expect(afterInProgress).toBe(afterServerError);
    expect(afterRefusal).toBe(afterServerError);
    expect(fresh).not.toBe(afterRefusal);
  });

  it('a key kept for more than 12 h is replaced (the server forgets keys after 24 h)', async () => {
    let now = Date.parse('2026-11-24T10:00:00Z');
    const api = mockTrpc({ 'posts.retry': { ok: true } });
    const client = createTRPCClient<AppRouter>({
      links: [
        idempotencyLink({ now: () => now }),
        httpLink({ url: '/trpc', transformer: superjson, headers: ({ op }) => idempotencyHeaders(op) }),
      ],
    });
    const lost = dropFirstRequests(1);
    await expect(client.posts.retry.mutate({ id: 'p1' })).rejects.toThrow();
    now += 11 * 3_600_000;
    const stillKept = dropFirstRequests(1);
    await expect(client.posts.retry.mutate({ id: 'p1' })).rejects.toThrow();
    now += 2 * 3_600_000;
    await client.posts.retry.mutate({ id: 'p1' });
    const [late] = keysOf(api, 'posts.retry');
    expect(lost[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(stillKept[0]).toBe(lost[0]);
    expect(late).not.toBe(lost[0]);
  });

  it('queries carry no key and are still batched together', async () => {
    const api = mockTrpc({ 'themes.list': [], 'posts.list': { items: [], nextCursor: null, total: 0 } });
    const fetchSpy = vi.mocked(globalThis.fetch);
    const client = createTrpcClient();
    await Promise.all([client.themes.list.query(), client.posts.list.query({})]);
    expect(api.calls.map((call) => call.idempotencyKey)).toEqual([null, null]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
