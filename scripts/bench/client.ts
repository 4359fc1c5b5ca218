// First-visit benchmark of the web client (npm run bench:client [-- --runs 3] [-- --screenshots DIR]).
// Builds the client, starts the web process (server/src/web.ts, as `npm run start:web` does) on
// its own PostgreSQL database with one signed-in administrator and some data (themes, scheduled,
// failed and published posts with metrics, connected accounts, publishing logs), and loads every
// page of the app in Debian's Chromium (playwright-core), each in a fresh browser context (an
// empty cache: a first visit). From the DevTools protocol's network events it counts, per page,
// the bytes that crossed the wire (`encodedDataLength`: compressed body plus headers) for
// scripts, stylesheets and everything else, and the number of requests — once as Chromium asks
// (`Accept-Encoding: gzip, deflate, br, zstd`) and once accepting gzip only. Then the landing
// page's (and /auth's) Largest Contentful Paint with 4× CPU throttling and the DevTools "Slow 4G"
// profile (Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions), median of --runs.
// Every goal of issue 12's first-visit item and of issue 29 (JS in br ≤ 150 kB and LCP ≤ 2.5 s on
// the phone profile for the landing and /auth) is printed with met / not met.
//
// --screenshots DIR also saves full-page screenshots of every page at 1280 and 375 px wide, light
// and dark, for people to compare by eye (DIR/<page>-<width>-<scheme>.png); for the landing and
// /auth also their first paint, from the HTML and stylesheets with every script blocked
// (DIR/<page>-<width>-<scheme>-html.png), which must look the same.
// --public measures the landing and /auth only (bytes, LCP, screenshots): a few minutes, not 15.
//
// Environment: BENCH_DATABASE_ADMIN_URL or TEST_DATABASE_ADMIN_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; database `pauta_bench_client`, dropped at the end),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379; the web only connects, under its own key
// prefix), CHROMIUM_PATH (default /usr/bin/chromium).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_TIME_ZONE, messages, PLATFORMS, type Platform, VIEWS, type View } from '@pauta/core';
import {
  createUser,
  generateKeyringValue,
  insertTheme,
  parseKeyring,
  setRole,
  upsertAccount,
} from '@pauta/db';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import superjson from 'superjson';
import { hashPassword } from '../../server/src/auth/password.js';
import { loadServerEnv } from '../../server/src/env.js';
import { createLogger } from '../../server/src/logger.js';
import { startWeb, type WebHandle } from '../../server/src/web.js';
import { buildClient } from '../build-client.js';
import { benchEnv } from '../env.js';
import { benchDatabase } from './common.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    screenshots: { type: 'string' },
    public: { type: 'boolean', default: false },
  },
});
const LCP_RUNS = Math.max(1, Number(args.runs));
const CHROMIUM = benchEnv.chromium();
const REDIS_URL = benchEnv.redisUrl();
const EMAIL = 'bench-client@bench.pauta.dev';
const PASSWORD = 'bench-cliente-senha-longa-2024';
const TIME_ZONE = DEFAULT_TIME_ZONE;
const DAY = 86_400_000;

const GOAL_JS_KB = 160;
/** Issue 29: landing and /auth ≤ 150 kB of JS on the wire with brotli, LCP ≤ 2.5 s on the phone profile. */
const GOAL_JS_BR_KB = 150;
const GOAL_LCP_MS = 2500;
const GOAL_CSS_KB = 40;
/** DevTools' "Slow 4G" preset (Lighthouse's mobile profile): 150 ms RTT × 3.75, 1.6 Mbps × 0.9 down. */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

const out = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ── the build ──────────────────────────────────────────────────────────────────────────────────

interface BuiltChunk {
  fileName: string;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
}

async function build(): Promise<BuiltChunk[]> {
  const result = await buildClient();
  const outputs = Array.isArray(result) ? result : [result];
  const chunks: BuiltChunk[] = [];
  for (const o of outputs) {
    if (!('output' in o)) continue;
    for (const item of o.output) {
      if (item.type === 'chunk') chunks.push(item);
    }
  }
  return chunks;
}

