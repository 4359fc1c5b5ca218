// docs/security.md Z1 + Z2 as a matrix over the WHOLE router, enumerated at run time:
//  1. every procedure declares meta.access and has a valid sample input (samples.ts);
//  2. every procedure × (anonymous, user, admin) over real HTTP: public → never 401/403,
//     user → anonymous 401, admin → anonymous 401 and user 403, and the allowed callers get in;
//  3. IDOR: every non-admin procedure whose input holds a uuid is called by an attacker with the
//     victim's ids in every uuid position (single ids, a list of victim ids, a mixed list) →
//     NOT_FOUND / FORBIDDEN / a 2xx that changed nothing and leaked nothing; the victim's row
//     fingerprints never move.

import { can, WORKSPACE_HEADER, type WorkspaceAction, type WorkspaceRole } from '@pauta/core';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieNames } from '../../server/src/auth/cookies.js';
import type { AppDeps } from '../../server/src/deps.js';
import { isolatedDb } from '../harness.js';
import { TestClient, type TrpcResult } from '../http-client.js';
import { listen, testDeps } from '../server-harness.js';
import { connectThroughSandbox } from '../worker-harness.js';
import {
  changedTables,
  ownedIds,
  rowHashes,
  type SeededUser,
  seedAdminTargets,
  seedUser,
  sessionFor,
} from './fixtures.js';
import {
  ACCESS_LEVELS,
  listProcedures,
  type ProcedureInfo,
  uuidPositions,
  valueAt,
  withValueAt,
} from './procedures.js';
import { missingSampleMessage, SAMPLES, type SampleContext } from './samples.js';

type Role = 'anonymous' | 'user' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'admin'];

const procedures = listProcedures();

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let sandbox: SandboxHandle;
let deps: AppDeps;
let app: { url: string; close(): Promise<void> };
let victim: SeededUser;
/** Every id the victim owns: the fixture's plus a second account connected through the sandbox. */
let victimIds: string[];
let victimBefore: Record<string, string>;
const counts = { access: 0, idor: 0, idorProcedures: 0 };

beforeAll(async () => {
  iso = await isolatedDb();
  sandbox = await startSandbox({
    allowedRedirectOrigins: ['http://pauta.test', 'http://localhost:3000'],
    tokenPrefix: 'SENTINEL',
  });
  installSandboxFetch(sandbox.url);
  deps = testDeps(iso.handle, {}, { SOCIAL_SANDBOX_URL: sandbox.url });
  app = await listen(deps);
  victim = await seedUser(iso.handle, deps.env.keyring, {
    label: 'vitima',
    sandboxUrl: sandbox.url,
    platform: 'x',
  });
  const linkedin = await connectThroughSandbox(iso.handle, deps.env.keyring, {
    sandboxUrl: sandbox.url,
    userId: victim.id,
    platform: 'linkedin',
  });
  victimIds = [...ownedIds(victim), linkedin.id];
  victimBefore = await rowHashes(iso.handle, victim.id);
});

afterAll(async () => {
  process.stdout.write(
    `\n[access-matrix] ${procedures.length} procedures × ${ROLES.length} roles = ${counts.access} access calls; ` +
      `IDOR: ${counts.idorProcedures} id-taking non-admin procedures, ${counts.idor} attacker calls ` +
      `(each uuid position × (${victimIds?.length ?? 0} victim ids + 1 nonexistent id); each uuid list × (victim-only, mixed))\n`,
  );
  await app?.close();
  await sandbox?.close();
  uninstallSandboxFetch();
  await iso?.drop();
});

async function signedIn(userId: string | null): Promise<TestClient> {
  const client = new TestClient(app.url);
  if (userId) {
    const { token } = await sessionFor(iso.handle, userId);
    client.jar.set(cookieNames(deps.env.appUrl).session, token);
  }
  return client;
}

function call(client: TestClient, procedure: ProcedureInfo, input: unknown): Promise<TrpcResult> {
  if (procedure.type === 'subscription') return client.subscribeOnce(procedure.path, input);
  return procedure.type === 'query'
    ? client.query(procedure.path, input)
    : client.mutate(procedure.path, input);
}

const describeOutcome = (res: TrpcResult) =>
  res.error ? `${res.status} ${res.error.code}/${res.error.message}` : `${res.status} ok`;

