import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../test/harness.js';
import { listen, testDeps } from '../../test/server-harness.js';
import { appRouter } from './trpc/router.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
const METRICS_TOKEN = 'token-de-metricas-do-teste-de-prontidao';
const dist = path.join(os.tmpdir(), `pauta-dist-${process.pid}`);

beforeAll(async () => {
  handle = await testDb();
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Pauta</title><script type="module" src="/assets/a.js"></script>',
  );
  app = await listen(testDeps(handle, { clientDist: dist }, { METRICS_TOKEN }));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

describe('web app', () => {
  it('answers readiness to the public with its status only, and with each check to the metrics token', async () => {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const open = await fetch(`${app.url}/readyz`);
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ status: 'ready' });
    // A wrong token is the public: no detail about the installation.
    const wrong = await fetch(`${app.url}/readyz`, { headers: { authorization: 'Bearer outro-token' } });
    expect(await wrong.json()).toEqual({ status: 'ready' });

    const res = await fetch(`${app.url}/readyz`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      status: string;
      checks: { database: { ok: boolean }; migrations: unknown; redis: { ok: boolean } };
      workers: { status: string; duePosts?: number };
    };
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.migrations).toEqual({ ok: true, pending: [] });
    expect(body.checks.redis.ok).toBe(false);
    expect(body.status).toBe('degraded');
    expect(typeof body.workers.duePosts).toBe('number');
  });

  it('serves the SPA for any HTML path (spec: unknown paths show the landing page)', async () => {
    for (const p of ['/', '/auth', '/qualquer/coisa']) {
      const res = await fetch(`${app.url}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Pauta</title>');
    }
    const api = await fetch(`${app.url}/nao-existe`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
  });

  it('sets the security headers', async () => {
    const res = await fetch(`${app.url}/`, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    // A picked video plays from its object URL (Novo post's field and preview); only media.
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).not.toMatch(/(?:script|img|connect|default)-src[^;]*blob:/);
    // APP_URL is http here: no HSTS (the https case is in http/hardening.integration.test.ts).
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('refuses cross-site and non-JSON mutations with 403/415', async () => {
    const evil = await fetch(`${app.url}/trpc/system.status`, {
      method: 'POST',
      headers: { origin: 'https://evil.test', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(evil.status).toBe(403);
    const crossSite = await fetch(`${app.url}/trpc/system.status`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
    const form = await fetch(`${app.url}/trpc/system.status`, {
      method: 'POST',
      headers: { origin: 'http://pauta.test', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
  });

  it('answers a public query over HTTP with superjson', async () => {
    const res = await fetch(`${app.url}/trpc/system.status`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { json: unknown } } };
    expect(body.result.data.json).toMatchObject({ sandbox: true, publishingAvailable: false });
  });

  it('every procedure declares its access level (deny by default)', () => {
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { access?: string } } }>,
    );
    expect(procedures.length).toBeGreaterThan(0);
    for (const [name, procedure] of procedures) {
      expect(['public', 'user', 'admin'], name).toContain(procedure._def.meta?.access);
    }
  });
});
