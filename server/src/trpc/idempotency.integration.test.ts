// Idempotent mutations (issue 11, item 4; docs/idempotency.md) on real PostgreSQL: a key per user
// action, claimed under a unique constraint, so duplicates of one action — concurrent or late, on
// one web process or several — change things once and all get the first answer.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { type DbHandle, purgeExpiredIdempotencyKeys } from '@pauta/db';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, testRedisPrefix } from '../../../test/harness.js';
import { TestClient, type TrpcResult } from '../../../test/http-client.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { freePort, spawnWeb } from '../../../test/web-process.js';
import type { AppDeps } from '../deps.js';
import type { DraftGenerator } from '../themes/drafts.js';

let handle: DbHandle;
/** A second pool on the same database: the second web instance shares nothing else. */
let otherHandle: DbHandle;
let sandbox: SandboxHandle;
const children: ChildProcess[] = [];
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  handle = await testDb();
  otherHandle = await testDb();
  sandbox = await startSandbox({});
  installSandboxFetch(sandbox.url);
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const close of closers.reverse()) await close();
  uninstallSandboxFetch();
  await sandbox?.close();
  await otherHandle?.close();
  await handle?.close();
});

async function app(deps: AppDeps): Promise<string> {
  const server = await listen(deps);
  closers.push(server.close);
  return server.url;
}

/** A client of `url` signed in as `userId`'s session cookie (the same cookie on every instance). */
function clientFor(url: string, cookie: string): TestClient {
  const client = new TestClient(url);
  client.jar.set('pauta_session', cookie);
  return client;
}

