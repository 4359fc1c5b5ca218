// Completing a data-deletion request revokes the user's X tokens at the network (the sandbox)
// before their rows are erased.

import { type DbHandle, parseKeyring, readAccountTokens, setRole } from '@pauta/db';
import { createOAuthProvider, installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { connectThroughSandbox } from '../../../test/worker-harness.js';
import { createSession } from '../auth/session.js';

let handle: DbHandle;
let sandbox: SandboxHandle;
let app: { url: string; close(): Promise<void> };

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

describe('data deletion', () => {
  it("revokes the user's X tokens at the network, then erases the account", async () => {
    const user = await makeUser(handle, 'erase');
    // An identity of its own: the default one is active in other tests' workspaces, and an account
    // still active elsewhere is never revoked (docs/workspaces.md).
    sandbox.setNextAuthorization('x', { user: { sub: `erase-${user.id}`, username: 'erase' } });
    const account = await connectThroughSandbox(handle, parseKeyring(TEST_KEYS), {
      sandboxUrl: sandbox.url,
      userId: user.id,
      platform: 'x',
    });
    const tokens = await readAccountTokens(handle.db, parseKeyring(TEST_KEYS), account.id);
    const request = await handle.db
      .insertInto('data_deletion_requests')
      .values({
        user_id: user.id,
        email: user.email,
        reason: 'Quero sair',
        confirmed_at: new Date(),
        confirmed_by: 'session',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const admin = await makeUser(handle, 'eraser');
    await handle.db.transaction().execute((trx) => setRole(trx, admin.id, 'admin'));
    const { token } = await createSession(handle.db, admin.id, { persistent: false });
    const client = new TestClient(app.url);
    client.jar.set('pauta_session', token);
    sandbox.clearRequests();

    const res = await client.mutate('admin.deletionRequests.complete', { id: request.id });
    expect(res.status).toBe(200);
    expect(sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/oauth2/revoke' })).toHaveLength(2);
    const x = createOAuthProvider('x', {
      clientId: 'sandbox-x-client',
      clientSecret: 'sandbox-x-secret',
      redirectUri: 'http://localhost:3000/auth/callback?connection=true',
      sandboxUrl: sandbox.url,
    });
    await expect(x.refreshAccessToken(tokens.refreshToken!)).rejects.toMatchObject({ kind: 'invalid_grant' });
    expect(
      await handle.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