describe('declarations', () => {
  it('enumerates a non-trivial router', () => {
    expect(procedures.length).toBeGreaterThan(40);
  });

  it('every procedure declares its access level (deny by default, Z1)', () => {
    const undeclared = procedures
      .filter((p) => !p.access || !ACCESS_LEVELS.includes(p.access))
      .map((p) => `${p.path} (meta.access = ${JSON.stringify(p.access)})`);
    expect(
      undeclared,
      'procedures without meta.access: use publicProcedure/authedProcedure/adminProcedure',
    ).toEqual([]);
  });

  it('every procedure has a sample input in test/security/samples.ts', () => {
    const missing = procedures.filter((p) => !(p.path in SAMPLES)).map((p) => missingSampleMessage(p.path));
    expect(missing).toEqual([]);
    const stale = Object.keys(SAMPLES).filter((path) => !procedures.some((p) => p.path === path));
    expect(stale, 'samples for procedures that no longer exist').toEqual([]);
  });

  it('every sample is a valid input for its procedure', () => {
    const invalid: string[] = [];
    const own = { id: crypto.randomUUID() } as unknown as SeededUser;
    for (const p of procedures) {
      const sample = SAMPLES[p.path];
      if (!sample || !p.input) continue;
      const ctx = fakeContext(own);
      const parsed = p.input.safeParse(sample(ctx));
      if (!parsed.success) invalid.push(`${p.path}: ${parsed.error.message}`);
    }
    expect(invalid).toEqual([]);
  });
});

/** Ids that only need the right shape (validity of the sample against the schema). */
function fakeContext(own: SeededUser): SampleContext {
  const id = () => crypto.randomUUID();
  return {
    own: {
      ...own,
      id: id(),
      email: 'a@teste.pauta.dev',
      password: 'x'.repeat(12),
      themeId: id(),
      postIds: { scheduled: id(), failed: id(), published: id() },
      publishedId: id(),
      logId: id(),
      accountId: id(),
      pendingId: id(),
      instagramPendingId: id(),
      deletionRequestId: id(),
      webhookId: id(),
      reportId: id(),
      snippetId: id(),
    },
    admin: { userId: id(), email: 'b@teste.pauta.dev', templateId: id(), deletionRequestId: id() },
  };
}

function expectedAccess(access: ProcedureInfo['access'], role: Role): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (role === 'anonymous') return 401;
  if (access === 'admin' && role === 'user') return 403;
  return 'allowed';
}

describe('access matrix: every procedure × anonymous / user / admin over HTTP', () => {
  for (const procedure of procedures) {
    it(`${procedure.path} (${procedure.access ?? 'SEM ACESSO'})`, async () => {
      const sample = SAMPLES[procedure.path];
      if (!sample) throw new Error(missingSampleMessage(procedure.path));
      const problems: string[] = [];
      for (const role of ROLES) {
        // Fresh rows per call: a sample may delete or spend what it names.
        const own = await seedUser(iso.handle, deps.env.keyring, {
          label: role === 'admin' ? 'admin' : 'usuario',
          role: role === 'admin' ? 'admin' : 'user',
        });
        const ctx: SampleContext = { own, admin: await seedAdminTargets(iso.handle) };
        const client = await signedIn(role === 'anonymous' ? null : own.id);
        const res = await call(client, procedure, sample(ctx));
        counts.access += 1;
        const expected = expectedAccess(procedure.access, role);
        const got = describeOutcome(res);
        if (process.env.SECURITY_VERBOSE)
          process.stdout.write(`[access] ${procedure.path} ${role}: ${got}\n`);
        if (res.status >= 500) problems.push(`${role}: ${got} (5xx)`);
        else if (expected === 'allowed' && (res.status === 401 || res.status === 403))
          problems.push(`${role}: expected access, got ${got}`);
        else if (expected !== 'allowed' && res.status !== expected)
          problems.push(`${role}: expected ${expected}, got ${got}`);
      }
      expect(problems, `${procedure.path}`).toEqual([]);
      expect(changedTables(victimBefore, await rowHashes(iso.handle, victim.id))).toEqual([]);
    });
  }
});

const idTaking = procedures.filter((p) => p.access !== 'admin' && uuidPositions(p.schema).length > 0);