async function countRows(table: 'suggested_posts' | 'themes' | 'data_deletion_requests', where: string) {
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.raw(where)}`.execute(handle.db);
  return Number(rows[0]!.n);
}

const draft = (themeId: string, postOrder = 7) => ({
  themeId,
  title: 'Um rascunho revisado',
  content: 'Texto curto que cabe em qualquer rede.',
  platforms: ['linkedin', 'x'],
  postOrder,
});

/** The answer as the browser sees it: status plus data or error code. */
const answer = (res: TrpcResult) => ({ status: res.status, data: res.data, error: res.error?.message });

describe('two web processes, one PostgreSQL', () => {
  it('ten concurrent "Agendar" requests with one key, alternating between two real web processes, schedule the draft once', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const redisPrefix = `${testRedisPrefix()}-idem`;
    const [webA, webB] = await Promise.all([
      spawnWeb({ port: portA, redisPrefix, sandboxUrl: sandbox.url, children }),
      spawnWeb({ port: portB, redisPrefix, sandboxUrl: sandbox.url, children }),
    ]);
    const user = await signedInUser(handle, webA, { label: 'idem-processos' });
    const cookie = user.browser.jar.get('pauta_session')!;
    const theme = await insertTestTheme(handle, user.id);
    const key = randomUUID();
    const clients = [clientFor(webA, cookie), clientFor(webB, cookie)];

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        clients[i % 2]!.mutate('themes.scheduleDraft', draft(theme.id), { idempotencyKey: key }),
      ),
    );

    for (const res of results)
      expect(answer(res)).toEqual({
        status: 200,
        data: { platforms: 2, postIds: [expect.any(String), expect.any(String)], budgetOverruns: [] },
        error: undefined,
      });
    // Every replay names the same two posts: the stored answer of the one run.
    for (const res of results) expect(answer(res).data).toEqual(answer(results[0]!).data);
    // One post per network, once: not ten, not twenty.
    expect(await countRows('suggested_posts', `theme_id = '${theme.id}'`)).toBe(2);
    const keys = await handle.db
      .selectFrom('idempotency_keys')
      .select(['state', 'procedure'])
      .where('user_id', '=', user.id)
      .execute();
    expect(keys).toEqual([{ state: 'done', procedure: 'themes.scheduleDraft' }]);
  }, 120_000);
});

describe('two app instances with their own connection pools', () => {
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    urlA = await app(testDeps(handle));
    urlB = await app(testDeps(otherHandle));
  });

  it('concurrent identical requests with the same key create one row and get the same answer', async () => {
    const user = await signedInUser(handle, urlA, { label: 'idem-par' });
    const cookie = user.browser.jar.get('pauta_session')!;
    const theme = await insertTestTheme(handle, user.id);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      clientFor(urlA, cookie).mutate('themes.scheduleDraft', draft(theme.id), { idempotencyKey: key }),
      clientFor(urlB, cookie).mutate('themes.scheduleDraft', draft(theme.id), { idempotencyKey: key }),
    ]);
    expect(answer(first)).toEqual({
      status: 200,
      data: { platforms: 2, postIds: [expect.any(String), expect.any(String)], budgetOverruns: [] },
      error: undefined,
    });
    expect(answer(second)).toEqual(answer(first));
    expect(await countRows('suggested_posts', `theme_id = '${theme.id}'`)).toBe(2);
  });

  it('a replay returns the stored answer and changes nothing; another action gets a new key and runs', async () => {
    const user = await signedInUser(handle, urlA, { label: 'idem-replay' });
    const theme = await insertTestTheme(handle, user.id);
    const key = randomUUID();
    const first = await user.browser.mutate('themes.scheduleDraft', draft(theme.id), { idempotencyKey: key });
    expect(first.status).toBe(200);
    const rowsBefore = await handle.db
      .selectFrom('suggested_posts')
      .select(['id', 'version', 'updated_at'])
      .where('theme_id', '=', theme.id)
      .orderBy('id')
      .execute();
    const replay = await user.browser.mutate('themes.scheduleDraft', draft(theme.id), {
      idempotencyKey: key,
    });
    expect(answer(replay)).toEqual(answer(first));
    const rowsAfter = await handle.db
      .selectFrom('suggested_posts')
      .select(['id', 'version', 'updated_at'])
      .where('theme_id', '=', theme.id)
      .orderBy('id')
      .execute();
    expect(rowsAfter).toEqual(rowsBefore);
    // The same draft scheduled again on purpose is a new action with a new key: it runs.
    const again = await user.browser.mutate('themes.scheduleDraft', draft(theme.id));
    expect(again.status).toBe(200);
    expect(await countRows('suggested_posts', `theme_id = '${theme.id}'`)).toBe(4);
  });

  it('a replay hands back the very same result (AI drafts are not generated twice)', async () => {
    const user = await signedInUser(handle, urlA, { label: 'idem-drafts' });
    const theme = await insertTestTheme(handle, user.id);
    const key = randomUUID();
    const input = { themeId: theme.id, mode: 'card' as const };
    const first = await user.browser.mutate<{ drafts: { id: string }[] }>('themes.generateDrafts', input, {
      idempotencyKey: key,
    });
    const again = await user.browser.mutate<{ drafts: { id: string }[] }>('themes.generateDrafts', input, {
      idempotencyKey: key,
    });
    expect(first.data?.drafts).toHaveLength(5);
    // Draft ids are random per generation: equal ids mean the stored answer, not a second run.
    expect(again.data).toEqual(first.data);
  });

  it('the same key with other input, or for another action, is refused with a clear code and changes nothing', async () => {
    const user = await signedInUser(handle, urlA, { label: 'idem-outro' });
    const theme = await insertTestTheme(handle, user.id);
    const key = randomUUID();
    expect(
      (await user.browser.mutate('themes.scheduleDraft', draft(theme.id), { idempotencyKey: key })).status,
    ).toBe(200);
    const otherInput = await user.browser.mutate('themes.scheduleDraft', draft(theme.id, 8), {
      idempotencyKey: key,
    });
    expect(otherInput.status).toBe(422);
    expect(otherInput.error?.message).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherProcedure = await user.browser.mutate(
      'themes.delete',
      { id: theme.id },
      { idempotencyKey: key },
    );
    expect(otherProcedure.status).toBe(422);
    expect(otherProcedure.error?.message).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countRows('suggested_posts', `theme_id = '${theme.id}'`)).toBe(2);
    expect(await countRows('themes', `id = '${theme.id}'`)).toBe(1);
  });

  it('a mutation without a key, or with a malformed one, is refused before it runs', async () => {
    const user = await signedInUser(handle, urlA, { label: 'idem-sem' });
    const theme = await insertTestTheme(handle, user.id);
    for (const idempotencyKey of [null, 'curta', 'x'.repeat(129), 'com espaço e acentuação ção']) {
      const res = await user.browser.mutate('themes.scheduleDraft', draft(theme.id), { idempotencyKey });
      expect(res.status, String(idempotencyKey)).toBe(400);
      expect(res.error?.message).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
    expect(await countRows('suggested_posts', `theme_id = '${theme.id}'`)).toBe(0);
    // Queries need none.
    expect((await user.browser.query('themes.list')).status).toBe(200);
  });

  it('keys are per user: the same key from another account is that account’s own action', async () => {
    const alice = await signedInUser(handle, urlA, { label: 'idem-alice' });
    const bob = await signedInUser(handle, urlA, { label: 'idem-bob' });
    const aliceTheme = await insertTestTheme(handle, alice.id);
    const bobTheme = await insertTestTheme(handle, bob.id);
    const key = randomUUID();
    expect(
      (await alice.browser.mutate('themes.scheduleDraft', draft(aliceTheme.id), { idempotencyKey: key }))
        .status,
    ).toBe(200);
    const bobs = await bob.browser.mutate('themes.scheduleDraft', draft(bobTheme.id), {
      idempotencyKey: key,
    });
    expect(bobs.status).toBe(200);
    expect(await countRows('suggested_posts', `theme_id = '${bobTheme.id}'`)).toBe(2);
    // And Bob never sees Alice's stored answer for her input.
    const bobReplaysAlice = await bob.browser.mutate('themes.scheduleDraft', draft(aliceTheme.id), {
      idempotencyKey: key,
    });
    expect(bobReplaysAlice.status).toBe(422);
  });

  it('a failed attempt gives the key back: the retry with the same key runs and succeeds', async () => {
    const user = await signedInUser(handle, urlA, { label: 'idem-limite' });
    await insertTestTheme(handle, user.id);
    const setLimit = (n: number) =>
      handle.db
        .updateTable('admin_settings')
        .set({ setting_value: JSON.stringify(n) })
        .where('setting_key', '=', 'max_themes_per_user')
        .execute();
    const theme = {
      name: 'Segundo tema',
      description: 'Um tema a mais',
      toneOfVoice: ['informative'],
      avoidTopics: [],
      socialNetworks: ['linkedin'],
      frequency: 'weekly',
      colorPalette: 'green',
    };
    const key = randomUUID();
    await setLimit(1);
    try {
      const refused = await user.browser.mutate('themes.create', theme, { idempotencyKey: key });
      expect(refused.error?.message).toBe('THEME_LIMIT_REACHED');
      expect(
        await handle.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute(),
      ).toEqual([]);
      await setLimit(10);
      const retried = await user.browser.mutate('themes.create', theme, { idempotencyKey: key });
      expect(retried.status).toBe(200);
      expect(await countRows('themes', `user_id = '${user.id}'`)).toBe(2);
    } finally {
      await setLimit(10);
    }
  });

  it('anonymous actions (a deletion request from the public form) are idempotent too', async () => {
    const email = `anonimo-${randomUUID().slice(0, 8)}@teste.pauta.dev`;
    const input = { reason: 'Quero apagar meus dados', email };
    const key = randomUUID();
    const [a, b] = await Promise.all([
      new TestClient(urlA).mutate('dataDeletion.submit', input, { idempotencyKey: key }),
      new TestClient(urlB).mutate('dataDeletion.submit', input, { idempotencyKey: key }),
    ]);
    expect(answer(a)).toEqual({ status: 200, data: { ok: true }, error: undefined });
    expect(answer(b)).toEqual(answer(a));
    expect(await countRows('data_deletion_requests', `email = '${email}'`)).toBe(1);
  });
});

/** A draft generator that holds every call until released, counting the calls. */
function heldDrafts(inner: DraftGenerator) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls = { n: 0 };
  const generator: DraftGenerator = {
    async generate(input) {
      calls.n += 1;
      await gate;
      return inner.generate(input);
    },
  };
  return { generator, calls, release: () => release() };
}

describe('a duplicate that arrives while the first request still runs', () => {
  it('waits for the first and gets its answer: one generation', async () => {
    const base = testDeps(handle);
    const held = heldDrafts(base.drafts);
    const urlA = await app({ ...base, drafts: held.generator });
    const urlB = await app({ ...testDeps(otherHandle), drafts: held.generator });
    const user = await signedInUser(handle, urlA, { label: 'idem-espera' });
    const cookie = user.browser.jar.get('pauta_session')!;
    const theme = await insertTestTheme(handle, user.id);
    const key = randomUUID();
    const input = { themeId: theme.id, mode: 'card' as const };
    const first = clientFor(urlA, cookie).mutate('themes.generateDrafts', input, { idempotencyKey: key });
    await expect.poll(() => held.calls.n).toBe(1);
    const second = clientFor(urlB, cookie).mutate('themes.generateDrafts', input, { idempotencyKey: key });
    // The second is waiting on the key, not generating.
    await new Promise((r) => setTimeout(r, 300));
    expect(held.calls.n).toBe(1);
    held.release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(200);
    expect(b.data).toEqual(a.data);
    expect(held.calls.n).toBe(1);
  });

  it('answers REQUEST_IN_PROGRESS when the first takes longer than the wait; the result is there afterwards', async () => {
    const base = testDeps(handle);
    const held = heldDrafts(base.drafts);
    const url = await app({ ...base, drafts: held.generator, idempotency: { waitMs: 200 } });
    const user = await signedInUser(handle, url, { label: 'idem-andamento' });
    const theme = await insertTestTheme(handle, user.id);
    const key = randomUUID();
    const input = { themeId: theme.id, mode: 'card' as const };
    const first = user.browser.mutate('themes.generateDrafts', input, { idempotencyKey: key });
    await expect.poll(() => held.calls.n).toBe(1);
    const busy = await user.browser.mutate('themes.generateDrafts', input, { idempotencyKey: key });
    expect(busy.status).toBe(409);
    expect(busy.error?.message).toBe('REQUEST_IN_PROGRESS');
    held.release();
    const done = await first;
    const later = await user.browser.mutate('themes.generateDrafts', input, { idempotencyKey: key });
    expect(later.data).toEqual(done.data);
    expect(held.calls.n).toBe(1);
  });
});

describe('keys left behind', () => {
  let url: string;
  beforeAll(async () => {
    url = await app(testDeps(handle));
  });

  async function plantKey(values: {
    userId: string;
    key: string;
    procedure: string;
    ageMs: number;
    expiresInMs: number;
    state: 'in_progress' | 'done';
  }) {
    const at = (ms: number) => new Date(Date.now() + ms);
    await handle.db
      .insertInto('idempotency_keys')
      .values({
        user_id: values.userId,
        key: values.key,
        procedure: values.procedure,
        fingerprint: 't1:planted',
        claim_id: randomUUID(),
        state: values.state,
        response: values.state === 'done' ? JSON.stringify({ json: { planted: true } }) : null,
        created_at: at(-values.ageMs),
        completed_at: values.state === 'done' ? at(-values.ageMs) : null,
        expires_at: at(values.expiresInMs),
      })
      .execute();
  }

  it('an unfinished key past its lease (a web process that died) is reported as unknown, never re-run', async () => {
    const user = await signedInUser(handle, url, { label: 'idem-orfa' });
    const theme = await insertTestTheme(handle, user.id);
    const key = randomUUID();
    // Same procedure and input as the dead request: only its fingerprint is unknown to the
    // planter, so plant the real one by letting a request claim and "die" (row left in progress).
    const input = draft(theme.id);
    const first = await user.browser.mutate('themes.scheduleDraft', input, { idempotencyKey: key });
    expect(first.status).toBe(200);
    await handle.db
      .updateTable('idempotency_keys')
      .set({
        state: 'in_progress',
        response: null,
        completed_at: null,
        created_at: new Date(Date.now() - 3_600_000),
      })
      .where('key', '=', key)
      .execute();
    const retry = await user.browser.mutate('themes.scheduleDraft', input, { idempotencyKey: key });
    expect(retry.status).toBe(409);
    expect(retry.error?.message).toBe('ACTION_OUTCOME_UNKNOWN');
    expect(await countRows('suggested_posts', `theme_id = '${theme.id}'`)).toBe(2);
  });

  it('an expired key is a new action: it runs again', async () => {
    const user = await signedInUser(handle, url, { label: 'idem-expirada' });
    const theme = await insertTestTheme(handle, user.id);
    const key = randomUUID();
    await plantKey({
      userId: user.id,
      key,
      procedure: 'themes.scheduleDraft',
      ageMs: 2 * 86_400_000,
      expiresInMs: -86_400_000,
      state: 'done',
    });
    const res = await user.browser.mutate('themes.scheduleDraft', draft(theme.id), { idempotencyKey: key });
    expect(answer(res)).toEqual({
      status: 200,
      data: { platforms: 2, postIds: [expect.any(String), expect.any(String)], budgetOverruns: [] },
      error: undefined,
    });
    expect(await countRows('suggested_posts', `theme_id = '${theme.id}'`)).toBe(2);
  });

  it('expired keys are purged; live ones stay', async () => {
    const user = await signedInUser(handle, url, { label: 'idem-limpeza' });
    const [expired, live] = [randomUUID(), randomUUID()];
    const common = { userId: user.id, procedure: 'posts.delete', state: 'done' as const };
    await plantKey({ ...common, key: expired, ageMs: 2 * 86_400_000, expiresInMs: -1000 });
    await plantKey({ ...common, key: live, ageMs: 1000, expiresInMs: 86_400_000 });
    expect(await purgeExpiredIdempotencyKeys(handle.db)).toBeGreaterThanOrEqual(1);
    const left = await handle.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([{ key: live }]);
  });
});
