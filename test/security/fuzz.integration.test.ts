// docs/security.md, fuzz suite (V1, V4, Z2, Z5, S3): for EVERY procedure of the router (enumerated at run
// time), fast-check with a fixed seed drives inputs derived from the procedure's zod input
// (arbitraries.ts) mixed 50/50 with junk, under a workspace header that is absent, the caller's,
// the victim's, unknown or junk in turn (docs/workspaces.md). Property: never a 5xx, and the victim's rows never
// change. In-process through createCallerFactory with a real context (anonymous for public
// procedures, a regular user for user ones, an administrator for admin ones), then 100 runs per
// procedure over real HTTP to catch transport-level 5xx.
//
// Runs per procedure: FUZZ_RUNS (default 300, which keeps `npm test` within CI time; `npm run fuzz` uses 10,000); HTTP: FUZZ_HTTP_RUNS
// (default 100). Rate limits trip during the run (sign-in, sign-up, AI): 429 is an allowed outcome.
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import fc from 'fast-check';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, isErrorCode } from '../../core/src/index.js';
import { createDb, type DbHandle } from '../../db/src/index.js';
import { cookieNames } from '../../server/src/auth/cookies.js';
import type { AppDeps } from '../../server/src/deps.js';
import { answeredUserMessage } from '../../server/src/trpc/error-format.js';
import { appRouter } from '../../server/src/trpc/router.js';
import { type Context, createCallerFactory, type SessionUser } from '../../server/src/trpc/trpc.js';
import { isolatedDb } from '../harness.js';
import { readFirstSseMessage } from '../http-client.js';
import { listen, testDeps } from '../server-harness.js';
import { inputArbitrary } from './arbitraries.js';
import {
  type AdminTargets,
  changedTables,
  ownedIds,
  rowHashes,
  type SeededUser,
  seedAdminTargets,
  seedUser,
  sessionFor,
} from './fixtures.js';
import { listProcedures, type ProcedureInfo, uuidPositions } from './procedures.js';

const SEED = 424242;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const HTTP_RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 100);
/**
 * Procedures too slow for the full count. themes.create drafts 15 posts and schedules them (one
 * transaction, ~15 inserts) per valid run: capped at 100 runs, FUZZ_RUNS/10 under `npm run fuzz`.
 */
const RUN_CAPS: Record<string, number> = {
  'themes.create': Math.max(100, Math.floor(RUNS / 10)),
};
/**
 * Clean-ups after each run. State that would otherwise grow without bound and slow every later run down: each valid
 * admin.templates.create stores up to 90 kB of HTML, and admin.templates.list returns them all.
 */
const AFTER_RUN: Record<string, (actor: Actor) => Promise<void>> = {
  // Keep themes.create below the per-user theme limit (and the limit itself at its default, which
  // admin.settings.update fuzzes), so valid runs exercise creation rather than THEME_LIMIT_REACHED.
  'themes.create': async ({ own }) => {
    await handle.db
      .deleteFrom('themes')
      .where('user_id', '=', own.id)
      .where('id', '!=', own.themeId)
      .execute();
  },
  'admin.settings.update': async () => {
    await handle.db
      .updateTable('admin_settings')
      .set({ setting_value: JSON.stringify(10) })
      .where('setting_key', '=', 'max_themes_per_user')
      .execute();
  },
  'admin.templates.create': async ({ targets }) => {
    await handle.db
      .deleteFrom('email_templates')
      .where('id', '!=', targets.templateId)
      .where('created_at', '>', seededAt)
      .execute();
  },
};
/**
 * The documented 5xx, both an outside service this environment does not have: on the Posts
 * Sugeridos screen ('screen' mode) an unavailable AI is reported, not replaced by templates
 * (server/src/ai/generate-posts.ts), as 502 AI_UNAVAILABLE (no ANTHROPIC_API_KEY here); a connect
 * form's login (Bluesky's createSession) that cannot reach the network is 502 OAUTH_FAILED, reason
 * `network`, with its pt-BR text (no sandbox runs here). Any other 5xx fails.
 */
const DOCUMENTED_5XX: Record<string, string[]> = {
  'themes.generateDrafts': ['AI_UNAVAILABLE'],
  'accounts.connectForm': ['OAUTH_FAILED'],
};
/** Statuses a client may see (docs/security.md), plus 431 (Node's header limit for huge GET URLs). */
// 412: a documented refusal with its pt-BR text (BUDGET_EXCEEDED: a retry or reschedule past a
// network's daily budget, which the fuzz's own posts of the day fill on its database).
const ALLOWED_HTTP = new Set([200, 400, 401, 403, 404, 405, 409, 412, 413, 415, 429, 431]);

