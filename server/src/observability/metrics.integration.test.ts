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

  it('counts every request once in its series, and times it', async () => {
    const count = (text: string, method: string, status: string) =>
      Number(
        new RegExp(
          `pauta_http_request_duration_seconds_count\\{route="trpc:system.status",method="${method}",status="${status}"\\} (\\d+)`,
        ).exec(text)?.[1] ?? 0,
      );
    const sum = (text: string) =>
      Number(
        /pauta_http_request_duration_seconds_sum\{route="trpc:system.status",method="GET",status="200"\} ([\d.e-]+)/.exec(
          text,
        )?.[1] ?? 0,
      );
    const before = await scrape();
    for (let i = 0; i < 7; i++) await fetch(`${server.url}/trpc/system.status`);
    // A 405 of the same path is a series of its own.
    await fetch(`${server.url}/trpc/system.status`, { method: 'PUT' });
    const after = await scrape();
    expect(count(after, 'GET', '200') - count(before, 'GET', '200')).toBe(7);
    expect(count(after, 'PUT', '405') - count(before, 'PUT', '405')).toBe(1);
    expect(sum(after)).toBeGreaterThan(sum(before));
  });
});
