// The MCP server end to end (issue 28, item 4; docs/mcp.md): the SDK's own Client and
// StreamableHTTPClientTransport over real HTTP against the web app on real PostgreSQL, with the
// Anthropic stand-in of the sandbox for drafts. Tokens are the REST API's personal access tokens.
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  API_RATE_LIMIT,
  type ApiTokenScope,
  errorMessages,
  generateApiToken,
  mcpMessages,
  messages,
  PLATFORM_LABELS,
  PLATFORM_TEXT_LIMITS,
  type Platform,
} from '@pauta/core';
import { type DbHandle, insertScheduledPosts } from '@pauta/db';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createAiClient } from '../ai/ai-client.js';
import { createDraftGenerator } from '../ai/draft-generator.js';
import { createApiToken, revokeToken } from '../api/tokens.js';
import { createLogger } from '../logger.js';
import { MCP_TOOL_NAMES } from './tools.js';

let handle: DbHandle;
let sandbox: SandboxHandle;
let server: { url: string; close(): Promise<void> };
const clients: Client[] = [];

/** Ana's workspace (her personal one: its id is hers), her theme, and Bruno's workspace and post. */
let ana: { id: string };
let anaTheme: string;
let brunoPost: string;
const tokens = { full: '', readOnly: '', writeOnly: '' };

async function tokenFor(userId: string, scopes: ApiTokenScope[]) {
  const token = generateApiToken();
  const summary = await createApiToken(
    { db: handle.db },
    { workspaceId: userId, userId, name: `mcp ${scopes.join(' ')}`, scopes, expiresInDays: 30, token },
  );
  return { token, id: summary.id };
}