describe("IDOR: another user's ids in every uuid position (Z2)", () => {
  it('finds the id-taking procedures', () => {
    expect(idTaking.map((p) => p.path)).toEqual(expect.arrayContaining(['posts.deleteMany', 'themes.get']));
  });

  for (const procedure of idTaking) {
    it(procedure.path, async () => {
      counts.idorProcedures += 1;
      const sample = SAMPLES[procedure.path];
      if (!sample) throw new Error(missingSampleMessage(procedure.path));
      const problems: string[] = [];
      for (const position of uuidPositions(procedure.schema)) {
        const cases: { label: string; value: unknown }[] =
          position.kind === 'single'
            ? [
                ...victimIds.map((id, i) => ({ label: `single #${i}`, value: id })),
                { label: 'nonexistent', value: crypto.randomUUID() },
              ]
            : [
                { label: 'victim-only list', value: victimIds },
                { label: 'mixed list', value: ['OWN', ...victimIds] },
              ];
        for (const testCase of cases) {
          // A fresh attacker per call, so "own" ids in mixed lists exist and belong to the caller.
          const attacker = await seedUser(iso.handle, deps.env.keyring, { label: 'atacante' });
          const base = sample({ own: attacker, admin: await seedAdminTargets(iso.handle) });
          const ownAtPosition = valueAt(base, position.path);
          const value = Array.isArray(testCase.value)
            ? testCase.value.flatMap((v) =>
                v === 'OWN' ? (Array.isArray(ownAtPosition) ? ownAtPosition : []) : [v],
              )
            : testCase.value;
          const input = withValueAt(base, position.path, value);
          const client = await signedIn(attacker.id);
          const res = await call(client, procedure, input);
          counts.idor += 1;
          const where = `${position.path.join('.')} ${testCase.label}`;
          if (process.env.SECURITY_VERBOSE)
            process.stdout.write(`[idor] ${procedure.path} ${where}: ${describeOutcome(res)}\n`);
          const body = JSON.stringify(res.data ?? res.error ?? null);
          const ok =
            res.error?.code === 'NOT_FOUND' ||
            res.error?.code === 'FORBIDDEN' ||
            (res.status >= 200 && res.status < 300);
          if (!ok)
            problems.push(`${where}: ${describeOutcome(res)} (expected NOT_FOUND, FORBIDDEN or a no-op 2xx)`);
          if (body.includes(victim.marker)) problems.push(`${where}: the response carries the victim's data`);
          if (procedure.path === 'posts.deleteMany' && res.data) {
            const ownCount =
              Array.isArray(ownAtPosition) && testCase.label === 'mixed list' ? ownAtPosition.length : 0;
            // Foreign ids are ignored: at most the attacker's own posts are deleted.
            expect((res.data as { deleted: number }).deleted, where).toBeLessThanOrEqual(ownCount);
          }
          const changed = changedTables(victimBefore, await rowHashes(iso.handle, victim.id));
          if (changed.length) {
            problems.push(`${where}: victim rows changed in ${changed.join(', ')}`);
            victimBefore = await rowHashes(iso.handle, victim.id);
          }
        }
      }
      expect(problems, procedure.path).toEqual([]);
    });
  }
});

const workspaceScoped = procedures.filter((p) => p.workspaceAction !== undefined);

describe("another person's workspace by header: every workspace-scoped procedure (docs/workspaces.md)", () => {
  it('finds the workspace-scoped procedures', () => {
    expect(workspaceScoped.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        'themes.list',
        'posts.update',
        'accounts.disconnect',
        'media.list',
        'live.events',
      ]),
    );
  });

  for (const procedure of workspaceScoped) {
    it(`${procedure.path} (${procedure.workspaceAction})`, async () => {
      const sample = SAMPLES[procedure.path];
      if (!sample) throw new Error(missingSampleMessage(procedure.path));
      const problems: string[] = [];
      // The attacker names the victim's personal workspace (its id is the victim's), an unknown
      // workspace and a malformed one; with their own rows or the victim's ids in the input.
      for (const workspace of [victim.id, crypto.randomUUID(), 'nao-e-um-workspace']) {
        const attacker = await seedUser(iso.handle, deps.env.keyring, { label: 'atacante' });
        const client = await signedIn(attacker.id);
        client.headers.set(WORKSPACE_HEADER, workspace);
        const res = await call(
          client,
          procedure,
          sample({ own: attacker, admin: await seedAdminTargets(iso.handle) }),
        );
        if (res.status !== 404 || res.error?.message !== 'WORKSPACE_UNAVAILABLE')
          problems.push(`${workspace}: ${describeOutcome(res)} (expected 404 WORKSPACE_UNAVAILABLE)`);
        if (JSON.stringify(res.data ?? res.error ?? null).includes(victim.marker))
          problems.push(`${workspace}: the response carries the victim's data`);
      }
      expect(problems, procedure.path).toEqual([]);
      expect(changedTables(victimBefore, await rowHashes(iso.handle, victim.id))).toEqual([]);
    });
  }
});

// Issue 25 item 9: every workspace-scoped procedure × every role of one workspace (the victim's
// personal one), plus a non-member, a member of another workspace using this workspace's ids, and
// anonymous. The expected answer is derived from core's permission table (`can(role, action)`),
// never a hand-written copy: allowed → never 401/403 nor WORKSPACE_UNAVAILABLE; refused → 403
// FORBIDDEN with the workspace's rows unchanged. Refused roles go first, so every refusal is
// checked against rows no allowed call has touched since.
const MEMBER_ROLES = ['client', 'reviewer', 'editor', 'owner'] as const satisfies readonly WorkspaceRole[];

