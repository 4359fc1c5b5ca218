// The posting queue through the REST API v1 (docs/posting-queue.md "REST API", docs/api.md): an
// account's slots and queue, its slots replaced, a post added to the queue, the queue reordered —
// the UI's own procedures through real HTTP and real PostgreSQL, with token scopes, Idempotency-Key
// on the POST, and another workspace's account and post ids refused (404, nothing changed).
import { randomUUID } from 'node:crypto';
import { type ApiTokenScope, generateApiToken } from '@pauta/core';
import { type DbHandle, insertScheduledPosts, parseKeyring, upsertAccount } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';

let handle: DbHandle;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  server = await listen(testDeps(handle));
});
afterAll(async () => {
  await server?.close();
  await handle?.close();
});

type Signed = Awaited<ReturnType<typeof signedInUser>>;

async function makeToken(user: Signed, scopes: ApiTokenScope[]): Promise<string> {
  const token = generateApiToken();
  const res = await user.browser.mutate('apiTokens.create', {
    name: `Token ${scopes.join('+')}`,
    scopes,
    expiresInDays: 30,
    token,
  });
  expect(res.status).toBe(200);
  return token;
}

async function api(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(method === 'POST' && !('idempotency-key' in headers) ? { 'idempotency-key': randomUUID() } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: test reads of JSON answers.
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

/** A person with LinkedIn connected and two LinkedIn posts scheduled far from any slot. */
async function owner(label: string) {
  const user = await signedInUser(handle, server.url, { label });
  const account = await upsertAccount(handle.db, parseKeyring(TEST_KEYS), {
    userId: user.id,
    workspaceId: user.id,
    platform: 'linkedin',
    platformUserId: `li-${randomUUID().slice(0, 8)}`,
    platformUsername: 'padaria',
    accountData: { name: 'Padaria' },
    accessToken: `token-${randomUUID()}`,
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const theme = await insertTestTheme(handle, user.id);
  const far = Date.now() + 400 * 86_400_000;
  const posts = await insertScheduledPosts(handle.db, {
    userId: user.id,
    themeId: theme.id,
    posts: [1, 2].map((n) => ({
      title: `Post ${n}`,
      content: `Texto ${n}`,
      platform: 'linkedin' as const,
      postOrder: n,
      scheduledFor: new Date(far + n * 3_600_000),
    })),
  });
  return { user, accountId: account.id, postIds: posts.map((p) => p.id) };
}

const slotsOf = async (accountId: string) =>
  (
    await handle.db
      .selectFrom('queue_slots')
      .select(['weekday', 'minute'])
      .where('connected_account_id', '=', accountId)
      .orderBy('weekday')
      .orderBy('minute')
      .execute()
  ).map((s) => ({ weekday: s.weekday, minute: s.minute }));

describe('posting queue over /api/v1', () => {
  it('sets slots, adds posts to the queue (idempotent by key), lists and reorders them, with scopes', async () => {
    const { user, accountId, postIds } = await owner('api-fila');
    const full = await makeToken(user, ['read', 'write', 'publish']);
    const readOnly = await makeToken(user, ['read']);
    const writeOnly = await makeToken(user, ['read', 'write']);
    const slots = [
      { weekday: 3, minute: 600 },
      { weekday: 1, minute: 600 },
    ];

    // Slots: `write`; a read-only token is refused and changes nothing.
    expect((await api(readOnly, 'PUT', `/accounts/${accountId}/queue/slots`, { slots })).status).toBe(403);
    expect(await slotsOf(accountId)).toEqual([]);
    const set = await api(writeOnly, 'PUT', `/accounts/${accountId}/queue/slots`, { slots });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.slots).toEqual([
      { weekday: 1, minute: 600 },
      { weekday: 3, minute: 600 },
    ]);
    // The same list again: the same state.
    expect((await api(writeOnly, 'PUT', `/accounts/${accountId}/queue/slots`, { slots })).status).toBe(200);
    expect(await slotsOf(accountId)).toEqual(set.body.slots);
    // A bad slot is a 400 problem, nothing changed.
    const bad = await api(full, 'PUT', `/accounts/${accountId}/queue/slots`, {
      slots: [{ weekday: 7, minute: 600 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(await slotsOf(accountId)).toEqual(set.body.slots);

    // Adding to the queue: `publish`, an Idempotency-Key required; a replay answers the same.
    expect((await api(writeOnly, 'POST', `/posts/${postIds[0]}/queue`)).status).toBe(403);
    const noKey = await api(full, 'POST', `/posts/${postIds[0]}/queue`, undefined, { 'idempotency-key': '' });
    expect(noKey.status).toBe(400);
    const key = randomUUID();
    const first = await api(full, 'POST', `/posts/${postIds[0]}/queue`, undefined, {
      'idempotency-key': key,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ postId: postIds[0], alreadyQueued: false });
    const replay = await api(full, 'POST', `/posts/${postIds[0]}/queue`, undefined, {
      'idempotency-key': key,
    });
    expect(replay.body).toEqual(first.body);
    const second = await api(full, 'POST', `/posts/${postIds[1]}/queue`);
    expect(second.status).toBe(200);
    expect(new Date(second.body.slotAt).getTime()).toBeGreaterThan(new Date(first.body.slotAt).getTime());

    // The account's queue (read), and the whole board.
    const queue = await api(readOnly, 'GET', `/accounts/${accountId}/queue`);
    expect(queue.status).toBe(200);
    expect(queue.body).toMatchObject({
      accountId,
      platform: 'linkedin',
      slots: set.body.slots,
      queuedPostIds: postIds,
    });
    expect(typeof queue.body.timeZone).toBe('string');
    const board = await api(readOnly, 'GET', '/queue');
    expect(board.body.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([accountId]);

    // Reorder: `publish`; the two posts swap their slot times.
    expect(
      (await api(writeOnly, 'PUT', `/accounts/${accountId}/queue/order`, { postIds: [...postIds].reverse() }))
        .status,
    ).toBe(403);
    const moved = await api(full, 'PUT', `/accounts/${accountId}/queue/order`, {
      postIds: [...postIds].reverse(),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await api(readOnly, 'GET', `/accounts/${accountId}/queue`);
    expect(after.body.queuedPostIds).toEqual([...postIds].reverse());
    const at = async (id: string) =>
      (
        await handle.db
          .selectFrom('suggested_posts')
          .select('scheduled_for')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).scheduled_for!.toISOString();
    expect(await at(postIds[1]!)).toBe(new Date(first.body.slotAt).toISOString());
    expect(await at(postIds[0]!)).toBe(new Date(second.body.slotAt).toISOString());
    // An order that is not the queue (a post missing): 409, nothing moved.
    const stale = await api(full, 'PUT', `/accounts/${accountId}/queue/order`, { postIds: [postIds[0]] });
    expect(stale.status).toBe(409);
    expect((await api(readOnly, 'GET', `/accounts/${accountId}/queue`)).body.queuedPostIds).toEqual(
      [...postIds].reverse(),
    );
  });

  it("refuses another workspace's account and posts (404) and changes nothing there", async () => {
    const victim = await owner('api-fila-vitima');
    const victimToken = await makeToken(victim.user, ['read', 'write', 'publish']);
    await api(victimToken, 'PUT', `/accounts/${victim.accountId}/queue/slots`, {
      slots: [{ weekday: 2, minute: 540 }],
    });
    expect((await api(victimToken, 'POST', `/posts/${victim.postIds[0]}/queue`)).status).toBe(200);
    const before = (await api(victimToken, 'GET', `/accounts/${victim.accountId}/queue`)).body;

    const attacker = await owner('api-fila-intruso');
    const token = await makeToken(attacker.user, ['read', 'write', 'publish']);
    const refusals = [
      await api(token, 'GET', `/accounts/${victim.accountId}/queue`),
      await api(token, 'PUT', `/accounts/${victim.accountId}/queue/slots`, { slots: [] }),
      await api(token, 'POST', `/posts/${victim.postIds[1]}/queue`),
      await api(token, 'PUT', `/accounts/${victim.accountId}/queue/order`, { postIds: [victim.postIds[0]] }),
      // Its own account with the victim's post in the order.
      await api(token, 'PUT', `/accounts/${attacker.accountId}/queue/order`, {
        postIds: [victim.postIds[0]],
      }),
    ];
    expect(refusals.map((r) => [r.status, r.body.code])).toEqual(Array(5).fill([404, 'NOT_FOUND']));
    expect((await api(victimToken, 'GET', `/accounts/${victim.accountId}/queue`)).body).toEqual(before);
    // The attacker's own board shows only its account.
    const board = await api(token, 'GET', '/queue');
    expect(board.body.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([attacker.accountId]);
  });

  it('describes the queue routes in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/queue'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/accounts/{accountId}/queue'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/accounts/{accountId}/queue/slots'] ?? {})).toEqual(['put']);
    expect(Object.keys(doc.paths['/accounts/{accountId}/queue/order'] ?? {})).toEqual(['put']);
    expect(Object.keys(doc.paths['/posts/{id}/queue'] ?? {})).toEqual(['post']);
    expect(JSON.stringify(doc.paths['/accounts/{accountId}/queue/slots'])).toContain('weekday');
  });
});