const procedures = listProcedures();
const createCaller = createCallerFactory(appRouter);

let iso: Awaited<ReturnType<typeof isolatedDb>>;
/** A bigger pool on the isolated database: procedures are fuzzed a few at a time. */
let handle: DbHandle;
let deps: AppDeps;
let app: { url: string; close(): Promise<void> };
let victim: SeededUser;
let victimBefore: Record<string, string>;

/**
 * Who calls: a fresh user (an administrator for admin procedures) with one of everything, and
 * fresh admin targets, per procedure and transport, so one procedure's deletions never starve
 * another's valid runs of their own ids.
 */
interface Actor {
  own: SeededUser;
  session: SessionUser | null;
  targets: AdminTargets;
}
let seededAt: Date;
const report: {
  path: string;
  runs: number;
  httpRuns: number;
  ms: number;
  outcomes: Record<string, number>;
}[] = [];
const started = Date.now();

beforeAll(async () => {
  iso = await isolatedDb();
  handle = await createDb({ databaseUrl: iso.url, poolSize: 8, applicationName: 'pauta-fuzz' });
  deps = testDeps(handle);
  app = await listen(deps);
  victim = await seedUser(handle, deps.env.keyring, { label: 'vitima' });
  victimBefore = await rowHashes(handle, victim.id);
  seededAt = new Date();
});

afterAll(async () => {
  // In-process and HTTP entries of one procedure are merged here (the suites run concurrently).
  const merged = new Map<string, (typeof report)[number]>();
  for (const r of report) {
    const m = merged.get(r.path) ?? { path: r.path, runs: 0, httpRuns: 0, ms: 0, outcomes: {} };
    m.runs += r.runs;
    m.httpRuns += r.httpRuns;
    m.ms += r.ms;
    for (const [k, v] of Object.entries(r.outcomes)) m.outcomes[k] = (m.outcomes[k] ?? 0) + v;
    merged.set(r.path, m);
  }
  const rows = [...merged.values()].sort((a, b) => a.path.localeCompare(b.path));
  const total = rows.reduce((n, r) => n + r.runs, 0);
  const http = rows.reduce((n, r) => n + r.httpRuns, 0);
  const lines = rows.map(
    (r) =>
      `  ${r.path.padEnd(34)} ${String(r.runs).padStart(6)} in-process ${String(r.httpRuns).padStart(4)} http ` +
      `${String(r.ms).padStart(6)} ms  ${Object.entries(r.outcomes)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k}:${v}`)
        .join(' ')}`,
  );
  process.stdout.write(
    `\n[fuzz] seed ${SEED}, ${rows.length} procedures, ${total} in-process runs + ${http} HTTP runs ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s\n${lines.join('\n')}\n`,
  );
  await app?.close();
  await handle?.close();
  await iso?.drop();
});

function roleOf(p: ProcedureInfo): 'anonymous' | 'user' | 'admin' {
  return p.access === 'admin' ? 'admin' : p.access === 'user' ? 'user' : 'anonymous';
}

async function actorFor(p: ProcedureInfo): Promise<Actor> {
  const role = roleOf(p);
  const own = await seedUser(handle, deps.env.keyring, {
    label: `fuzz-${role}`,
    role: role === 'admin' ? 'admin' : 'user',
  });
  const { sessionId } = await sessionFor(handle, own.id);
  return {
    own,
    session: role === 'anonymous' ? null : { id: own.id, email: own.email, sessionId },
    targets: await seedAdminTargets(handle),
  };
}

/** uuids the arbitraries draw from: the caller's own and the victim's (admins: their targets). */
function uuidPool(p: ProcedureInfo, actor: Actor): string[] {
  const { targets } = actor;
  if (p.access === 'admin') return [targets.userId, targets.templateId, targets.deletionRequestId];
  return [...ownedIds(actor.own), ...ownedIds(victim)];
}

/**
 * The workspace a call names (x-pauta-workspace; docs/workspaces.md), in turn: none (the caller's
 * personal workspace) twice, the caller's own, the victim's (another person's workspace), an
 * unknown id, junk. The victim's rows must not change whichever is sent.
 */
let workspaceTurn = 0;
function workspaceFor(actor: Actor): string | null {
  const choices = [null, null, actor.own.id, victim.id, randomUUID(), 'nao-e-um-workspace'];
  return choices[workspaceTurn++ % choices.length] ?? null;
}

function contextFor(actor: Actor): Context {
  return {
    deps,
    user: actor.session,
    requestedWorkspaceId: workspaceFor(actor),
    requestId: randomUUID(),
    ip: '10.20.30.40',
    cookies: cookieNames(deps.env.appUrl),
    // Every run is a new user action (docs/idempotency.md): a key of its own.
    idempotencyKey: randomUUID(),
  };
}

async function callInProcess(p: ProcedureInfo, actor: Actor, input: unknown): Promise<string> {
  let target: unknown = createCaller(contextFor(actor));
  for (const segment of p.path.split('.')) target = (target as Record<string, unknown>)[segment];
  try {
    await (target as (input: unknown) => Promise<unknown>)(input);
    return 'ok';
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500 && DOCUMENTED_5XX[p.path]?.includes(error.message))
      return `${error.code}/${error.message}`;
    if (status >= 500) {
      const cause =
        error.cause instanceof Error ? `${error.cause.name}: ${error.cause.message}` : String(error.cause);
      throw new Error(`${p.path} → ${error.code} (${status}): ${cause}`);
    }
    return error.code;
  }
}

async function assertVictimUnchanged(where: string) {
  const changed = changedTables(victimBefore, await rowHashes(handle, victim.id));
  if (changed.length) throw new Error(`${where}: the victim's rows changed in ${changed.join(', ')}`);
}

