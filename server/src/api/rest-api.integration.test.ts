// The REST API v1 through real HTTP (issue 28; docs/api.md): personal access tokens made in
// Integrações (apiTokens.create, through tRPC like the browser), then used with curl-like
// requests — real PostgreSQL, the Anthropic stand-in of the sandbox for the drafts.
import { randomUUID } from 'node:crypto';
import { API_RATE_LIMIT, type ApiTokenScope, generateApiToken } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createAiClient } from '../ai/ai-client.js';
import { createDraftGenerator } from '../ai/draft-generator.js';
import { createLogger } from '../logger.js';

let handle: DbHandle;
let sandbox: SandboxHandle;
let server: { url: string; close(): Promise<void> };
/** A second web process on the same database: revocation must reach it at once. */
let second: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  const logger = createLogger({ level: 'silent', pretty: false });
  const ai = createAiClient(
    {
      apiKey: `sk-ant-${randomUUID()}`,
      baseURL: `${sandbox.url}/api.anthropic.com`,
      model: 'claude-sonnet-5-5',
      timeoutMs: 5000,
    },
    logger,
  );
  const deps = testDeps(handle, { drafts: createDraftGenerator({ db: handle.db, logger, ai }) });
  server = await listen(deps);
  second = await listen(testDeps(handle));
});
afterAll(async () => {
  await server?.close();
  await second?.close();
  await sandbox?.close();
  await handle?.close();
});

type Signed = Awaited<ReturnType<typeof signedInUser>>;

async function person(label: string): Promise<Signed> {
  return signedInUser(handle, server.url, { label });
}

/** "Criar token" in Integrações, as the browser does it. */
async function makeToken(
  user: Signed,
  scopes: ApiTokenScope[],
  expiresInDays: 30 | 90 | 365 | null = 30,
): Promise<{ token: string; id: string }> {
  const token = generateApiToken();
  const res = await user.browser.mutate<{ id: string }>('apiTokens.create', {
    name: `Token ${scopes.join('+')}`,
    scopes,
    expiresInDays,
    token,
  });
  expect(res.status).toBe(200);
  return { token, id: res.data!.id };
}

async function api(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  base = server.url,
) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(method === 'POST' && !('idempotency-key' in headers) ? { 'idempotency-key': randomUUID() } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: test reads of JSON answers.
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as any };
}

const THEME = {
  name: 'Café especial',
  description: 'Dicas de preparo e origem dos grãos do café especial brasileiro.',
  toneOfVoice: ['casual'],
  avoidTopics: [],
  socialNetworks: ['linkedin'],
  frequency: 'weekly',
  colorPalette: 'green',
};

