// The worker's internal HTTP port (issue 11, item 8): it listens on 127.0.0.1 unless
// WORKER_HEALTH_HOST says otherwise, and /metrics answers only with the METRICS_TOKEN bearer
// (the same rule as the web's /metrics). Real PostgreSQL and Redis behind /readyz.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DbHandle } from '@pauta/db';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDb } from '../../test/harness.js';
import { TEST_KEYS } from '../../test/server-harness.js';
import { loadWorkerEnv } from './env.js';
import { startHealthServer } from './observability.js';

let handle: DbHandle;
let redis: Redis;
const servers: http.Server[] = [];

beforeAll(async () => {
  handle = await testDb();
  redis = new Redis(inject('redisUrl'), { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  redis?.disconnect();
  await handle?.close();
});

async function start(options: { host?: string; metricsToken?: string } = {}) {
  const env = loadWorkerEnv({
    TOKEN_ENCRYPTION_KEYS: TEST_KEYS,
    WORKER_HEALTH_PORT: '0',
    ...(options.host ? { WORKER_HEALTH_HOST: options.host } : {}),
    ...(options.metricsToken ? { METRICS_TOKEN: options.metricsToken } : {}),
  });
  const server = await startHealthServer({
    port: env.WORKER_HEALTH_PORT,
    host: env.WORKER_HEALTH_HOST,
    metricsToken: env.METRICS_TOKEN,
    db: handle.db,
    redis,
  });
  servers.push(server);
  const address = server.address() as AddressInfo;
  return { address, url: `http://127.0.0.1:${address.port}` };
}

describe('worker health port', () => {
  it('listens on 127.0.0.1 by default, and on WORKER_HEALTH_HOST when set', async () => {
    expect(loadWorkerEnv({ TOKEN_ENCRYPTION_KEYS: TEST_KEYS }).WORKER_HEALTH_HOST).toBe('127.0.0.1');
    const local = await start();
    expect(local.address.address).toBe('127.0.0.1');
    const everywhere = await start({ host: '0.0.0.0' });
    expect(everywhere.address.address).toBe('0.0.0.0');
    // The probes still answer without a token.
    expect((await fetch(`${local.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${local.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('tells the public ready or not only; the checks and latencies need the METRICS_TOKEN bearer', async () => {
    const token = 'segredo-da-prontidao-0123456789';
    const guarded = await start({ metricsToken: token });
    const open = await fetch(`${guarded.url}/readyz`, { headers: { authorization: 'Bearer errado' } });
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ status: 'ready' });
    const detailed = await fetch(`${guarded.url}/readyz`, { headers: { authorization: `Bearer ${token}` } });
    expect(detailed.status).toBe(200);
    expect(await detailed.json()).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, redis: { ok: true } },
    });
  });

  it('serves /metrics only with the METRICS_TOKEN bearer, and not at all without a token', async () => {
    const token = 'segredo-das-metricas-0123456789';
    const guarded = await start({ metricsToken: token });
    for (const authorization of [undefined, 'Bearer errado', `Bearer ${token}x`, token.slice(1)]) {
      const res = await fetch(`${guarded.url}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status, String(authorization)).toBe(404);
      expect(await res.text()).not.toContain('pauta_');
    }
    const allowed = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('pauta_publish_outcomes_total');

    const open = await start();
    const refused = await fetch(`${open.url}/metrics`, { headers: { authorization: 'Bearer ' } });
    expect(refused.status).toBe(404);
  });
});