function bump(outcomes: Record<string, number>, key: string) {
  outcomes[key] = (outcomes[key] ?? 0) + 1;
}

/**
 * Only mutations that take a uuid can name the victim's rows (their ids are in the pool): those
 * are checked after every run, so fast-check shrinks to the offending input. Every procedure is
 * checked again when its runs end.
 */
const checkEachRun = (p: ProcedureInfo) => p.type === 'mutation' && uuidPositions(p.schema).length > 0;

// Four procedures at a time (vitest maxConcurrency): each property is sequential in itself.
describe.concurrent('fuzz: every procedure in-process (createCallerFactory)', () => {
  it('enumerates the router', () => {
    expect(procedures.length).toBeGreaterThan(40);
  });

  for (const procedure of procedures) {
    const runs = Math.min(RUNS, RUN_CAPS[procedure.path] ?? RUNS);
    it(`${procedure.path} × ${runs}`, { timeout: 600_000 }, async () => {
      const t0 = Date.now();
      const outcomes: Record<string, number> = {};
      let count = 0;
      const actor = await actorFor(procedure);
      const arbitrary = inputArbitrary(procedure.schema, { uuids: uuidPool(procedure, actor) });
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          count += 1;
          bump(outcomes, await callInProcess(procedure, actor, input));
          await AFTER_RUN[procedure.path]?.(actor);
          if (checkEachRun(procedure)) await assertVictimUnchanged(procedure.path);
        }),
        { seed: SEED, numRuns: runs },
      );
      await assertVictimUnchanged(procedure.path);
      report.push({ path: procedure.path, runs: count, httpRuns: 0, ms: Date.now() - t0, outcomes });
    });
  }
});

/** The request a browser would send, or deliberately broken bodies and query strings. */
function encode(input: unknown): string {
  try {
    return JSON.stringify(superjson.serialize(input));
  } catch {
    try {
      return JSON.stringify(input) ?? 'undefined';
    } catch {
      return '{"json":"not serializable"}';
    }
  }
}

