// Connecting Bluesky through its connect form (accounts.connectForm) against sandbox Bluesky: a
// wrong app password is refused with the network's reason and saves nothing; the right one saves
// the account (DID, handle, followers) with the session's tokens sealed, the password nowhere
// (not in the row, the answer or the list); a network that connects with OAuth has no form.
import { connectionErrorMessages } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { parseKeyring, tokenAad, unseal } from '@pauta/db';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { createSession } from '../auth/session.js';

let handle: DbHandle;
let sandbox: SandboxHandle;
let app: { url: string; close(): Promise<void> };
const keyring = parseKeyring(TEST_KEYS);
const PASSWORD = 'abcd-efgh-ijkl-mnop';

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  app = await listen(testDeps(handle, {}, { SOCIAL_SANDBOX_URL: sandbox.url }));
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await handle?.close();
});

async function signedInClient(label: string) {
  const user = await makeUser(handle, label);
  const session = await createSession(handle.db, user.id, { persistent: true });
  const client = new TestClient(app.url);
  client.jar.set('pauta_session', session.token);
  return { user, client };
}

const rows = (userId: string) =>
  handle.db
    .selectFrom('connected_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('platform', '=', 'bluesky')
    .execute();

describe('connecting Bluesky with an app password', () => {
  it('refuses a wrong app password with its reason and saves nothing', async () => {
    const { user, client } = await signedInClient('bsky-wrong');
    const res = await client.mutate('accounts.connectForm', {
      platform: 'bluesky',
      fields: { identifier: 'anasouza.bsky.social', password: 'zzzz-zzzz-zzzz-zzzz' },
    });
    expect(res.error?.message).toBe('OAUTH_FAILED');
    expect(res.error?.details).toEqual({ platform: 'bluesky', reason: 'bluesky_bad_password' });
    // The API's own text is the network's refusal, as the form shows it.
    expect(res.error?.userMessage).toBe(NETWORK_PROFILES.bluesky.accountCard.refusals?.bluesky_bad_password);
    expect(await rows(user.id)).toEqual([]);
  });

  it.each([
    ['lost connection', { reset: true }],
    ['503', { status: 503 }],
  ])(
    'Bluesky unreachable (%s): says the network could not be reached, not "Credenciais inválidas"',
    async (_label, fault) => {
      const { user, client } = await signedInClient('bsky-down');
      sandbox.addFault({
        host: 'bsky.social',
        pathPrefix: '/xrpc/com.atproto.server.createSession',
        ...fault,
      });
      const res = await client.mutate('accounts.connectForm', {
        platform: 'bluesky',
        fields: { identifier: 'anasouza.bsky.social', password: PASSWORD },
      });
      expect(res.error?.message).toBe('OAUTH_FAILED');
      expect(res.error?.details).toEqual({ platform: 'bluesky', reason: 'network' });
      expect(res.error?.userMessage).toBe(connectionErrorMessages.network.default);
      expect(res.error?.userMessage).not.toContain('Credenciais inválidas');
      expect(await rows(user.id)).toEqual([]);
    },
  );

  it('connects: the DID, the handle and the follower count; the session sealed, the password nowhere', async () => {
    const { user, client } = await signedInClient('bsky-ok');
    const res = await client.mutate('accounts.connectForm', {
      platform: 'bluesky',
      fields: { identifier: 'anasouza.bsky.social', password: PASSWORD, service: '' },
    });
    expect(res.data).toEqual({
      platform: 'bluesky',
      username: 'anasouza.bsky.social',
      alreadyConnected: false,
    });
    const [row] = await rows(user.id);
    expect(row).toMatchObject({
      platform_user_id: 'did:plc:sandboxanasouza0000000000',
      platform_username: 'anasouza.bsky.social',
      is_active: true,
    });
    expect(row?.account_data).toMatchObject({ provider: 'bluesky', name: 'Ana Souza', followers: 1280 });
    const access = unseal(
      keyring,
      row!.access_token,
      tokenAad('connected_accounts', row!.id, 'access_token'),
    );
    expect(access).toMatch(/^https:\/\/bsky\.social [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row?.access_token).not.toContain('bsky.social');
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    const list = await client.query<{ platform: string; status: string }[]>('accounts.list');
    expect(list.data?.find((card) => card.platform === 'bluesky')?.status).toBe('connected');
    expect(JSON.stringify(list.data)).not.toContain(access.split(' ')[1]);
  });

  it('refuses the form for a network that connects with OAuth, and a field too long, changing nothing', async () => {
    const { user, client } = await signedInClient('bsky-oauth');
    const linkedin = await client.mutate('accounts.connectForm', {
      platform: 'linkedin',
      fields: { identifier: 'ana', password: 'x' },
    });
    expect(linkedin.error?.message).toBe('PLATFORM_NOT_CONFIGURED');
    const long = await client.mutate('accounts.connectForm', {
      platform: 'bluesky',
      fields: { identifier: 'a'.repeat(254), password: PASSWORD },
    });
    expect(long.error).toBeDefined();
    expect(await rows(user.id)).toEqual([]);
  });
});