// ── data ───────────────────────────────────────────────────────────────────────────────────────

interface Seeded {
  themeId: string;
}

/**
 * One administrator with three themes, 30 posts (scheduled in the next weeks, a few failed or
 * needing attention), 24 published posts with metrics over eight weeks, three connected accounts
 * and publishing logs. Times hang on 10:00 São Paulo time of the current day, so two runs on the
 * same day render the same pages.
 */
async function seed(db: Awaited<ReturnType<typeof benchDatabase>>['handle']['db'], keyring: string) {
  const user = await createUser(db, {
    email: EMAIL,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Beatriz',
    lastName: 'Medeiros',
    timezone: TIME_ZONE,
  });
  await db.transaction().execute((trx) => setRole(trx, user.id, 'admin'));
  const themes: Array<Awaited<ReturnType<typeof insertTheme>>> = [];
  for (const [name, description, networks, colorPalette] of [
    ['Marketing digital', 'Dicas práticas de marketing para pequenos negócios', ['linkedin', 'x'], 'blue'],
    ['Receitas da semana', 'Receitas rápidas e saudáveis para o dia a dia', ['facebook', 'x'], 'orange'],
    ['Carreira em tecnologia', 'Conselhos para quem está começando em TI', ['linkedin'], 'violet'],
  ] as const) {
    themes.push(
      await insertTheme(db, user.id, {
        name,
        description,
        toneOfVoice: ['professional', 'informative'],
        avoidTopics: ['politics'],
        socialNetworks: [...networks],
        frequency: 'weekly',
        colorPalette,
      }),
    );
  }
  const now = new Date();
  const anchor = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 13, 0);
  const posts = Array.from({ length: 30 }, (_, i) => {
    const theme = themes[i % themes.length]!;
    const platform = theme.social_networks[i % theme.social_networks.length] as Platform;
    const past = i >= 27;
    return {
      theme_id: theme.id,
      user_id: user.id,
      title: `${theme.name}: ideia ${i + 1}`,
      content: `Post ${i + 1} sobre ${theme.description.toLowerCase()}. Compartilhe com quem precisa ler isto hoje! #pauta`,
      platform,
      post_order: i + 1,
      scheduled_for: new Date(
        past ? anchor - (i - 26) * DAY : anchor + (1 + (i % 20)) * DAY + (i % 3) * 3 * 3_600_000,
      ),
      status: past ? (i === 29 ? ('needs_attention' as const) : ('failed' as const)) : ('scheduled' as const),
      ...(past ? { last_error: 'A rede recusou o post (limite de publicações atingido).' } : {}),
    };
  });
  await db.insertInto('suggested_posts').values(posts).execute();
  const keys = parseKeyring(keyring);
  const accounts = new Map<Platform, string>();
  for (const [platform, username, name] of [
    ['linkedin', 'beatriz-medeiros', 'Beatriz Medeiros'],
    ['facebook', 'Pauta Receitas', 'Pauta Receitas'],
    ['x', 'bia_medeiros', 'Beatriz Medeiros'],
  ] as const) {
    const account = await upsertAccount(db, keys, {
      userId: user.id,
      platform,
      platformUserId: `${platform}-bench-1`,
      platformUsername: username,
      accountData: {
        provider: platform,
        name,
        followers: 1280,
        connected_at: new Date(anchor).toISOString(),
      },
      accessToken: `bench-${platform}-access`,
      refreshToken: `bench-${platform}-refresh`,
      accessTokenExpiresAt: new Date(anchor + 60 * DAY),
    });
    accounts.set(platform, account.id);
  }
  await db
    .insertInto('published_posts')
    .values(
      Array.from({ length: 24 }, (_, i) => {
        const theme = themes[i % themes.length]!;
        const platform = theme.social_networks[i % theme.social_networks.length] as Platform;
        const reach = 400 + ((i * 137) % 2100);
        const likes = 12 + ((i * 29) % 180);
        const comments = (i * 7) % 40;
        return {
          user_id: user.id,
          theme_id: theme.id,
          connected_account_id: accounts.get(platform) ?? null,
          title: `${theme.name}: publicado ${i + 1}`,
          content: `Publicação ${i + 1} sobre ${theme.description.toLowerCase()}.`,
          platform,
          platform_post_id: `bench-${i + 1}`,
          url: `https://example.com/${platform}/bench-${i + 1}`,
          published_at: new Date(anchor - (1 + i * 2) * DAY - 2 * 3_600_000),
          engagement_rate: ((likes + comments) / reach) * 100,
          reach,
          likes_count: likes,
          comments_count: comments,
          metrics_updated_at: new Date(anchor - DAY),
        };
      }),
    )
    .execute();
  await db
    .insertInto('publishing_logs')
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        user_id: user.id,
        status: i % 5 === 4 ? ('error' as const) : ('success' as const),
        title: `Post registrado ${i + 1}`,
        content: `Conteúdo do post registrado ${i + 1}`,
        platform: PLATFORMS[i % 3]!,
        scheduled_for: new Date(anchor - i * DAY),
        attempted_at: new Date(anchor - i * DAY + 60_000),
        platform_post_id: i % 5 === 4 ? null : `log-${i + 1}`,
        error_message: i % 5 === 4 ? 'Token expirado' : null,
        error_location: i % 5 === 4 ? 'publish' : null,
      })),
    )
    .execute();
  return { themeId: themes[0]!.id } satisfies Seeded;
}

