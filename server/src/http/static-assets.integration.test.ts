// The built client as the web serves it, through HTTP: a dist folder compressed by the build's
// own step (scripts/precompress.ts), then raw requests (node:http, which neither asks for nor
// decodes a content coding by itself) with the Accept-Encoding headers browsers send.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.js';
import { testDb } from '../../../test/harness.js';
import { listen, testDeps } from '../../../test/server-harness.js';

const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Pauta</title>
<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css"></head>
<body><div id="root"></div></body></html>`;
// Big and repetitive enough that both codings shrink it, like a real bundle.
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export function view${i}(){return document.querySelector("#root-${i % 7}")}`,
).join('\n');
const STYLE = Array.from({ length: 300 }, (_, i) => `.m_${i}{color:var(--mantine-color-${i % 9})}`).join('');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
let dist: string;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request without any automatic content decoding; the path is sent verbatim (no URL clean-up). */
function get(
  pathname: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' | 'POST' = 'GET',
  base: string = app.url,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = http.request({ hostname, port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const CHROMIUM = 'gzip, deflate, br, zstd';

beforeAll(async () => {
  handle = await testDb();
  dist = mkdtempSync(path.join(os.tmpdir(), 'pauta-static-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(
    path.join(dist, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`,
  );
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'index-Ef56Gh78.css'), STYLE);
  writeFileSync(path.join(dist, 'assets', 'tiny-Zz99.css'), '.a{}');
  writeFileSync(path.join(dist, 'assets', 'logo-Qq11.png'), PNG);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"secret":"build metadata"}');
  await precompressDir(dist);
  // An https APP_URL, as in production: the assets must carry HSTS like every other answer.
  app = await listen(testDeps(handle, { clientDist: dist }, { APP_URL: 'https://pauta.exemplo.com' }));
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('client assets on the wire', () => {
  it('sends brotli when the browser accepts it, with its own length, type, ETag and Vary', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': CHROMIUM });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('falls back to gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=0.9, br;q=0.1']) {
      const res = await get('/assets/index-Ef56Gh78.css', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(gunzipSync(res.body).toString()).toBe(STYLE);
    }
  });

  it('sends the file itself when no coding is accepted', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const res = await get('/assets/index-Ab12Cd34.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body.toString()).toBe(SCRIPT);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    }
  });

  it('gives each encoding its own ETag and answers a matching If-None-Match with 304', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    const gzip = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    const again = await get('/assets/index-Ab12Cd34.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The brotli ETag does not validate the gzip representation.
    const other = await get('/assets/index-Ab12Cd34.js', {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('caches hashed assets for a year as immutable and makes index.html revalidate', async () => {
    for (const file of ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css', '/assets/logo-Qq11.png']) {
      const res = await get(file, { 'accept-encoding': CHROMIUM });
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
    for (const page of ['/', '/auth', '/dashboard', '/index.html']) {
      const res = await get(page, { accept: 'text/html', 'accept-encoding': CHROMIUM });
      expect(res.status, page).toBe(200);
      expect(res.headers['cache-control'], page).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.body).toString()).toBe(INDEX_HTML);
    }
    const favicon = await get('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(favicon.headers['cache-control']).toBe('no-cache');
    expect(favicon.headers['content-encoding']).toBe('gzip');
  });

  it('sends files that do not shrink (images, tiny styles) as they are, without Vary', async () => {
    const png = await get('/assets/logo-Qq11.png', { 'accept-encoding': CHROMIUM });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.equals(PNG)).toBe(true);
    const tiny = await get('/assets/tiny-Zz99.css', { 'accept-encoding': CHROMIUM });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('.a{}');
  });

  it('keeps the security headers on assets and pages', async () => {
    for (const [p, accept] of [
      ['/assets/index-Ab12Cd34.js', '*/*'],
      ['/', 'text/html'],
    ] as const) {
      const res = await get(p, { accept, 'accept-encoding': CHROMIUM });
      expect(res.headers['content-security-policy'], p).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
      expect(res.headers['strict-transport-security'], p).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' }, 'HEAD');
    const full = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect(res.headers['content-length']).toBe(full.headers['content-length']);
    expect(res.headers.etag).toBe(full.headers.etag);
  });

  it('answers 404 for a missing asset, even to a browser that accepts anything', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const res = await get('/assets/index-Missing1.js', { accept, 'accept-encoding': CHROMIUM });
      expect(res.status, accept).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body.toString())).toEqual({ error: 'NOT_FOUND', message: 'Não encontrado.' });
    }
  });

  it('never serves the compressed copies, dot-folders or anything outside dist by path', async () => {
    for (const p of [
      '/assets/index-Ab12Cd34.js.br',
      '/assets/index-Ab12Cd34.js.gz',
      '/assets/../../../../etc/passwd',
      '/assets/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/.vite/manifest.json',
    ]) {
      const res = await get(p, { accept: '*/*' });
      expect(res.body.toString(), p).not.toContain('root:');
      expect(res.body.toString(), p).not.toContain('build metadata');
      if (p.startsWith('/assets/')) expect(res.status, p).toBe(404);
    }
    // The server's own files are never reachable either: only the SPA page comes back.
    const outside = await get('/..%2f..%2fpackage.json', { accept: 'text/html' });
    expect(outside.body.toString()).not.toContain('"workspaces"');
  });

  it('leaves other methods to the API (no asset answers a POST)', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' }, 'POST');
    expect(res.status).toBe(404);
  });
});

// The landing and /auth rendered at build time (scripts/prerender.ts): sent to a request without
// a session cookie only; their one inline script is allowed by its hash and nothing else is.
describe('prerendered public pages', () => {
  const INLINE = 'document.documentElement.setAttribute("data-mantine-color-scheme","light")';
  const page = (h1: string) =>
    `<!doctype html><html lang="pt-BR"><head><script>${INLINE}</script><title>Pauta</title>
<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head>
<body><div id="root" data-prerendered=""><h1>${h1}</h1>${'<p>Pauta</p>'.repeat(50)}</div></body></html>`;
  const LANDING = page('Seu gerente de redes sociais');
  const AUTH = page('Bem-vindo de volta');
  let site: { url: string; close(): Promise<void> };
  let siteDist: string;

  const fetchPage = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${pathname}`, { headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    siteDist = mkdtempSync(path.join(os.tmpdir(), 'pauta-prerendered-'));
    mkdirSync(path.join(siteDist, 'assets'));
    mkdirSync(path.join(siteDist, '.prerendered'));
    writeFileSync(path.join(siteDist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(siteDist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(path.join(siteDist, '.prerendered', 'index.html'), LANDING);
    writeFileSync(path.join(siteDist, '.prerendered', 'auth.html'), AUTH);
    await precompressDir(siteDist);
    site = await listen(testDeps(handle, { clientDist: siteDist }, { APP_URL: 'https://pauta.exemplo.com' }));
  });

  afterAll(async () => {
    await site?.close();
    if (siteDist) rmSync(siteDist, { recursive: true, force: true });
  });

  it('sends / and /auth rendered to a visitor without a session cookie, compressed, revalidated', async () => {
    for (const [pathname, body] of [
      ['/', LANDING],
      ['/auth', AUTH],
    ] as const) {
      const res = await get(pathname, { accept: 'text/html', 'accept-encoding': CHROMIUM }, 'GET', site.url);
      expect(res.status, pathname).toBe(200);
      expect(res.headers['content-encoding'], pathname).toBe('br');
      expect(brotliDecompressSync(res.body).toString(), pathname).toBe(body);
      expect(res.headers['cache-control'], pathname).toBe('no-cache');
      // A cache must not give this answer to a request with a cookie, nor the other way round.
      expect(res.headers.vary, pathname).toBe('Cookie, Accept-Encoding');
    }
    // Other cookies do not count: only the session's.
    const other = await fetchPage('/', { cookie: 'pauta_device=abc; __Host-pauta_oauth=x' });
    expect(await other.text()).toBe(LANDING);
  });

  it('sends the app waiting for the session to a request with a session cookie (valid or not)', async () => {
    for (const pathname of ['/', '/auth']) {
      const res = await fetchPage(pathname, { cookie: '__Host-pauta_session=whatever' });
      expect(res.status, pathname).toBe(200);
      expect(await res.text(), pathname).toBe(INDEX_HTML);
      expect(res.headers.get('vary'), pathname).toBe('Cookie, Accept-Encoding');
    }
  });

  it('sends the plain app on every other path, even without a cookie', async () => {
    for (const pathname of ['/dashboard', '/auth/', '/auth/reset', '/index.html', '/qualquer/caminho']) {
      const res = await fetchPage(pathname);
      expect(await res.text(), pathname).toBe(INDEX_HTML);
      expect(res.headers.get('vary'), pathname).toBe('Accept-Encoding');
    }
    // Never by its own path either (a dot-folder).
    const direct = await fetchPage('/.prerendered/index.html');
    expect(await direct.text()).not.toBe(LANDING);
  });

  it("allows the pages' inline script by its hash in the CSP, and no other inline script", async () => {
    const hash = createHash('sha256').update(INLINE).digest('base64');
    for (const [pathname, cookie] of [
      ['/', ''],
      ['/', '__Host-pauta_session=x'],
      ['/assets/index-Ab12Cd34.js', ''],
    ] as const) {
      const res = await fetchPage(pathname, cookie ? { cookie } : {});
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
      expect(scriptSrc, pathname).toBe(`script-src 'self' 'sha256-${hash}'`);
      expect(scriptSrc).not.toContain('unsafe-inline');
    }
  });
});