describe('REST API v1 with a personal access token', () => {
  it('creates a theme, drafts posts with the AI and schedules one — all through HTTP', async () => {
    const user = await person('api-fluxo');
    const { token } = await makeToken(user, ['read', 'write', 'publish']);

    const created = await api(token, 'POST', '/themes', THEME);
    expect(created.status).toBe(201);
    const themeId = created.body.theme.id as string;
    expect(created.body.theme.name).toBe('Café especial');

    // The same theme as the UI sees it.
    const listed = await user.browser.query<{ id: string }[]>('themes.list');
    expect(listed.data?.map((t) => t.id)).toContain(themeId);

    const drafts = await api(token, 'POST', `/themes/${themeId}/drafts`, {});
    expect(drafts.status).toBe(200);
    expect(drafts.body.source).toBe('ai');
    expect(drafts.body.drafts).toHaveLength(5);
    // The stand-in was asked (not the templates).
    expect(
      sandbox.requests({ host: 'api.anthropic.com', pathPrefix: '/v1/messages' }).length,
    ).toBeGreaterThan(0);

    const draft = drafts.body.drafts[0];
    const before = await api(token, 'GET', `/posts?themeId=${themeId}&limit=100`);
    const scheduled = await api(token, 'POST', '/posts', {
      themeId,
      title: draft.title,
      content: draft.content,
      platforms: draft.platforms,
      postOrder: draft.post_order,
    });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.platforms).toBe(1);

    const after = await api(token, 'GET', `/posts?themeId=${themeId}&limit=100`);
    expect(after.status).toBe(200);
    expect(after.body.total).toBe(before.body.total + 1);
    const mine = after.body.items.find((p: { title: string }) => p.title === draft.title);
    expect(mine).toBeDefined();
    expect(mine.status).toBe('scheduled');

    // Reschedule through the API; the UI reads the new date.
    const when = new Date(Date.now() + 3 * 86_400_000);
    when.setUTCHours(15, 0, 0, 0);
    const moved = await api(token, 'POST', `/posts/${mine.id}/reschedule`, {
      scheduledFor: when.toISOString(),
    });
    expect(moved.status).toBe(200);
    const seen = await user.browser.query<{ scheduledFor?: Date; scheduled_for?: Date }>('posts.get', {
      id: mine.id,
    });
    const stored =
      (seen.data as Record<string, unknown>).scheduledFor ??
      (seen.data as Record<string, unknown>).scheduled_for;
    expect(new Date(stored as string).toISOString()).toBe(when.toISOString());
  });

  it('a POST repeated with the same Idempotency-Key runs once and returns the same answer', async () => {
    const user = await person('api-idem');
    const { token } = await makeToken(user, ['read', 'write']);
    const key = randomUUID();
    const first = await api(
      token,
      'POST',
      '/themes',
      { ...THEME, name: 'Tema idempotente' },
      { 'idempotency-key': key },
    );
    const again = await api(
      token,
      'POST',
      '/themes',
      { ...THEME, name: 'Tema idempotente' },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const themes = await api(token, 'GET', '/themes');
    expect(themes.body.filter((t: { name: string }) => t.name === 'Tema idempotente')).toHaveLength(1);

    // The same key with other data: refused, nothing created.
    const reused = await api(
      token,
      'POST',
      '/themes',
      { ...THEME, name: 'Outro' },
      { 'idempotency-key': key },
    );
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // A POST without a key: refused with a clear message, nothing created.
    const keyless = await api(
      token,
      'POST',
      '/themes',
      { ...THEME, name: 'Sem chave' },
      { 'idempotency-key': '' },
    );
    expect(keyless.status).toBe(400);
    expect(keyless.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const after = await api(token, 'GET', '/themes');
    expect(after.body.map((t: { name: string }) => t.name)).not.toContain('Sem chave');
    expect(after.body.map((t: { name: string }) => t.name)).not.toContain('Outro');
  });

  it('a token without the write scope gets 403 and changes nothing; read still works', async () => {
    const user = await person('api-leitura');
    const { token } = await makeToken(user, ['read']);
    const refused = await api(token, 'POST', '/themes', { ...THEME, name: 'Não deve existir' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 403, code: 'FORBIDDEN', title: 'Sem permissão' });
    expect(refused.body.detail).toContain('Escrita');
    const themes = await api(token, 'GET', '/themes');
    expect(themes.status).toBe(200);
    expect(themes.body).toEqual([]);

    // write without publish: drafts yes, scheduling no.
    const writer = await makeToken(user, ['read', 'write']);
    const theme = await api(writer.token, 'POST', '/themes', THEME);
    const schedule = await api(writer.token, 'POST', '/posts', {
      themeId: theme.body.theme.id,
      title: 'Título',
      content: 'Texto',
      platforms: ['linkedin'],
      postOrder: 99,
    });
    expect(schedule.status).toBe(403);
    expect(schedule.body.detail).toContain('Publicação');
  });

  it('the role in the workspace still applies: a token cannot do what its author may not', async () => {
    const owner = await person('api-dono');
    const reviewer = await person('api-revisor');
    // The reviewer joins the owner's personal workspace as a reviewer.
    await handle.db
      .insertInto('workspace_members')
      .values({ workspace_id: owner.id, user_id: reviewer.id, role: 'reviewer' })
      .execute();
    reviewer.browser.headers.set('x-pauta-workspace', owner.id);
    const { token } = await makeToken(reviewer, ['read', 'write', 'publish']);
    const refused = await api(token, 'POST', '/themes', THEME);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await api(token, 'GET', '/themes')).status).toBe(200);

    // Removed from the workspace: the token stops at once.
    await handle.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', owner.id)
      .where('user_id', '=', reviewer.id)
      .execute();
    expect((await api(token, 'GET', '/themes')).status).toBe(401);
  });

  it('a revoked token gets 401 at once, on every web process; an expired one too', async () => {
    const user = await person('api-revogado');
    const { token, id } = await makeToken(user, ['read']);
    expect((await api(token, 'GET', '/themes')).status).toBe(200);
    expect((await api(token, 'GET', '/themes', undefined, {}, second.url)).status).toBe(200);

    const revoked = await user.browser.mutate('apiTokens.revoke', { id });
    expect(revoked.status).toBe(200);
    for (const base of [server.url, second.url]) {
      const res = await api(token, 'GET', '/themes', undefined, {}, base);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
      expect(res.body.detail).toBe('Token inválido, expirado ou revogado.');
    }
    const list = await user.browser.query<{ id: string; revokedAt: Date | null }[]>('apiTokens.list');
    expect(list.data?.find((t) => t.id === id)?.revokedAt).toBeTruthy();

    const expiring = await makeToken(user, ['read']);
    await handle.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect((await api(expiring.token, 'GET', '/themes')).status).toBe(401);
  });

  it('never authenticates with the session cookie, nor with a malformed or unknown token', async () => {
    const user = await person('api-cookie');
    const res = await fetch(`${server.url}/api/v1/themes`, {
      headers: { cookie: user.browser.cookieHeader() },
    });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { detail: string };
    expect(body.detail).toContain('Authorization: Bearer');
    expect((await api('pauta_pat_curto', 'GET', '/themes')).status).toBe(401);
    expect((await api(generateApiToken(), 'GET', '/themes')).status).toBe(401);
  });

  it('stores only the hash; lists show the prefix, never the secret; last use is recorded', async () => {
    const user = await person('api-hash');
    const { token, id } = await makeToken(user, ['read']);
    const row = await handle.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token.slice(10));
    expect(token.startsWith(row.prefix)).toBe(true);
    expect(row.last_used_at).toBeNull();
    const list = await user.browser.query('apiTokens.list');
    expect(JSON.stringify(list.data)).not.toContain(token.slice(20));
    await api(token, 'GET', '/themes');
    await api(token, 'GET', '/themes');
    const used = await handle.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    const idem = await handle.db
      .selectFrom('idempotency_keys')
      .select('response')
      .where('user_id', '=', user.id)
      .where('procedure', '=', 'apiTokens.create')
      .execute();
    expect(JSON.stringify(idem)).not.toContain(token.slice(10));
  });

  it('answers 429 with Retry-After past the per-token limit; another token is not affected', async () => {
    const user = await person('api-limite');
    const { token } = await makeToken(user, ['read']);
    const other = await makeToken(user, ['read']);
    let last: Awaited<ReturnType<typeof api>> | undefined;
    for (let i = 0; i < API_RATE_LIMIT.limit + 1; i++) last = await api(token, 'GET', '/best-times');
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.body).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(last?.body.detail).toMatch(/Tente de novo em \d+ segundo/);
    expect((await api(other.token, 'GET', '/best-times')).status).toBe(200);
  });

  it('errors are problem details with a pt-BR detail; bad input changes nothing', async () => {
    const user = await person('api-erros');
    const { token } = await makeToken(user, ['read', 'write']);
    const bad = await api(token, 'POST', '/themes', { ...THEME, name: '' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(bad.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', title: 'Requisição inválida' });
    expect(bad.body.type).toContain('/api/v1/docs#erro-validation-failed');
    expect(bad.body.detail).toMatch(/[ãçé]|campos|dados/i);
    expect(bad.body.errors).toContainEqual({ field: 'name', issues: ['too_small'] });

    const notJson = await api(token, 'POST', '/themes', '{nao é json');
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toBe('O corpo da requisição não é um JSON válido.');

    const unknown = await api(token, 'GET', '/nada-aqui');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect((await api(token, 'GET', '/themes')).body).toEqual([]);
  });

  it("another workspace's ids are not found", async () => {
    const alice = await person('api-alice');
    const bob = await person('api-bob');
    const a = await makeToken(alice, ['read', 'write', 'publish']);
    const b = await makeToken(bob, ['read', 'write', 'publish']);
    const theme = await api(a.token, 'POST', '/themes', THEME);
    const themeId = theme.body.theme.id;
    expect((await api(b.token, 'GET', `/themes/${themeId}`)).status).toBe(404);
    expect((await api(b.token, 'DELETE', `/themes/${themeId}`)).status).toBe(404);
    expect((await api(b.token, 'POST', `/themes/${themeId}/drafts`, {})).status).toBe(404);
    expect((await api(a.token, 'GET', `/themes/${themeId}`)).status).toBe(200);
  });

  it('pages through posts with the cursor of Posts Agendados', async () => {
    const user = await person('api-paginas');
    const { token } = await makeToken(user, ['read', 'write', 'publish']);
    const theme = await api(token, 'POST', '/themes', THEME);
    const themeId = theme.body.theme.id;
    const all = await api(token, 'GET', `/posts?themeId=${themeId}&limit=100`);
    const total = all.body.total as number;
    expect(total).toBeGreaterThan(2);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const query: string = `/posts?themeId=${themeId}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await api(token, 'GET', query);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((p: { id: string }) => p.id));
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const filtered = await api(token, 'GET', `/posts?themeId=${themeId}&statuses=published,failed`);
    expect(filtered.body.total).toBe(0);
  });
});

describe('the OpenAPI document and its reference page', () => {
  it('is served without a session and passes an OpenAPI 3.1 validator', async () => {
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the document is read as JSON.
    const document = (await res.json()) as any;
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // Generated from the procedures' own schemas: the theme's fields, the post list's filters.
    const createTheme = document.paths['/themes'].post;
    expect(Object.keys(createTheme.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'description', 'toneOfVoice', 'socialNetworks', 'frequency']),
    );
    const listParams = document.paths['/posts'].get.parameters.map((p: { name?: string }) => p.name);
    expect(listParams).toEqual(
      expect.arrayContaining(['themeId', 'platform', 'statuses', 'cursor', 'limit']),
    );
    expect(
      document.paths['/posts/{id}/reschedule'].post.requestBody.content['application/json'].schema.properties
        .scheduledFor,
    ).toEqual({
      type: 'string',
      format: 'date-time',
    });
  });

  it('has a pt-BR reference page', async () => {
    const res = await fetch(`${server.url}/api/v1/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain('Cria um tema e gera o calendário de posts com a IA.');
    expect(html).toContain('id="erro-idempotency-key-required"');
    expect(html).not.toMatch(/<script/i);
  });
});