async function callOverHttp(p: ProcedureInfo, actor: Actor, input: unknown, raw: boolean): Promise<number> {
  const headers: Record<string, string> = {};
  const workspace = workspaceFor(actor);
  if (workspace !== null) headers['x-pauta-workspace'] = workspace;
  if (actor.session) {
    // A new session per request: auth.signOut and auth.signIn end the previous one.
    const { token } = await sessionFor(handle, actor.own.id);
    headers.cookie = `${cookieNames(deps.env.appUrl).session}=${token}`;
  }
  // raw: the value itself as the body / input, without the superjson envelope.
  const body = raw ? (typeof input === 'string' ? input : encode(input)) : encode(input);
  if (p.type === 'subscription') {
    const res = await fetch(`${app.url}/trpc/${p.path}?input=${encodeURIComponent(body)}`, {
      headers: { ...headers, accept: 'text/event-stream' },
    });
    if (res.headers.get('content-type')?.includes('text/event-stream')) {
      // An open stream: its first message decides (an error inside the stream is a 5xx here).
      const first = await readFirstSseMessage(res);
      if (first.status >= 500 || !ALLOWED_HTTP.has(first.status))
        throw new Error(`${p.path} over SSE → ${first.status}: ${JSON.stringify(first.error)}`);
      return first.status;
    }
    return checkHttpAnswer(p, res);
  }
  const res =
    p.type === 'query'
      ? await fetch(`${app.url}/trpc/${p.path}?input=${encodeURIComponent(body)}`, { headers })
      : await fetch(`${app.url}/trpc/${p.path}`, {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            origin: 'http://pauta.test',
            'sec-fetch-site': 'same-origin',
            'idempotency-key': randomUUID(),
          },
          body,
        });
  return checkHttpAnswer(p, res);
}

async function checkHttpAnswer(p: ProcedureInfo, res: Response): Promise<number> {
  const text = await res.text();
  const documented =
    res.status >= 500 && DOCUMENTED_5XX[p.path]?.some((m) => text.includes(`"message":"${m}"`));
  if (documented) return res.status;
  if (res.status >= 500 || !ALLOWED_HTTP.has(res.status)) {
    throw new Error(`${p.path} over HTTP → ${res.status}: ${text.slice(0, 300)}`);
  }
  if (/\bat .*\(.*:\d+:\d+\)|stack/i.test(text)) throw new Error(`${p.path}: a stack trace in the response`);
  if (res.status >= 400) assertPublicError(p.path, text);
  return res.status;
}

/**
 * Issue 11, item 9: a refused request answers an ErrorCode and its pt-BR text, never an internal
 * message (JSON.parse, superjson, zod or tRPC wording).
 */
function assertPublicError(path: string, text: string) {
  if (text === '') return; // 431: Node refuses over-long headers before any handler runs.
  const body = JSON.parse(text) as unknown;
  for (const entry of Array.isArray(body) ? body : [body]) {
    const error = (
      entry as {
        error?: {
          json?: { message?: unknown; data?: { userMessage?: unknown; details?: { reason?: unknown } } };
        };
      }
    ).error?.json;
    if (!error) continue;
    // Some codes carry their reason's own pt-BR text (a refused webhook address, a snippet naming
    // the field, a failed connection naming the network's refusal, a post option naming the field):
    // the server's one function says which (server/src/trpc/error-format.ts).
    const expected = isErrorCode(error.message)
      ? answeredUserMessage(
          error.message,
          error.data?.details === undefined
            ? undefined
            : new AppError(error.message, error.data.details as never),
        )
      : undefined;
    if (!isErrorCode(error.message) || error.data?.userMessage !== expected)
      throw new Error(`${path}: an error without a code and its pt-BR text: ${text.slice(0, 300)}`);
  }
}

describe.concurrent('fuzz: every procedure over HTTP', () => {
  for (const procedure of procedures) {
    const runs = Math.min(HTTP_RUNS, RUN_CAPS[procedure.path] ?? HTTP_RUNS);
    it(`${procedure.path} × ${runs} over HTTP`, { timeout: 300_000 }, async () => {
      const t0 = Date.now();
      const outcomes: Record<string, number> = {};
      let count = 0;
      const actor = await actorFor(procedure);
      const arbitrary = fc.tuple(
        inputArbitrary(procedure.schema, { uuids: uuidPool(procedure, actor) }),
        fc.boolean(), // raw (no superjson envelope) or as the client sends it
      );
      await fc.assert(
        fc.asyncProperty(arbitrary, async ([input, raw]) => {
          count += 1;
          bump(outcomes, String(await callOverHttp(procedure, actor, input, raw)));
          await AFTER_RUN[procedure.path]?.(actor);
          if (checkEachRun(procedure)) await assertVictimUnchanged(`${procedure.path} (HTTP)`);
        }),
        { seed: SEED, numRuns: runs },
      );
      await assertVictimUnchanged(procedure.path);
      const httpOutcomes = Object.fromEntries(Object.entries(outcomes).map(([k, v]) => [`http${k}`, v]));
      report.push({
        path: procedure.path,
        runs: 0,
        httpRuns: count,
        ms: Date.now() - t0,
        outcomes: httpOutcomes,
      });
    });
  }
});
