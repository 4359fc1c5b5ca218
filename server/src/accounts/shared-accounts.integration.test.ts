// The same network account in two workspaces (docs/workspaces.md): allowed, each workspace with
// the tokens of its own authorization; the card names the other workspace only to its members;
// disconnecting in one leaves the other connected and revokes nothing; the worker's lookup is by
// workspace; erasing two owners at once revokes at the network exactly once (the identity lock).

import { randomUUID } from 'node:crypto';
import {
  createWorkspace,
  type DbHandle,
  deactivateAccount,
  findPostAccountWithTokens,
  parseKeyring,
  readAccountTokens,
} from '@pauta/db';
import { createOAuthProvider, installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { connectThroughSandbox } from '../../../test/worker-harness.js';
import { revokeNetworkTokens } from '../admin/revoke-network-tokens.js';
import { createSession } from '../auth/session.js';

let handle: DbHandle;
let sandbox: SandboxHandle;
let app: { url: string; close(): Promise<void> };
const keyring = parseKeyring(TEST_KEYS);

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox({ tokenPrefix: 'SENTINEL' });
  installSandboxFetch(sandbox.url);
  app = await listen(testDeps(handle, {}, { SOCIAL_SANDBOX_URL: sandbox.url }));
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  uninstallSandboxFetch();
  await handle?.close();
});

const REVOKE = { host: 'api.twitter.com', pathPrefix: '/2/oauth2/revoke' };

/** A network identity of its own (not the sandbox's default one other tests connect). */
function identity() {
  const sub = randomUUID();
  return { sub, username: `perfil-${sub.slice(0, 8)}`, name: 'Perfil Compartilhado' };
}

/** Connects X as `user` in `workspaceId` with its own consent of the network identity `who`. */
async function connectX(userId: string, workspaceId: string | undefined, who: ReturnType<typeof identity>) {
  sandbox.setNextAuthorization('x', { user: who });
  return connectThroughSandbox(handle, keyring, {
    sandboxUrl: sandbox.url,
    userId,
    ...(workspaceId ? { workspaceId } : {}),
    platform: 'x',
  });
}

async function clientOf(userId: string, workspaceId: string) {
  const { token } = await createSession(handle.db, userId, { persistent: true });
  const client = new TestClient(app.url);
  client.jar.set('pauta_session', token);
  client.headers.set('x-pauta-workspace', workspaceId);
  return client;
}

interface Card {
  platform: string;
  account: null | { id: string; alsoConnectedIn: { names: string[]; hidden: number } | null };
}

const xProvider = () =>
  createOAuthProvider('x', {
    clientId: 'sandbox-x-client',
    clientSecret: 'sandbox-x-secret',
    redirectUri: 'http://localhost:3000/auth/callback?connection=true',
    sandboxUrl: sandbox.url,
  });

