// Issue 11, item 4, as a rule over the WHOLE router (enumerated at run time, like the access
// matrix): every mutation needs an Idempotency-Key — without one it is refused and changes
// nothing — and repeating it with the same key and input changes nothing more and answers the
// same. The only mutations allowed without a key are listed here, each with its reason in the
// procedure's meta; adding one means changing this list in review.
import { randomUUID } from 'node:crypto';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieNames } from '../../server/src/auth/cookies.js';
import type { AppDeps } from '../../server/src/deps.js';
import { appRouter } from '../../server/src/trpc/router.js';
import { isolatedDb } from '../harness.js';
import { TestClient, type TrpcResult } from '../http-client.js';
import { listen, testDeps } from '../server-harness.js';
import { seedAdminTargets, seedUser, sessionFor } from './fixtures.js';
import { listProcedures, type ProcedureInfo } from './procedures.js';
import { missingSampleMessage, SAMPLES } from './samples.js';

/** Mutations that need no key, and why (the reason itself lives in the procedure's meta). */
const EXEMPT = [
  'auth.signIn',
  'auth.signOut',
  'clientLinks.create',
  'reports.createLink',
  'webhooks.create',
  'webhooks.rotateSecret',
  'posts.preflight',
];

const mutations = listProcedures().filter((p) => p.type === 'mutation');

function exemption(path: string): string | undefined {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: { idempotencyExempt?: string } } }
  >;
  return procedures[path]?._def.meta?.idempotencyExempt;
}

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let sandbox: SandboxHandle;
let deps: AppDeps;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  iso = await isolatedDb();
  sandbox = await startSandbox({ allowedRedirectOrigins: ['http://pauta.test'] });
  installSandboxFetch(sandbox.url);
  deps = testDeps(iso.handle, {}, { SOCIAL_SANDBOX_URL: sandbox.url });
  app = await listen(deps);
});

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  uninstallSandboxFetch();
  await iso?.drop();
});

/**
 * A fingerprint of every row of every table. Sessions are left out (validating the caller's own
 * cookie touches them) and so are the idempotency keys themselves (the first call writes its key).
 */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('auth_sessions', 'idempotency_keys', 'kysely_migration', 'kysely_migration_lock')
    ORDER BY table_name`.execute(iso.handle.db);
  const parts = tables.map(
    ({ table_name: table }) =>
      sql`SELECT ${table}::text AS t, count(*)::text || ':' || coalesce(md5(string_agg(md5(row_to_json(x)::text), ',' ORDER BY md5(row_to_json(x)::text))), '-') AS h FROM ${sql.table(table)} x`,
  );
  const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(
    iso.handle.db,
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/**
 * The fingerprint once background work has settled (sign-up and password reset hand their email
 * to the outbox sender, which updates the row a moment later): two equal reads 150 ms apart.
 */
async function settledFingerprint(): Promise<Record<string, string>> {
  let previous = await databaseFingerprint();
  for (let tries = 0; tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const current = await databaseFingerprint();
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
  throw new Error('the database never settled');
}

/** A caller allowed in: anonymous for public procedures, a user or an admin otherwise. */
async function callerFor(procedure: ProcedureInfo) {
  const own = await seedUser(iso.handle, deps.env.keyring, {
    label: 'idem',
    role: procedure.access === 'admin' ? 'admin' : 'user',
  });
  const client = new TestClient(app.url);
  if (procedure.access !== 'public') {
    const { token } = await sessionFor(iso.handle, own.id);
    client.jar.set(cookieNames(deps.env.appUrl).session, token);
  }
  const sample = SAMPLES[procedure.path];
  if (!sample) throw new Error(missingSampleMessage(procedure.path));
  return { client, input: sample({ own, admin: await seedAdminTargets(iso.handle) }) };
}

const outcome = (res: TrpcResult) => ({ status: res.status, data: res.data, error: res.error?.message });

describe('declarations', () => {
  it('finds the mutations of the router', () => {
    expect(mutations.length).toBeGreaterThan(25);
  });

  it('only the listed mutations are exempt, each with its reason', () => {
    const exempt = mutations.filter((p) => exemption(p.path) !== undefined).map((p) => p.path);
    expect(exempt.sort()).toEqual([...EXEMPT].sort());
    for (const path of EXEMPT) expect(exemption(path)?.length ?? 0, path).toBeGreaterThan(40);
  });
});

describe('every mutation that needs a key', () => {
  for (const procedure of mutations.filter((p) => !EXEMPT.includes(p.path))) {
    it(`${procedure.path}: refused without a key; repeated with one, the same answer and no second change`, async () => {
      const { client, input } = await callerFor(procedure);

      const before = await settledFingerprint();
      const keyless = await client.mutate(procedure.path, input, { idempotencyKey: null });
      expect(outcome(keyless)).toMatchObject({ status: 400, error: 'IDEMPOTENCY_KEY_REQUIRED' });
      expect(await settledFingerprint(), 'a refused call changed the database').toEqual(before);

      const key = randomUUID();
      const first = await client.mutate(procedure.path, input, { idempotencyKey: key });
      expect(first.status, JSON.stringify(first.error)).toBeLessThan(500);
      const afterFirst = await settledFingerprint();
      const repeat = await client.mutate(procedure.path, input, { idempotencyKey: key });
      expect(outcome(repeat)).toEqual(outcome(first));
      expect(await settledFingerprint(), 'the repeat changed the database').toEqual(afterFirst);
    });
  }
});

describe('the exempt mutations', () => {
  for (const path of EXEMPT) {
    it(`${path} runs without a key`, async () => {
      const procedure = mutations.find((p) => p.path === path);
      expect(procedure, path).toBeDefined();
      const { client, input } = await callerFor(procedure!);
      const res = await client.mutate(path, input, { idempotencyKey: null });
      expect(res.error?.message ?? 'ok').not.toBe('IDEMPOTENCY_KEY_REQUIRED');
      expect(res.status).toBe(200);
    });
  }
});
