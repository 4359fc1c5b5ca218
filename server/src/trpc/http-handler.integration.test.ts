// The lean /trpc handler against tRPC's own express adapter (the reference): the same requests,
// on the same router, context and database, must get the same status, the same tRPC headers and
// the same body — successes, batches, every error path, the 503 of PostgreSQL away — and what the
// lean path does not answer (the SSE stream, jsonl, HEAD, unknown procedures) must reach the
// adapter. The middleware in front of /trpc (CSRF, helmet, Cache-Control, metrics) is the same
// app either way and is covered by the app's own tests.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { createDb, type DbHandle } from '@pauta/db';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { AppDeps } from '../deps.js';
import { requestId } from '../http/request-id.js';
import { contextFactory } from './context.js';
import { createTrpcHandler } from './http-handler.js';
import { appRouter } from './router.js';
import { runningProcedures } from './trpc.js';

const MAX_BODY = 100 * 1024;

interface Logged {
  code: string;
  path: string | undefined;
  type: string;
  hasCtx: boolean;
}

async function serve(deps: AppDeps, lean: boolean) {
  const errors: Logged[] = [];
  const onError = ({
    error,
    path,
    type,
    ctx,
  }: {
    error: { code: string };
    path: string | undefined;
    type: string;
    ctx?: unknown;
  }) => {
    errors.push({ code: error.code, path, type, hasCtx: ctx !== undefined });
  };
  const app = express();
  app.use(requestId);
  app.use(
    '/trpc',
    lean
      ? createTrpcHandler({
          router: appRouter,
          maxBodySize: MAX_BODY,
          maxBatchSize: 20,
          createContext: contextFactory(deps),
          onError,
        })
      : createExpressMiddleware({
          router: appRouter,
          maxBodySize: MAX_BODY,
          allowBatching: true,
          maxBatchSize: 20,
          createContext: contextFactory(deps),
          onError,
        }),
  );
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type Served = Awaited<ReturnType<typeof serve>>;

const DATE = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
/** Headers tRPC or the request sets; date, length and framing are the server's business. */
const COMPARED = ['content-type', 'vary', 'set-cookie', 'retry-after', 'x-accel-buffering', 'cache-control'];

async function exchange(base: Served, path: string, init: RequestInit = {}) {
  base.errors.length = 0;
  const res = await fetch(`${base.url}${path}`, init);
  const body = (await res.text()).replace(DATE, '<data>');
  const headers = Object.fromEntries(COMPARED.map((h) => [h, res.headers.get(h)]));
  // The order in which a batch's failed calls reach onError is the order they finish in (they run
  // at once), which neither path fixes: compared as a set, by procedure.
  const errors = [...base.errors].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
  return { status: res.status, headers, body, errors };
}

let handle: DbHandle;
let lean: Served;
let reference: Served;
let cookie: string;
let themeId: string;

beforeAll(async () => {
  handle = await testDb();
  const deps = testDeps(handle);
  lean = await serve(deps, true);
  reference = await serve(deps, false);
  const user = await signedInUser(handle, lean.url, { label: 'lean' });
  cookie = user.browser.cookieHeader();
  themeId = (await insertTestTheme(handle, user.id, 'Tema enxuto')).id;
});
afterAll(async () => {
  await lean?.close();
  await reference?.close();
  await handle?.close();
});

const q = (input: unknown) => `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
const batchInput = (inputs: Record<number, unknown>) =>
  `?batch=1&input=${encodeURIComponent(
    JSON.stringify(Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, superjson.serialize(v)]))),
  )}`;

async function same(path: string, init: () => RequestInit = () => ({})) {
  const a = await exchange(lean, path, init());
  const b = await exchange(reference, path, init());
  expect(a).toEqual(b);
  return a;
}

describe('lean /trpc handler', () => {
  it('answers queries exactly as the adapter does: single, batched, signed in or not', async () => {
    const signed = () => ({ headers: { cookie } });
    const list = await same(`/trpc/posts.list${q({ limit: 50 })}`, signed);
    expect(list.status).toBe(200);
    expect((await same('/trpc/dashboard.summary', signed)).status).toBe(200);
    const themes = await same('/trpc/themes.list', signed);
    expect(themes.body).toContain('Tema enxuto');
    const batch = await same(
      `/trpc/themes.list,dashboard.summary,posts.list${batchInput({ 2: { limit: 5, themeId } })}`,
      signed,
    );
    expect(batch.status).toBe(200);
    expect(JSON.parse(batch.body)).toHaveLength(3);
    // Public, no cookie; and a user query without one (401).
    expect((await same('/trpc/system.status')).status).toBe(200);
    const anonymous = await same('/trpc/themes.list');
    expect(anonymous.status).toBe(401);
    expect(anonymous.errors).toEqual([
      { code: 'UNAUTHORIZED', path: 'themes.list', type: 'query', hasCtx: true },
    ]);
  });

  it('gives the same error answers: bad input, malformed JSON, a mixed batch (207), a bad batch input', async () => {
    const signed = () => ({ headers: { cookie } });
    const invalid = await same(`/trpc/posts.list${q({ limit: 'muitos' })}`, signed);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain('VALIDATION_FAILED');
    expect((await same('/trpc/posts.list?input=%7Bnao-json', signed)).status).toBe(400);
    const mixed = await same(`/trpc/themes.list,posts.list${batchInput({ 1: { limit: -1 } })}`, signed);
    expect(mixed.status).toBe(207);
    expect((await same('/trpc/themes.list,posts.list?batch=1&input=%5B1%5D', signed)).status).toBe(400);
    expect((await same('/trpc/themes.list,posts.list?batch=1&input=5', signed)).status).toBe(400);
    // A post that is not there (or another user's): 404 with the pt-BR message.
    const missing = await same(`/trpc/posts.get${q({ id: randomUUID() })}`, signed);
    expect(missing.status).toBe(404);
  });

  it('answers mutations exactly as the adapter does: success, refusals, body limits, idempotency', async () => {
    const post =
      (body: string, extra: Record<string, string> = {}) =>
      () => ({
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...extra },
        body,
      });
    const theme = {
      id: themeId,
      name: 'Tema enxuto',
      description: 'Descrição',
      toneOfVoice: ['professional'],
      avoidTopics: [],
      socialNetworks: ['linkedin', 'x'],
      frequency: 'weekly',
      colorPalette: 'green',
    };
    const ok = await same('/trpc/themes.update', post(JSON.stringify(superjson.serialize(theme))));
    expect(ok.status).toBe(200);
    const notFound = await same(
      '/trpc/posts.reschedule',
      post(
        JSON.stringify(
          superjson.serialize({ id: randomUUID(), scheduledFor: new Date(Date.now() + 86_400_000) }),
        ),
      ),
    );
    expect(notFound.status).toBe(404);
    expect((await same('/trpc/themes.update', post('{"json":'))).status).toBe(400);
    expect((await same('/trpc/themes.update', post(''))).status).toBe(400);
    expect((await same('/trpc/themes.update', post(JSON.stringify({ json: { id: 5 } })))).status).toBe(400);
    const large = await same(
      '/trpc/themes.update',
      post(JSON.stringify({ json: { x: 'a'.repeat(MAX_BODY) } })),
    );
    expect(large.status).toBe(413);
    // A BOM before the JSON is dropped, as Request.json() drops it.
    const bom = await same(
      '/trpc/themes.update',
      post(`\uFEFF${JSON.stringify(superjson.serialize(theme))}`),
    );
    expect(bom.status).toBe(200);
    const noKey = await same('/trpc/themes.update', () => ({
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(superjson.serialize(theme)),
    }));
    expect(noKey.status).toBe(400);
    expect(noKey.body).toContain('IDEMPOTENCY_KEY_REQUIRED');
    // The same key twice on each: the second answer is the stored one.
    const key = randomUUID();
    const replay = () => post(JSON.stringify(superjson.serialize(theme)), { 'idempotency-key': key })();
    await exchange(lean, '/trpc/themes.update', replay());
    const again = await exchange(lean, '/trpc/themes.update', replay());
    const fromReference = await exchange(reference, '/trpc/themes.update', replay());
    expect(again).toEqual(fromReference);
  });

  it('leaves to the adapter what it does not answer: unknown paths, wrong methods, HEAD, jsonl, big batches, form data', async () => {
    const signed = () => ({ headers: { cookie } });
    expect((await same('/trpc/nao.existe', signed)).status).toBe(404);
    expect((await same('/trpc/constructor', signed)).status).toBe(404);
    expect((await same('/trpc/themes.update', signed)).status).toBe(405);
    expect((await same('/trpc/%E0%A4%A', signed)).status).toBe(400);
    const mutationOnGet = await same(`/trpc/themes.list,themes.update?batch=1`, signed);
    expect(mutationOnGet.status).toBeGreaterThanOrEqual(400);
    const head = await same('/trpc/themes.list', () => ({ method: 'HEAD', headers: { cookie } }));
    expect(head.status).toBe(204);
    const jsonl = await same('/trpc/themes.list?batch=1', () => ({
      headers: { cookie, 'trpc-accept': 'application/jsonl' },
    }));
    expect(jsonl.status).toBe(200);
    const tooMany = await same(`/trpc/${Array(21).fill('themes.list').join(',')}?batch=1`, signed);
    expect(tooMany.status).toBe(400);
    const form = await same('/trpc/themes.update', () => ({
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: '{}',
    }));
    expect(form.status).toBe(415);
    const batchedMutation = await same('/trpc/auth.signOut,auth.signOut?batch=1', () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }));
    expect(batchedMutation.status).toBe(401);
  });

  it('hands the live SSE stream to the adapter, with the no-buffering header', async () => {
    const controller = new AbortController();
    const res = await fetch(`${lean.url}/trpc/live.events`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/event: connected|data:/);
    controller.abort();
  });

  it('answers 503 DATABASE_UNAVAILABLE as the adapter does when PostgreSQL is away', async () => {
    const away = await createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nada', poolSize: 1 });
    const deps = testDeps(away);
    const leanAway = await serve(deps, true);
    const referenceAway = await serve(deps, false);
    try {
      // The session read fails (the context): 503 for every call of the batch.
      for (const path of ['/trpc/themes.list', '/trpc/themes.list,dashboard.summary?batch=1']) {
        const a = await exchange(leanAway, path, { headers: { cookie } });
        const b = await exchange(referenceAway, path, { headers: { cookie } });
        expect(a).toEqual(b);
        expect(a.status).toBe(503);
        expect(a.body).toContain('DATABASE_UNAVAILABLE');
      }
      // A public procedure's own statement fails: 503 with Retry-After.
      const signIn = () => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(
          superjson.serialize({ email: 'ninguem@teste.pauta.dev', password: 'x'.repeat(12) }),
        ),
      });
      const a = await exchange(leanAway, '/trpc/auth.signIn', signIn());
      const b = await exchange(referenceAway, '/trpc/auth.signIn', signIn());
      expect(a).toEqual(b);
      expect(a.status).toBe(503);
      expect(a.headers['retry-after']).toBe('5');
    } finally {
      await leanAway.close();
      await referenceAway.close();
      await away.close();
    }
  });

  it('ends the procedure of a client that leaves halfway through its body', async () => {
    const { port } = new URL(lean.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      'POST /trpc/themes.update HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Cookie: ${cookie}\r\nIdempotency-Key: ${randomUUID()}\r\nContent-Length: 1000\r\n\r\n{"json":`,
    );
    // The procedure is running, waiting for the rest of the body.
    const deadline = Date.now() + 5_000;
    while (runningProcedures() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(runningProcedures()).toBe(1);
    socket.destroy();
    while (runningProcedures() > 0 && Date.now() < deadline + 5_000)
      await new Promise((r) => setTimeout(r, 10));
    expect(runningProcedures()).toBe(0);
  });
});
