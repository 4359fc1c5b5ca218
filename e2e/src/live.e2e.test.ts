// Issue 13 (live updates): the worker's changes reach every open browser of the user without a
// reload, across web processes. A second web process (web B, `npm run start:web`'s entry) runs
// next to the app of the run (web A: web + worker, embedded mode) on the same PostgreSQL and
// Redis, as two processes behind a load balancer. Web B serves the scheduling request; the
// worker (in web A's process) publishes; the page on web A and the page on web B — the latter
// only through PostgreSQL NOTIFY, since no worker runs in its process — both show "Publicado" and
// the toast in place.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { createTheme, expectToast, mutateInPage, signUp } from './flows.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

let browser: Browser;
let webB: ChildProcess | null = null;
let webBUrl: string;
let dataDir: string;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const port = await freePort();
  webBUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pauta-e2e-webb-'));
  const databaseUrl = e2eEnv().databaseUrl;
  let output = '';
  webB = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: webBUrl,
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      // The slot's prefix (global-setup.ts): the same queues as web A.
      REDIS_PREFIX: e2eEnv().redisPrefix,
      SOCIAL_SANDBOX_URL: e2eEnv().sandboxUrl,
      PAUTA_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  webB.stdout?.on('data', (d) => (output += d));
  webB.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (webB.exitCode !== null) throw new Error(`web B saiu: ${output}`);
    const ok = await fetch(`${webBUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`web B não ficou pronto: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (webB && webB.exitCode === null) {
    const exited = new Promise((r) => webB!.once('exit', r));
    webB.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (webB.exitCode === null) webB.kill('SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function openScheduled(page: Page, title: string) {
  await page.goto('/scheduled-posts');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await card.first().waitFor({ timeout: 20_000 });
  return card.first();
}

describe('live updates across two web processes', () => {
  it('a post published by the worker shows Publicado and a toast on web A and web B, without a reload', async () => {
    const { context, page: pageA } = await newPage(browser);
    const email = uniqueEmail('live');
    await signUp(pageA, email);
    await pageA.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await pageA.goto('/connected-accounts');
    await pageA
      .getByRole('article', { name: 'Conta LinkedIn', exact: true })
      .getByRole('button', { name: 'Conectar' })
      .click();
    await pageA.waitForURL('**/connected-accounts**', { timeout: 20_000 });
    await pageA
      .getByRole('article', { name: 'Conta LinkedIn', exact: true })
      .getByText('Conectado')
      .first()
      .waitFor();
    await createTheme(pageA, 'Ao vivo', { networks: ['LinkedIn'], frequency: 'Diário' });
    await pageA.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });

    const [post] = await sql<{ id: string; title: string }>(
      `SELECT p.id, p.title FROM suggested_posts p JOIN users u ON u.id = p.user_id
       WHERE u.email = $1 ORDER BY p.post_order LIMIT 1`,
      [email],
    );
    expect(post).toBeDefined();

    // Web A's page, then the same browser (same session cookie) on web B.
    const cardA = await openScheduled(pageA, post!.title);
    await cardA.getByText('Agendado').first().waitFor();
    const pageB = await context.newPage();
    await pageB.goto(`${webBUrl}/scheduled-posts`);
    const cardB = pageB
      .getByRole('article')
      .filter({ has: pageB.getByRole('heading', { name: post!.title }) });
    await cardB.first().getByText('Agendado').first().waitFor({ timeout: 20_000 });
    // A page that reloads loses this marker.
    for (const page of [pageA, pageB])
      await page.evaluate(() => {
        (window as unknown as { __stayed: boolean }).__stayed = true;
      });

    // Web B serves the scheduling request (the same call the calendar's reschedule makes).
    const due = new Date(Date.now() + 3000).toISOString();
    const res = await mutateInPage(pageB, 'posts.reschedule', {
      json: { id: post!.id, scheduledFor: due },
      meta: { values: { scheduledFor: ['Date'] } },
    });
    expect(res.status, res.body).toBe(200);

    // The worker runs in web A's process; both pages learn of it live.
    for (const [page, card] of [
      [pageA, cardA],
      [pageB, cardB.first()],
    ] as const) {
      await card.getByText('Publicado').first().waitFor({ timeout: 30_000 });
      await expectToast(page, 'Post publicado no LinkedIn');
      expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
    }
    const toast = pageB
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Post publicado no LinkedIn' });
    expect(await toast.getByRole('link', { name: 'Ver em Posts Publicados' }).getAttribute('href')).toBe(
      '/published-posts',
    );
    await snapshot(pageB, 'live-published-toast-1280', { fullPage: false });

    // The stream is one SSE request per page, not a polling loop: no posts.list request repeats
    // on its own while nothing changes.
    let lists = 0;
    pageA.on('request', (r) => {
      if (r.url().includes('posts.list')) lists += 1;
    });
    await pageA.waitForTimeout(6000);
    expect(lists).toBe(0);
    await context.close();
  }, 180_000);
});