describe('the same network account in two workspaces', () => {
  it('gives each workspace its own row and authorization, names the other only to its members, and disconnects without revoking', async () => {
    const owner = await makeUser(handle, 'shared-owner');
    const stranger = await makeUser(handle, 'shared-stranger');
    const a = (await createWorkspace(handle.db, { ownerId: owner.id, name: 'Padaria Sol', max: 10 }))!;
    const b = (await createWorkspace(handle.db, { ownerId: owner.id, name: 'Agência Lua', max: 10 }))!;
    const c = (await createWorkspace(handle.db, { ownerId: stranger.id, name: 'Segredo Ltda', max: 10 }))!;
    const who = identity();
    const inA = await connectX(owner.id, a.id, who);
    const inB = await connectX(owner.id, b.id, who);
    const inC = await connectX(stranger.id, c.id, who);

    // 1. Three rows of one network account, each sealed with the tokens of its own consent.
    expect(new Set([inA.id, inB.id, inC.id]).size).toBe(3);
    expect(inA.platform_user_id).toBe(inB.platform_user_id);
    const tokens = await Promise.all(
      [inA, inB, inC].map((row) => readAccountTokens(handle.db, keyring, row.id)),
    );
    expect(new Set(tokens.map((t) => t.accessToken)).size).toBe(3);
    expect(new Set(tokens.map((t) => t.refreshToken)).size).toBe(3);
    const sealed = await handle.db
      .selectFrom('connected_accounts')
      .select(['access_token', 'refresh_token'])
      .where('id', 'in', [inA.id, inB.id, inC.id])
      .execute();
    expect(new Set(sealed.map((row) => row.access_token)).size).toBe(3);

    // 4. The worker's lookup is by workspace: B's post goes out with B's row and token.
    const forB = await findPostAccountWithTokens(handle.db, keyring, {
      workspace_id: b.id,
      platform: 'x',
      connected_account_id: null,
    });
    expect(forB?.account.id).toBe(inB.id);
    expect(forB?.tokens.accessToken).toBe(tokens[1]!.accessToken);

    // 2. The card: the owner sees "Agência Lua" by name, the stranger's workspace only counted.
    const ownerInA = await clientOf(owner.id, a.id);
    const cardsA = (await ownerInA.query<Card[]>('accounts.list')).data!;
    expect(cardsA.find((card) => card.platform === 'x')?.account?.alsoConnectedIn).toEqual({
      names: ['Agência Lua'],
      hidden: 1,
    });
    const strangerInC = await clientOf(stranger.id, c.id);
    const cardsC = (await strangerInC.query<Card[]>('accounts.list')).data!;
    expect(cardsC.find((card) => card.platform === 'x')?.account?.alsoConnectedIn).toEqual({
      names: [],
      hidden: 2,
    });
    expect(JSON.stringify(cardsC)).not.toContain('Padaria Sol');

    // 3. Disconnecting in A: only A's row; nothing revoked; B keeps publishing.
    sandbox.clearRequests();
    const res = await ownerInA.mutate('accounts.disconnect', { id: inA.id });
    expect(res.data).toEqual({ ok: true, stillConnectedIn: { names: ['Agência Lua'], hidden: 1 } });
    expect(sandbox.requests(REVOKE)).toHaveLength(0);
    const rows = await handle.db
      .selectFrom('connected_accounts')
      .select(['id', 'is_active'])
      .where('id', 'in', [inA.id, inB.id, inC.id])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.is_active]))).toEqual({
      [inA.id]: false,
      [inB.id]: true,
      [inC.id]: true,
    });
    await expect(xProvider().refreshAccessToken(tokens[1]!.refreshToken!)).resolves.toBeTruthy();
  });

  it('two disconnects at once: exactly one of them is the last', async () => {
    const owner = await makeUser(handle, 'shared-race');
    const a = (await createWorkspace(handle.db, { ownerId: owner.id, name: 'Corrida A', max: 10 }))!;
    const b = (await createWorkspace(handle.db, { ownerId: owner.id, name: 'Corrida B', max: 10 }))!;
    const who = identity();
    const inA = await connectX(owner.id, a.id, who);
    const inB = await connectX(owner.id, b.id, who);
    const results = await Promise.all([
      deactivateAccount(handle.db, a.id, inA.id),
      deactivateAccount(handle.db, b.id, inB.id),
    ]);
    expect(results.map((r) => r?.activeElsewhere).sort()).toEqual([false, true]);
  });

  it('erasing two people at once who connected the same account revokes at the network exactly once', async () => {
    const first = await makeUser(handle, 'shared-erase-1');
    const second = await makeUser(handle, 'shared-erase-2');
    const who = identity();
    const one = await connectX(first.id, undefined, who);
    const two = await connectX(second.id, undefined, who);
    const tokens = await Promise.all([one, two].map((row) => readAccountTokens(handle.db, keyring, row.id)));
    sandbox.clearRequests();
    const deps = testDeps(handle, {}, { SOCIAL_SANDBOX_URL: sandbox.url });
    const reports = await Promise.all([
      revokeNetworkTokens(deps, { user_id: first.id }),
      revokeNetworkTokens(deps, { user_id: second.id }),
    ]);
    expect(reports.map((r) => r.revoked).reduce((x, y) => x + y)).toBe(1);
    expect(reports.map((r) => r.kept).reduce((x, y) => x + y)).toBe(1);
    expect(reports.every((r) => r.failed === 0)).toBe(true);
    // One account's refresh and access tokens: one revocation, by the last one.
    expect(sandbox.requests(REVOKE)).toHaveLength(2);
    const revokedLast = reports[0]!.revoked === 1 ? 0 : 1;
    await expect(xProvider().refreshAccessToken(tokens[revokedLast]!.refreshToken!)).rejects.toMatchObject({
      kind: 'invalid_grant',
    });
  });
});