describe('every workspace-scoped procedure × every role (core permission table)', () => {
  const members = {} as Record<(typeof MEMBER_ROLES)[number], SeededUser>;
  let outsider: SeededUser;

  beforeAll(async () => {
    for (const role of MEMBER_ROLES) {
      if (role === 'owner') {
        members.owner = victim;
        continue;
      }
      members[role] = await seedUser(iso.handle, deps.env.keyring, { label: `membro-${role}` });
      await iso.handle.db
        .insertInto('workspace_members')
        .values({ workspace_id: victim.id, user_id: members[role].id, role })
        .execute();
    }
    outsider = await seedUser(iso.handle, deps.env.keyring, { label: 'outro-cliente' });
  }, 120_000);

  /** Back to one member per role: an allowed call before may have changed roles or left. */
  const restoreMembers = async () => {
    for (const role of MEMBER_ROLES) {
      if (role === 'owner') continue;
      await iso.handle.db
        .insertInto('workspace_members')
        .values({ workspace_id: victim.id, user_id: members[role].id, role })
        .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doUpdateSet({ role }))
        .execute();
    }
  };

  for (const procedure of workspaceScoped) {
    const action = procedure.workspaceAction as WorkspaceAction;
    it(`${procedure.path} (${action})`, async () => {
      const sample = SAMPLES[procedure.path];
      if (!sample) throw new Error(missingSampleMessage(procedure.path));
      await restoreMembers();
      const admin = await seedAdminTargets(iso.handle);
      const input = sample({ own: victim, admin });
      const problems: string[] = [];
      const unchanged = async (who: string, before: Record<string, string>) => {
        const changed = changedTables(before, await rowHashes(iso.handle, victim.id));
        if (changed.length) problems.push(`${who}: the workspace's rows changed in ${changed.join(', ')}`);
      };

      // Anonymous: 401.
      let before = await rowHashes(iso.handle, victim.id);
      const anonymous = await signedIn(null);
      anonymous.headers.set(WORKSPACE_HEADER, victim.id);
      const anon = await call(anonymous, procedure, input);
      if (anon.status !== 401) problems.push(`anonymous: ${describeOutcome(anon)} (expected 401)`);
      await unchanged('anonymous', before);

      // A non-member naming the workspace: 404 WORKSPACE_UNAVAILABLE.
      before = await rowHashes(iso.handle, victim.id);
      const stranger = await signedIn(outsider.id);
      stranger.headers.set(WORKSPACE_HEADER, victim.id);
      const refusedStranger = await call(stranger, procedure, input);
      if (refusedStranger.error?.message !== 'WORKSPACE_UNAVAILABLE')
        problems.push(`non-member: ${describeOutcome(refusedStranger)} (expected WORKSPACE_UNAVAILABLE)`);
      await unchanged('non-member', before);

      // A member of another workspace (their own) using this workspace's ids: nothing of it.
      before = await rowHashes(iso.handle, victim.id);
      const elsewhere = await signedIn(outsider.id);
      elsewhere.headers.set(WORKSPACE_HEADER, outsider.id);
      const fromElsewhere = await call(elsewhere, procedure, input);
      if (JSON.stringify(fromElsewhere.data ?? fromElsewhere.error ?? null).includes(victim.marker))
        problems.push(`member of another workspace: the answer carries this workspace's data`);
      await unchanged('member of another workspace', before);

      // The members: refused roles first (rows must not move), then the allowed ones.
      const ordered = [...MEMBER_ROLES].sort((a, b) => Number(can(a, action)) - Number(can(b, action)));
      for (const role of ordered) {
        before = await rowHashes(iso.handle, victim.id);
        const client = await signedIn(members[role].id);
        client.headers.set(WORKSPACE_HEADER, victim.id);
        const res = await call(client, procedure, input);
        const refusedCodes = ['FORBIDDEN', 'UNAUTHORIZED', 'WORKSPACE_UNAVAILABLE'];
        if (can(role, action)) {
          if (res.status === 401 || res.status === 403 || refusedCodes.includes(res.error?.message ?? ''))
            problems.push(`${role}: ${describeOutcome(res)} (the table allows ${action})`);
        } else {
          if (res.status !== 403 || res.error?.message !== 'FORBIDDEN')
            problems.push(
              `${role}: ${describeOutcome(res)} (expected 403 FORBIDDEN: the table refuses ${action})`,
            );
          await unchanged(role, before);
        }
        counts.access++;
      }
      // Allowed calls may change the workspace's rows: the next IDOR checks start from here.
      victimBefore = await rowHashes(iso.handle, victim.id);
      expect(problems, procedure.path).toEqual([]);
    });
  }
});
