// accounts.active (docs/workspaces.md "Several accounts of one network"): every active account of
// the caller's workspace, several per network, no token; the composer's save with one account per
// tab gives each post its account, and the posts' list names it (PostItem.accountId).
import { randomUUID } from 'node:crypto';
import { createWorkspace, type DbHandle, deactivateAccount, parseKeyring, upsertAccount } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { seedTheme } from '../../../test/worker-harness.js';
import { createSession } from '../auth/session.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
const keyring = parseKeyring(TEST_KEYS);

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

/** An X account seeded as the connect flow stores it (tokens sealed), beside any other of X. */
function xAccount(userId: string, username: string, workspaceId?: string) {
  return upsertAccount(handle.db, keyring, {
    userId,
    ...(workspaceId ? { workspaceId } : {}),
    platform: 'x',
    platformUserId: randomUUID(),
    platformUsername: username,
    accountData: { provider: 'x', name: `Loja ${username}` },
    accessToken: `SECRET-${randomUUID()}`,
    refreshToken: `SECRET-${randomUUID()}`,
    accessTokenExpiresAt: null,
    allowAnother: true,
  });
}

async function clientOf(userId: string, workspaceId: string) {
  const { token } = await createSession(handle.db, userId, { persistent: true });
  const client = new TestClient(app.url);
  client.jar.set('pauta_session', token);
  client.headers.set('x-pauta-workspace', workspaceId);
  return client;
}

interface Active {
  id: string;
  platform: string;
  username: string | null;
  name: string | null;
}

describe('accounts.active', () => {
  it("lists every active account of the caller's workspace, two of one network, without tokens", async () => {
    const user = await makeUser(handle, 'ativas');
    const first = await xAccount(user.id, 'loja_centro');
    const second = await xAccount(user.id, 'loja_bairro');
    const gone = await xAccount(user.id, 'loja_antiga');
    await deactivateAccount(handle.db, user.id, gone.id);
    const other = (await createWorkspace(handle.db, { ownerId: user.id, name: 'Outro cliente', max: 10 }))!;
    const elsewhere = await xAccount(user.id, 'outra_loja', other.id);

    const client = await clientOf(user.id, user.id);
    const res = await client.query<Active[]>('accounts.active');
    expect(res.status).toBe(200);
    expect(res.data!.map((account) => [account.id, account.username, account.name])).toEqual([
      [first.id, 'loja_centro', 'Loja loja_centro'],
      [second.id, 'loja_bairro', 'Loja loja_bairro'],
    ]);
    expect(JSON.stringify(res.data)).not.toContain('SECRET');
    expect(Object.keys(res.data![0]!).sort()).toEqual(
      ['avatarUrl', 'followers', 'id', 'name', 'pageName', 'platform', 'textLimit', 'username'].sort(),
    );

    const there = await (await clientOf(user.id, other.id)).query<Active[]>('accounts.active');
    expect(there.data!.map((account) => account.id)).toEqual([elsewhere.id]);
  });

  it('the composer with one tab per account: each post keeps its account, and posts.list names it', async () => {
    const user = await makeUser(handle, 'compor');
    const first = await xAccount(user.id, 'loja_centro');
    const second = await xAccount(user.id, 'loja_bairro');
    const theme = await seedTheme(handle, user.id, ['x']);
    const client = await clientOf(user.id, user.id);
    const compose = (networks: unknown[]) =>
      client.mutate<{ posts: { id: string; accountId: string | null }[] }>('posts.compose', {
        themeId: theme.id,
        title: 'Duas contas',
        baseContent: 'Texto base',
        networks,
        scheduledFor: new Date(Date.now() + 86_400_000),
        action: 'schedule',
      });

    // No account named while X has two: refused in the X tab, nothing saved.
    const refused = await compose([{ platform: 'x', content: null }]);
    expect(refused.status).toBe(400);
    expect(refused.error?.details).toMatchObject({
      networkIssues: [{ platform: 'x', message: expect.stringContaining('X') }],
    });
    // A tab's refusal names its account (the composer shows it in that account's tab).
    const empty = await compose([
      { platform: 'x', accountId: first.id, content: null },
      { platform: 'x', accountId: second.id, content: '   ' },
    ]);
    expect(empty.error?.details).toMatchObject({
      networkIssues: [{ platform: 'x', accountId: second.id }],
    });

    const saved = await compose([
      { platform: 'x', accountId: first.id, content: null },
      { platform: 'x', accountId: second.id, content: 'Texto da segunda loja' },
    ]);
    expect(saved.status).toBe(200);
    const list = await client.query<{ items: { accountId: string | null; content: string }[] }>(
      'posts.list',
      { limit: 10 },
    );
    expect(
      list
        .data!.items.map((item) => [item.accountId, item.content])
        .sort((a, b) => a[1]!.localeCompare(b[1]!)),
    ).toEqual([
      [first.id, 'Texto base'],
      [second.id, 'Texto da segunda loja'],
    ]);
  });

  it("a composer tab's pre-flight measures against the chosen account's own limit", async () => {
    const user = await makeUser(handle, 'limite');
    const seed = (username: string, limit: number) =>
      upsertAccount(handle.db, keyring, {
        userId: user.id,
        platform: 'mastodon',
        platformUserId: `https://social.exemplo/@${username}-${randomUUID()}`,
        platformUsername: username,
        accountData: { provider: 'mastodon', text_limit: limit },
        accessToken: `SECRET-${randomUUID()}`,
        refreshToken: null,
        accessTokenExpiresAt: null,
        allowAnother: true,
      });
    const small = await seed('pequena', 500);
    const large = await seed('grande', 1000);
    const client = await clientOf(user.id, user.id);
    const text = 'a'.repeat(700);
    const lineOf = async (accountId: string) => {
      const res = await client.mutate<{ checks: { kind: string; level: string }[] }>('posts.preflight', {
        platform: 'mastodon',
        accountId,
        content: text,
        scheduledFor: null,
      });
      expect(res.status).toBe(200);
      return res.data!.checks.find((check) => check.kind === 'text')?.level;
    };
    expect(await lineOf(small.id)).toBe('blocking');
    expect(await lineOf(large.id)).toBe('ok');
  });
});
