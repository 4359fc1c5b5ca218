// GET /metrics of the web (docs/operations.md): only with the bearer token, and the request
// series stay bounded — a made-up tRPC path is "trpc:unknown", never a series of its own.
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, testDeps } from '../../../test/server-harness.js';

const TOKEN = 'metricas-de-teste-0123456789abcdef';
let handle: DbHandle;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  server = await listen(testDeps(handle, {}, { METRICS_TOKEN: TOKEN }));
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

const scrape = async () =>
  (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

describe('web metrics', () => {
  it('answers a scrape without the token as if there were no such page', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });

  it('labels a known procedure by name, and every invented path as one "trpc:unknown"', async () => {
    await fetch(`${server.url}/trpc/system.status`);
    for (let i = 0; i < 25; i++) await fetch(`${server.url}/trpc/inventado${i}.x`);
    await fetch(`${server.url}/trpc/system.status,inventado.y?batch=1`);
    const text = await scrape();
    expect(text).toContain('route="trpc:system.status"');
    expect(text).toContain('route="trpc:unknown"');
    expect(text).toContain('route="trpc:batch"');
    expect(text).not.toContain('inventado');
  });
});