/** The SDK's client, connected to /mcp with `token` as its Bearer header. */
async function connect(token: string | null): Promise<Client> {
  const client = new Client({ name: 'pauta-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A raw POST to /mcp: an initialize request with the given headers. */
function post(headers: Record<string, string>) {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
}

async function postsOfTheme(themeId: string) {
  return handle.db
    .selectFrom('suggested_posts')
    .select(['id', 'status', 'scheduled_for', 'platform', 'workspace_id', 'title'])
    .where('theme_id', '=', themeId)
    .execute();
}

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  const logger = createLogger({ level: 'silent', pretty: false });
  const ai = createAiClient(
    {
      apiKey: `sk-ant-${randomUUID()}`,
      baseURL: `${sandbox.url}/api.anthropic.com`,
      model: 'claude-sonnet-5-5',
      timeoutMs: 10_000,
    },
    logger,
  );
  server = await listen(testDeps(handle, { drafts: createDraftGenerator({ db: handle.db, logger, ai }) }));
  ana = await signedInUser(handle, server.url, { label: 'mcp-ana' });
  anaTheme = (await insertTestTheme(handle, ana.id, 'Café especial')).id;
  const bruno = await signedInUser(handle, server.url, { label: 'mcp-bruno' });
  const brunoTheme = (await insertTestTheme(handle, bruno.id, 'Padaria do Bruno')).id;
  const [wakeUp] = await insertScheduledPosts(handle.db, {
    userId: bruno.id,
    workspaceId: bruno.id,
    themeId: brunoTheme,
    posts: [
      {
        title: 'Pão de fermentação natural',
        content: 'Como fazer em casa',
        platform: (
          await handle.db
            .selectFrom('themes')
            .select('social_networks')
            .where('id', '=', brunoTheme)
            .executeTakeFirstOrThrow()
        ).social_networks[0] as never,
        postOrder: 1,
        scheduledFor: new Date(Date.now() + 3 * 86_400_000),
      },
    ],
  });
  brunoPost = wakeUp!.id;
  tokens.full = (await tokenFor(ana.id, ['read', 'write', 'publish'])).token;
  tokens.readOnly = (await tokenFor(ana.id, ['read'])).token;
  tokens.writeOnly = (await tokenFor(ana.id, ['read', 'write'])).token;
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await server?.close();
  await sandbox?.close();
  await handle?.close();
});

describe('MCP server over Streamable HTTP', () => {
  it('lists every tool, each described in pt-BR and English with an input schema', async () => {
    const client = await connect(tokens.full);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    expect(tools.map((t) => t.name).sort()).toEqual([
      'approve_post',
      'best_times',
      'create_scheduled_post',
      'draft_posts',
      'list_published_posts',
      'list_scheduled_posts',
      'list_themes',
      'request_changes',
    ]);
    for (const tool of tools) {
      expect(tool.description).toContain(' / ');
      expect(tool.inputSchema.type).toBe('object');
    }
    const create = tools.find((t) => t.name === 'create_scheduled_post')!;
    expect(create.inputSchema.required).toEqual(
      expect.arrayContaining(['theme_id', 'title', 'content', 'platforms']),
    );
  });

  it('lists the themes of the token’s workspace only', async () => {
    const client = await connect(tokens.readOnly);
    const result = await call(client, 'list_themes');
    expect(result.isError).toBeFalsy();
    const themes = (result.structuredContent as { themes: { id: string; name: string }[] }).themes;
    expect(themes.map((t) => t.id)).toEqual([anaTheme]);
    expect(result.content).toEqual([
      expect.objectContaining({ type: 'text', text: expect.stringContaining('Café especial') }),
    ]);
  });

  it('drafts five posts for a theme with the AI (sandbox) and saves none of them', async () => {
    const client = await connect(tokens.writeOnly);
    const result = await call(client, 'draft_posts', { theme_id: anaTheme });
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as { source: string; drafts: { title: string; content: string }[] };
    expect(data.source).toBe('ai');
    expect(data.drafts).toHaveLength(5);
    for (const draft of data.drafts) expect(draft.content.length).toBeGreaterThan(0);
    expect(await postsOfTheme(anaTheme)).toEqual([]);
  });

  it('creates and schedules a post at the given time: the database shows it scheduled on each network', async () => {
    const client = await connect(tokens.full);
    const themes = await call(client, 'list_themes');
    const networks = (themes.structuredContent as { themes: { socialNetworks: string[] }[] }).themes[0]!
      .socialNetworks;
    const when = new Date(Date.now() + 5 * 86_400_000);
    when.setUTCHours(15, 30, 0, 0);
    const result = await call(client, 'create_scheduled_post', {
      theme_id: anaTheme,
      title: 'Método V60',
      content: 'Três passos para um café coado mais doce.',
      platforms: networks,
      scheduled_for: when.toISOString(),
    });
    expect(result.isError).toBeFalsy();
    const created = (result.structuredContent as { posts: { id: string; scheduledFor: string }[] }).posts;
    expect(created).toHaveLength(networks.length);
    const rows = await postsOfTheme(anaTheme);
    expect(rows.map((r) => r.id).sort()).toEqual(created.map((p) => p.id).sort());
    for (const row of rows) {
      expect(row.status).toBe('scheduled');
      expect(row.workspace_id).toBe(ana.id);
      expect(row.title).toBe('Método V60');
      expect(row.scheduled_for?.toISOString()).toBe(when.toISOString());
    }
    expect(rows.map((r) => r.platform).sort()).toEqual([...networks].sort());

    // list_scheduled_posts shows them, filtered by theme.
    const listed = await call(client, 'list_scheduled_posts', { theme_id: anaTheme });
    const posts = (listed.structuredContent as { posts: { id: string }[]; total: number }).posts;
    expect(posts.map((p) => p.id).sort()).toEqual(created.map((p) => p.id).sort());
  });

  it('a repeat with the same idempotency_key schedules nothing twice', async () => {
    const client = await connect(tokens.full);
    const theme = (await insertTestTheme(handle, ana.id, 'Receitas')).id;
    const args = {
      theme_id: theme,
      title: 'Bolo de fubá',
      content: 'A receita da vó, em 5 passos.',
      platforms: (
        await handle.db
          .selectFrom('themes')
          .select('social_networks')
          .where('id', '=', theme)
          .executeTakeFirstOrThrow()
      ).social_networks.slice(0, 1),
      idempotency_key: randomUUID(),
    };
    const first = await call(client, 'create_scheduled_post', args);
    const again = await call(client, 'create_scheduled_post', args);
    expect(first.isError).toBeFalsy();
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(await postsOfTheme(theme)).toHaveLength(1);
  });

  it('a time the app refuses (in the past) is a tool error with the screen’s pt-BR message, and no post is left behind', async () => {
    const client = await connect(tokens.full);
    const theme = (await insertTestTheme(handle, ana.id, 'Passado')).id;
    const result = await call(client, 'create_scheduled_post', {
      theme_id: theme,
      title: 'Ontem',
      content: 'Um post no passado.',
      platforms: (
        await handle.db
          .selectFrom('themes')
          .select('social_networks')
          .where('id', '=', theme)
          .executeTakeFirstOrThrow()
      ).social_networks.slice(0, 1),
      scheduled_for: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(result.isError).toBe(true);
    const error = result.structuredContent as { error: string; message: string };
    expect(error.error).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(messages.posts.pastSchedule);
    expect(await postsOfTheme(theme)).toEqual([]);
  });

  it('a text too long for a network is refused with that network’s limit, in pt-BR', async () => {
    const client = await connect(tokens.full);
    const theme = (await insertTestTheme(handle, ana.id, 'Textão')).id;
    const networks = (
      await handle.db
        .selectFrom('themes')
        .select('social_networks')
        .where('id', '=', theme)
        .executeTakeFirstOrThrow()
    ).social_networks as Platform[];
    const shortest = [...networks].sort((a, b) => PLATFORM_TEXT_LIMITS[a] - PLATFORM_TEXT_LIMITS[b])[0]!;
    const result = await call(client, 'create_scheduled_post', {
      theme_id: theme,
      title: 'Longo demais',
      content: 'a'.repeat(PLATFORM_TEXT_LIMITS[shortest] + 1),
      platforms: [shortest],
    });
    expect(result.structuredContent).toMatchObject({
      error: 'VALIDATION_FAILED',
      message: messages.posts.tooLongFor(PLATFORM_LABELS[shortest], PLATFORM_TEXT_LIMITS[shortest]),
    });
    expect(await postsOfTheme(theme)).toEqual([]);
  });

  it('a read-only token cannot schedule: a tool error in pt-BR, nothing written', async () => {
    const client = await connect(tokens.readOnly);
    const before = (await postsOfTheme(anaTheme)).length;
    const result = await call(client, 'create_scheduled_post', {
      theme_id: anaTheme,
      title: 'Não deve sair',
      content: 'Texto',
      platforms: ['x'],
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: 'INSUFFICIENT_SCOPE',
      message: mcpMessages.missingScope(['write', 'publish']),
    });
    expect(result.content).toEqual([expect.objectContaining({ text: expect.stringContaining('permissão') })]);
    expect((await postsOfTheme(anaTheme)).length).toBe(before);
    // A token with write but not publish cannot approve either.
    const writer = await connect(tokens.writeOnly);
    const approve = await call(writer, 'approve_post', { post_id: randomUUID() });
    expect(approve.structuredContent).toMatchObject({ error: 'INSUFFICIENT_SCOPE' });
  });

  it('another workspace’s post is not found, and its posts are never listed', async () => {
    const client = await connect(tokens.full);
    const approve = await call(client, 'approve_post', { post_id: brunoPost });
    expect(approve.isError).toBe(true);
    expect(approve.structuredContent).toMatchObject({ error: 'NOT_FOUND', message: errorMessages.NOT_FOUND });
    const suggestions = await call(client, 'best_times', { post_id: brunoPost });
    expect(suggestions.structuredContent).toMatchObject({ error: 'NOT_FOUND' });
    const listed = await call(client, 'list_scheduled_posts', {});
    const ids = (listed.structuredContent as { posts: { id: string }[] }).posts.map((p) => p.id);
    expect(ids).not.toContain(brunoPost);
    const row = await handle.db
      .selectFrom('suggested_posts')
      .select('approval_stage')
      .where('id', '=', brunoPost)
      .executeTakeFirstOrThrow();
    expect(row.approval_stage).toBeNull();
  });

  it('asks for changes with a comment (write), then approves (publish): the board shows each stage', async () => {
    const theme = (await insertTestTheme(handle, ana.id, 'Com aprovação')).id;
    await handle.db.updateTable('themes').set({ requires_approval: true }).where('id', '=', theme).execute();
    const client = await connect(tokens.full);
    const created = await call(client, 'create_scheduled_post', {
      theme_id: theme,
      title: 'Para aprovar',
      content: 'Um post que passa pelo quadro.',
      platforms: (
        await handle.db
          .selectFrom('themes')
          .select('social_networks')
          .where('id', '=', theme)
          .executeTakeFirstOrThrow()
      ).social_networks.slice(0, 1),
    });
    const postId = (created.structuredContent as { posts: { id: string; approvalStage: string }[] }).posts[0]!
      .id;
    const stage = async () =>
      (
        await handle.db
          .selectFrom('suggested_posts')
          .select('approval_stage')
          .where('id', '=', postId)
          .executeTakeFirstOrThrow()
      ).approval_stage;
    expect(await stage()).toBe('draft');

    const writer = await connect(tokens.writeOnly);
    const changes = await call(writer, 'request_changes', {
      post_id: postId,
      comment: 'Troque a foto, por favor.',
    });
    expect(changes.isError).toBeFalsy();
    expect(await stage()).toBe('changes');
    const comments = await handle.db
      .selectFrom('post_comments')
      .select('body')
      .where('post_id', '=', postId)
      .execute();
    expect(comments.map((c) => c.body)).toEqual(['Troque a foto, por favor.']);

    const approved = await call(client, 'approve_post', { post_id: postId });
    expect(approved.isError).toBeFalsy();
    expect(approved.structuredContent).toMatchObject({ id: postId, stage: 'approved', changed: true });
    expect(await stage()).toBe('approved');
  });

  it('the role is the UI’s: a reviewer’s token with every scope reads Ana’s themes but cannot schedule; removed, it stops', async () => {
    const rita = await signedInUser(handle, server.url, { label: 'mcp-rita' });
    await handle.db
      .insertInto('workspace_members')
      .values({ workspace_id: ana.id, user_id: rita.id, role: 'reviewer' })
      .execute();
    const token = generateApiToken();
    await createApiToken(
      { db: handle.db },
      {
        workspaceId: ana.id,
        userId: rita.id,
        name: 'revisora',
        scopes: ['read', 'write', 'publish'],
        expiresInDays: 30,
        token,
      },
    );
    const client = await connect(token);
    const themes = await call(client, 'list_themes');
    expect((themes.structuredContent as { themes: { id: string }[] }).themes.map((t) => t.id)).toContain(
      anaTheme,
    );
    const before = (await postsOfTheme(anaTheme)).length;
    const refused = await call(client, 'create_scheduled_post', {
      theme_id: anaTheme,
      title: 'Sem permissão',
      content: 'Uma revisora não agenda.',
      platforms: (themes.structuredContent as { themes: { socialNetworks: string[] }[] }).themes[0]!
        .socialNetworks,
    });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: 'FORBIDDEN', message: errorMessages.FORBIDDEN });
    expect((await postsOfTheme(anaTheme)).length).toBe(before);

    await handle.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', ana.id)
      .where('user_id', '=', rita.id)
      .execute();
    expect((await post({ authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('a bad input is a tool error, not a crash', async () => {
    const client = await connect(tokens.full);
    const result = await call(client, 'approve_post', { post_id: 'not-a-uuid' });
    expect(result.isError).toBe(true);
  });

  it('best times and published posts answer for the workspace (empty here)', async () => {
    const client = await connect(tokens.readOnly);
    const best = await call(client, 'best_times');
    expect(best.isError).toBeFalsy();
    expect(best.structuredContent).toMatchObject({ timeZone: 'America/Sao_Paulo' });
    const published = await call(client, 'list_published_posts');
    expect(published.isError).toBeFalsy();
    expect(published.structuredContent).toMatchObject({ posts: [] });
    expect(published.content).toEqual([expect.objectContaining({ text: mcpMessages.noPublished })]);
  });
});

describe('authentication of /mcp', () => {
  it('no token: 401 with WWW-Authenticate; the SDK client cannot connect', async () => {
    const res = await post({});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      mcpMessages.tokenMissing,
    );
    await expect(connect(null)).rejects.toThrow();
  });

  it('a session cookie never authenticates /mcp', async () => {
    const session = await signedInUser(handle, server.url, { label: 'mcp-cookie' });
    const cookie = session.browser.jar.get('pauta_session')!;
    const res = await post({ cookie: `pauta_session=${cookie}` });
    expect(res.status).toBe(401);
  });

  it('a revoked token gets 401 at its next request', async () => {
    const { token, id } = await tokenFor(ana.id, ['read']);
    const client = await connect(token);
    expect((await call(client, 'list_themes')).isError).toBeFalsy();
    expect(await revokeToken({ db: handle.db }, { workspaceId: ana.id, userId: ana.id }, id)).toBe('revoked');
    const res = await post({ authorization: `Bearer ${token}` });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      mcpMessages.tokenInvalid,
    );
    await expect(call(client, 'list_themes')).rejects.toThrow();
    await expect(connect(token)).rejects.toThrow();
  });

  it('an unknown token gets 401', async () => {
    expect((await post({ authorization: 'Bearer pauta_pat_nao-existe' })).status).toBe(401);
  });

  it('shares the REST API’s per-token limit: past it, 429 with Retry-After and a pt-BR message', async () => {
    const { token, id } = await tokenFor(ana.id, ['read']);
    expect((await post({ authorization: `Bearer ${token}` })).status).toBe(200);
    // The token has used its whole window (as 120 REST or MCP requests within a minute would).
    await handle.db
      .updateTable('rate_limits')
      .set({ count: API_RATE_LIMIT.limit })
      .where('key', '=', `api:token:${id}`)
      .execute();
    const res = await post({ authorization: `Bearer ${token}` });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^Limite de requisições/,
    );
    // Another token is not affected.
    expect((await post({ authorization: `Bearer ${tokens.readOnly}` })).status).toBe(200);
  });

  it('a browser page of another origin is refused (DNS rebinding), even with a valid token', async () => {
    const res = await post({ authorization: `Bearer ${tokens.full}`, origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    const same = await post({ authorization: `Bearer ${tokens.full}`, origin: 'http://pauta.test' });
    expect(same.status).toBe(200);
  });

  it('GET and DELETE are 405 (stateless server)', async () => {
    const res = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${tokens.full}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