async function signIn(webUrl: string): Promise<{ name: string; value: string }> {
  const res = await fetch(`${webUrl}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: webUrl },
    body: JSON.stringify(superjson.serialize({ email: EMAIL, password: PASSWORD, rememberMe: true })),
  });
  const pair = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((p) => p.startsWith('pauta_session='));
  if (res.status !== 200 || !pair) throw new Error(`login falhou: HTTP ${res.status} ${await res.text()}`);
  const [name, value] = pair.split('=') as [string, string];
  return { name, value };
}

// ── pages ──────────────────────────────────────────────────────────────────────────────────────

interface Scenario {
  id: string;
  path: string;
  signedIn: boolean;
  /** Resolves once the page shows what a person came for. */
  ready(page: Page): Promise<void>;
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 30_000 });

function scenarios(seeded: Seeded): Scenario[] {
  const withTheme = new Set<View>(['edit', 'theme-posts', 'suggested-posts']);
  const views = VIEWS.map<Scenario>((view) => ({
    id: view,
    path: withTheme.has(view) ? `/${view}?theme=${seeded.themeId}` : `/${view}`,
    signedIn: true,
    ready: (page) => heading(page, messages.views[view].title),
  }));
  const calendar: Scenario = {
    id: 'scheduled-posts (calendário)',
    path: '/scheduled-posts?view=calendar',
    signedIn: true,
    ready: (page) =>
      page.getByRole('button', { name: messages.calendar.previousMonth }).waitFor({ timeout: 30_000 }),
  };
  const at = views.findIndex((s) => s.id === 'scheduled-posts');
  views.splice(at + 1, 0, calendar);
  return [
    { id: 'landing', path: '/', signedIn: false, ready: (page) => heading(page, messages.landing.heroTitle) },
    { id: '/auth', path: '/auth', signedIn: false, ready: (page) => heading(page, messages.auth.loginTitle) },
    ...views,
  ];
}

interface Response {
  url: string;
  type: string;
  status: number;
  encoding: string;
  cacheControl: string;
  /** Bytes on the wire: headers plus the (compressed) body. */
  wire: number;
  /** The body once decoded. */
  decoded: number;
  failed?: string;
}

interface Visit {
  responses: Response[];
  lcp?: { time: number; element: string; cls: number; usable: number | null };
}

interface VisitOptions {
  acceptEncoding?: string;
  throttle?: boolean;
  viewport?: { width: number; height: number };
  dark?: boolean;
  screenshot?: string;
  /** No script file loads: what the HTML and its stylesheets paint before the app runs. */
  htmlOnly?: boolean;
}

/**
 * Runs in the page: the last Largest Contentful Paint candidate (the entries are buffered), and
 * the Cumulative Layout Shift so far (every shift without recent input: the page taken over by
 * React must not move).
 */
const LCP_SCRIPT = `Promise.all([
  new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      const el = last.element;
      const label = el ? '<' + el.tagName.toLowerCase() + '> "' + (el.textContent || '').trim().slice(0, 40) + '"' : '?';
      resolve({ time: last.startTime, element: label });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }),
  new Promise((resolve) => {
    let cls = 0;
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries()) if (!shift.hadRecentInput) cls += shift.value;
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(cls), 300);
  }),
]).then(([lcp, cls]) => ({ ...lcp, cls, usable: window.__pautaUsableAt ?? null }))`;

/**
 * Installed before the page loads: when a page rendered at build time stops being inert (React has
 * hydrated it, scripts/prerender.ts), in ms since navigation. Stays unset on any other page.
 */
const USABLE_SCRIPT = `document.addEventListener('DOMContentLoaded', () => {
  const root = document.getElementById('root');
  if (!root || !root.hasAttribute('inert')) return;
  new MutationObserver((_, observer) => {
    if (root.hasAttribute('inert')) return;
    window.__pautaUsableAt = performance.now();
    observer.disconnect();
  }).observe(root, { attributes: true, attributeFilter: ['inert'] });
});`;

/** Watches one page's network through its own DevTools session. */
function recordNetwork(cdp: CDPSession) {
  const responses = new Map<string, Response>();
  const pending = new Set<string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    pending.add(e.requestId);
  });
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    responses.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      status: e.response.status,
      encoding: headers['content-encoding'] ?? 'identity',
      cacheControl: headers['cache-control'] ?? '',
      wire: 0,
      decoded: 0,
    });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    pending.delete(e.requestId);
    const r = responses.get(e.requestId);
    if (r) r.wire = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (e) => {
    pending.delete(e.requestId);
    const r = responses.get(e.requestId);
    if (r) r.failed = e.errorText;
    else
      responses.set(e.requestId, {
        url: '',
        type: e.type,
        status: 0,
        encoding: '',
        cacheControl: '',
        wire: 0,
        decoded: 0,
        failed: e.errorText,
      });
  });
  return {
    async settled() {
      const deadline = Date.now() + 10_000;
      while (pending.size > 0 && Date.now() < deadline) await sleep(50);
    },
    responses: () => [...responses.values()],
  };
}

async function visit(
  browser: Browser,
  baseUrl: string,
  cookie: { name: string; value: string } | null,
  scenario: Scenario,
  options: VisitOptions = {},
): Promise<Visit> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: 'pt-BR',
    timezoneId: TIME_ZONE,
    ...(options.acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': options.acceptEncoding } } : {}),
  });
  try {
    if (scenario.signedIn && cookie) await context.addCookies([{ ...cookie, url: baseUrl }]);
    if (options.dark) {
      await context.addInitScript("localStorage.setItem('mantine-color-scheme-value', 'dark')");
    }
    if (options.htmlOnly) await context.route(/\.m?js(?:\?|$)/, (route) => route.abort());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    const network = recordNetwork(cdp);
    await cdp.send('Network.enable');
    if (options.throttle) {
      await page.addInitScript(USABLE_SCRIPT);
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await page.goto(scenario.path, { waitUntil: 'load', timeout: 120_000 });
    // Without scripts the page stays inert (scripts/prerender.ts), out of the accessibility tree.
    if (options.htmlOnly) await page.locator('h1').waitFor({ timeout: 30_000 });
    else await scenario.ready(page);
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await network.settled();
    if (errors.length) throw new Error(`${scenario.id}: erros na página: ${errors.join(' | ')}`);
    let lcp: Visit['lcp'];
    if (options.throttle) {
      lcp = await page.evaluate<NonNullable<Visit['lcp']>>(LCP_SCRIPT);
    }
    if (options.screenshot) {
      await sleep(400);
      await page.screenshot({ path: options.screenshot, fullPage: true });
    }
    await cdp.detach();
    return { responses: network.responses(), lcp };
  } finally {
    await context.close();
  }
}

// ── figures ────────────────────────────────────────────────────────────────────────────────────

interface Totals {
  js: number;
  css: number;
  other: number;
  requests: number;
  jsFiles: string[];
}

function totals(v: Visit): Totals {
  const t: Totals = { js: 0, css: 0, other: 0, requests: v.responses.length, jsFiles: [] };
  for (const r of v.responses) {
    if (r.type === 'Script') {
      t.js += r.wire;
      t.jsFiles.push(new URL(r.url).pathname.replace(/^\/assets\//, ''));
    } else if (r.type === 'Stylesheet') t.css += r.wire;
    else t.other += r.wire;
  }
  return t;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

// ── main ───────────────────────────────────────────────────────────────────────────────────────

const started = Date.now();
out('bench:client — primeira visita de cada página (cache vazio), bytes na rede (kB = 1000 bytes)');
out('construindo o cliente…');
const chunks = await build();
const bench = await benchDatabase('pauta_bench_client');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pauta-bench-client-'));
let web: WebHandle | undefined;
let browser: Browser | undefined;
try {
  const keyring = generateKeyringValue('bench1');
  const seeded = await seed(bench.handle.db, keyring);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = loadServerEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATABASE_URL: bench.url,
    REDIS_URL,
    REDIS_PREFIX: `pauta-bench-client-${Date.now().toString(36)}`,
    TOKEN_ENCRYPTION_KEYS: keyring,
    PAUTA_DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
  });
  const logger = createLogger({ level: 'error', pretty: false });
  web = await startWeb({ env, logger, redisUrl: REDIS_URL, sandbox: false });
  const cookie = await signIn(baseUrl);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  out(`Chromium ${browser.version()}, web em ${baseUrl} (NODE_ENV=production)`);
  out();

  const pages = args.public ? scenarios(seeded).slice(0, 2) : scenarios(seeded);
  const results = new Map<string, { br: Visit; gzip: Visit }>();
  for (const scenario of pages) {
    const br = await visit(browser, baseUrl, cookie, scenario);
    const gzip = await visit(browser, baseUrl, cookie, scenario, { acceptEncoding: 'gzip' });
    results.set(scenario.id, { br, gzip });
  }

  const header = `${pad('página', 30)}${lpad('JS br', 8)}${lpad('JS gzip', 9)}${lpad('CSS br', 8)}${lpad('CSS gzip', 10)}${lpad('outros', 8)}${lpad('total', 8)}${lpad('req.', 6)}  arquivos JS`;
  out('Cada página numa aba nova (cache vazio), com "Accept-Encoding" do Chromium (br) e só gzip:');
  out(header);
  out('-'.repeat(header.length + 20));
  for (const scenario of pages) {
    const r = results.get(scenario.id)!;
    const b = totals(r.br);
    const g = totals(r.gzip);
    out(
      `${pad(scenario.id, 30)}${lpad(kb(b.js), 8)}${lpad(kb(g.js), 9)}${lpad(kb(b.css), 8)}${lpad(kb(g.css), 10)}${lpad(kb(b.other), 8)}${lpad(kb(b.js + b.css + b.other), 8)}${lpad(String(b.requests), 6)}  ${b.jsFiles.length}`,
    );
  }
  out();

  // Largest Contentful Paint under 4× CPU slowdown and Slow 4G.
  const lcps = new Map<string, { times: number[]; element: string }>();
  for (const scenario of pages.slice(0, 2)) {
    const times: number[] = [];
    const shifts: number[] = [];
    const usable: number[] = [];
    let element = '';
    for (let i = 0; i < LCP_RUNS; i++) {
      const v = await visit(browser, baseUrl, cookie, scenario, { throttle: true });
      if (!v.lcp) throw new Error(`${scenario.id}: sem Largest Contentful Paint`);
      times.push(v.lcp.time);
      shifts.push(v.lcp.cls);
      if (v.lcp.usable !== null) usable.push(v.lcp.usable);
      element = v.lcp.element;
    }
    lcps.set(scenario.id, { times, element });
    out(
      `LCP ${pad(scenario.id, 8)} (CPU ${CPU_SLOWDOWN}× mais lenta, Slow 4G: ${SLOW_4G.latency} ms RTT, ${((SLOW_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbps): mediana ${median(times).toFixed(0)} ms em ${LCP_RUNS} visitas (${times.map((t) => t.toFixed(0)).join(', ')} ms); elemento ${element}; CLS ${shifts.map((c) => c.toFixed(3)).join(', ')}${usable.length ? `; interativa (hidratada) em ${usable.map((t) => t.toFixed(0)).join(', ')} ms` : ''}`,
    );
  }
  out();

  // Goals (issue 12, item 2; issue 29, item 1).
  out('Metas:');
  const goals: Array<[string, boolean]> = [];
  for (const id of ['landing', '/auth']) {
    const g = totals(results.get(id)!.gzip);
    const b = totals(results.get(id)!.br);
    goals.push([
      `${id}: JS ${kb(g.js)} kB em gzip (br: ${kb(b.js)} kB) ≤ ${GOAL_JS_KB} kB`,
      g.js <= GOAL_JS_KB * 1000,
    ]);
    goals.push([`${id}: JS ${kb(b.js)} kB em br ≤ ${GOAL_JS_BR_KB} kB`, b.js <= GOAL_JS_BR_KB * 1000]);
    const lcp = lcps.get(id);
    if (lcp) {
      const ms = median(lcp.times);
      goals.push([
        `${id}: LCP ${ms.toFixed(0)} ms (CPU ${CPU_SLOWDOWN}×, Slow 4G) ≤ ${GOAL_LCP_MS} ms`,
        ms <= GOAL_LCP_MS,
      ]);
    }
    goals.push([
      `${id}: CSS ${kb(g.css)} kB em gzip (br: ${kb(b.css)} kB) ≤ ${GOAL_CSS_KB} kB`,
      g.css <= GOAL_CSS_KB * 1000,
    ]);
  }
  // Every text asset (scripts, styles, the HTML, SVG) of 1 kB or more arrives compressed.
  const textual = (r: Response) =>
    !r.failed &&
    r.status === 200 &&
    r.decoded >= 1000 &&
    (['Script', 'Stylesheet', 'Document'].includes(r.type) || r.url.endsWith('.svg'));
  for (const [label, pick, want] of [
    ['com br aceito', (x: { br: Visit; gzip: Visit }) => x.br, 'br'],
    ['só com gzip aceito', (x: { br: Visit; gzip: Visit }) => x.gzip, 'gzip'],
  ] as const) {
    const assets = [...results.values()].flatMap((x) => pick(x).responses.filter(textual));
    const ok = assets.filter((r) => r.encoding === want);
    const bad = [...new Set(assets.filter((r) => r.encoding !== want).map((r) => new URL(r.url).pathname))];
    goals.push([
      `arquivos de texto (JS, CSS, HTML, SVG ≥ 1 kB) em ${want} ${label}: ${ok.length}/${assets.length}${bad.length ? ` (sem: ${bad.slice(0, 5).join(', ')})` : ''}`,
      assets.length > 0 && ok.length === assets.length,
    ]);
  }
  const all = [...results.values()].flatMap((x) => x.br.responses).filter((r) => !r.failed && r.url);

  const hashed = all.filter((r) => new URL(r.url).pathname.startsWith('/assets/'));
  const immutable = hashed.filter(
    (r) => /\bimmutable\b/.test(r.cacheControl) && /max-age=31536000/.test(r.cacheControl),
  );
  goals.push([
    `arquivos com hash (/assets/) com cache imutável: ${immutable.length}/${hashed.length}`,
    hashed.length > 0 && immutable.length === hashed.length,
  ]);
  const documents = all.filter((r) => r.type === 'Document');
  const noCache = documents.filter((r) => r.cacheControl === 'no-cache');
  goals.push([
    `index.html com no-cache: ${noCache.length}/${documents.length}`,
    documents.length > 0 && noCache.length === documents.length,
  ]);
  // Every signed-in view is its own lazily loaded chunk (not measured with --public).
  const viewGoals = goals.length;
  const viewChunks = VIEWS.filter((view) =>
    chunks.some(
      (c) =>
        c.isDynamicEntry && new RegExp(`/src/views/${view}/\\w+View\\.tsx$`).test(c.facadeModuleId ?? ''),
    ),
  );
  const missing = VIEWS.filter((v) => !viewChunks.includes(v));
  goals.push([
    `cada tela do app é um chunk carregado sob demanda: ${viewChunks.length}/${VIEWS.length}${missing.length ? ` (faltam: ${missing.join(', ')})` : ''}`,
    missing.length === 0,
  ]);
  // Charts and the calendar only where they appear.
  for (const [label, pattern, allowed] of [
    ['gráficos (recharts, @mantine/charts)', /node_modules\/(recharts|@mantine\/charts)\//, ['dashboard']],
    ['calendário', /\/src\/components\/calendar\//, ['scheduled-posts (calendário)']],
  ] as const) {
    const files = new Set(
      chunks
        .filter((c) => c.moduleIds.some((m) => pattern.test(m)))
        .map((c) => c.fileName.replace(/^assets\//, '')),
    );
    const loadedBy = pages
      .filter((s) => totals(results.get(s.id)!.br).jsFiles.some((f) => files.has(f)))
      .map((s) => s.id);
    const ok =
      files.size > 0 &&
      loadedBy.every((id) => (allowed as readonly string[]).includes(id)) &&
      loadedBy.length > 0;
    goals.push([`${label} só onde aparecem: carregados por ${loadedBy.join(', ') || 'nenhuma página'}`, ok]);
  }
  for (const [line, ok] of args.public ? goals.slice(0, viewGoals) : goals) out(`  ${verdict(ok)}  ${line}`);

  if (args.screenshots) {
    const dir = path.resolve(args.screenshots);
    mkdirSync(dir, { recursive: true });
    for (const scenario of pages) {
      for (const width of [1280, 375]) {
        for (const dark of [false, true]) {
          const name = `${scenario.id.replace(/[^a-z0-9-]+/gi, '-').replace(/^-|-$/g, '')}-${width}-${dark ? 'dark' : 'light'}.png`;
          const viewport = { width, height: width === 375 ? 812 : 900 };
          await visit(browser, baseUrl, cookie, scenario, {
            viewport,
            dark,
            screenshot: path.join(dir, name),
          });
          // The landing and /auth paint from their HTML first (scripts/prerender.ts): that picture
          // too, to compare with the one above.
          if (!scenario.signedIn) {
            const first = path.join(dir, name.replace(/\.png$/, '-html.png'));
            await visit(browser, baseUrl, cookie, scenario, {
              viewport,
              dark,
              screenshot: first,
              htmlOnly: true,
            });
          }
        }
      }
    }
    out();
    out(`capturas de tela em ${dir}`);
  }
  out();
  out(`concluído em ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await browser?.close();
  await web?.close();
  await bench.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
