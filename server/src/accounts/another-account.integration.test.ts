// "Conectar outra conta" (docs/workspaces.md, "Several accounts of one network"): the intent is
// sealed in the OAuth attempt (and the pending choice, and sent with the connect form), and only
// that attempt may add a different account of a network beside the active ones. Conectar and
// Reconectar never add one (`different_account`); the same account through "outra conta" is
// updated in place and the return says so.
import type { DbHandle } from '@pauta/db';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, testDeps } from '../../../test/server-harness.js';
import { createSession } from '../auth/session.js';

let handle: DbHandle;
let sandbox: SandboxHandle;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox({ allowedRedirectOrigins: ['http://pauta.test'] });
  installSandboxFetch(sandbox.url);
  app = await listen(testDeps(handle, {}, { SOCIAL_SANDBOX_URL: sandbox.url }));
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  uninstallSandboxFetch();
  await handle?.close();
});

interface Card {
  platform: string;
  status: string;
  account: { id: string; username: string | null } | null;
  accounts: { id: string; username: string | null; health: { state: string } }[];
}

async function signedInClient(label: string) {
  const user = await makeUser(handle, label);
  const session = await createSession(handle.db, user.id, { persistent: true });
  const client = new TestClient(app.url);
  client.jar.set('pauta_session', session.token);
  return { user, client };
}

/** Start (with `query`) → sandbox consent as `sandboxUser` → auth.completeOAuth. */
async function connect(client: TestClient, platform: string, sandboxUser: string, query = '') {
  const start = await client.request(`/auth/oauth/${platform}/start?purpose=connect${query}`);
  expect(start.status).toBe(303);
  const location = new URL(start.headers.get('location')!);
  location.searchParams.set('sandbox_user', sandboxUser);
  const consent = await fetch(location, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const code = back.searchParams.get('code')!;
  const state = back.searchParams.get('state')!;
  return client.mutate<{ redirectTo: string }>('auth.completeOAuth', { code, state });
}

const activeRows = (userId: string, platform: string) =>
  handle.db
    .selectFrom('connected_accounts')
    .select(['id', 'platform_user_id', 'platform_username', 'updated_at'])
    .where('user_id', '=', userId)
    .where('platform', '=', platform as 'x')
    .where('is_active', '=', true)
    .orderBy('created_at')
    .execute();

async function cardOf(client: TestClient, platform: string): Promise<Card> {
  const list = await client.query<Card[]>('accounts.list');
  return list.data!.find((card) => card.platform === platform)!;
}

describe('Conectar outra conta (OAuth)', () => {
  it('Conectar of a different account is refused; Conectar outra conta adds it beside the first', async () => {
    const { user, client } = await signedInClient('another-x');
    expect((await connect(client, 'x', 'ana')).data).toEqual({
      redirectTo: '/connected-accounts?connection=true',
    });

    const refused = await connect(client, 'x', 'bruno');
    expect(refused.error?.message).toBe('OAUTH_FAILED');
    expect(refused.error?.details).toEqual({ platform: 'x', reason: 'different_account' });
    expect((await activeRows(user.id, 'x')).map((row) => row.platform_username)).toEqual(['anasouza']);

    const added = await connect(client, 'x', 'bruno', '&intent=another');
    expect(added.data).toEqual({ redirectTo: '/connected-accounts?connection=true' });
    const rows = await activeRows(user.id, 'x');
    expect(rows.map((row) => row.platform_username)).toEqual(['anasouza', 'brunolima']);

    const card = await cardOf(client, 'x');
    expect(card.status).toBe('connected');
    expect(card.account?.username).toBe('anasouza');
    expect(card.accounts.map((account) => account.username)).toEqual(['anasouza', 'brunolima']);
    expect(card.accounts.map((account) => account.id)).toEqual(rows.map((row) => row.id));
  });

  it('reconnecting one account updates it and never adds one; the same account through outra conta says it was there', async () => {
    const { user, client } = await signedInClient('another-reconnect');
    await connect(client, 'x', 'ana');
    await connect(client, 'x', 'bruno', '&intent=another');
    const before = await activeRows(user.id, 'x');

    // Reconectar (no intent) of either account: updated in place, still two rows.
    expect((await connect(client, 'x', 'bruno')).data?.redirectTo).toBe(
      '/connected-accounts?connection=true',
    );
    expect((await connect(client, 'x', 'ana')).data?.redirectTo).toBe('/connected-accounts?connection=true');
    const after = await activeRows(user.id, 'x');
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));

    // "Conectar outra conta" that authorised an account already here: updated, and the return says so.
    const again = await connect(client, 'x', 'ana', '&intent=another');
    expect(again.data).toEqual({ redirectTo: '/connected-accounts?connection=true&already=true' });
    expect((await activeRows(user.id, 'x')).map((row) => row.id)).toEqual(before.map((row) => row.id));

    // After disconnecting one, a Reconectar (no intent) of a third account is still refused.
    const third = await connect(client, 'x', 'no-email');
    expect(third.error?.details).toEqual({ platform: 'x', reason: 'different_account' });
    expect(await activeRows(user.id, 'x')).toHaveLength(2);
  });

  it('the intent lives in the signed attempt: a callback cannot add it, any other value is no intent', async () => {
    const { user, client } = await signedInClient('another-forged');
    await connect(client, 'x', 'ana');
    // A query on the start other than `another` is no intent.
    const odd = await connect(client, 'x', 'bruno', '&intent=ANOTHER');
    expect(odd.error?.details).toEqual({ platform: 'x', reason: 'different_account' });
    // The callback's own parameters are never read for the intent.
    const start = await client.request('/auth/oauth/x/start?purpose=connect');
    const location = new URL(start.headers.get('location')!);
    location.searchParams.set('sandbox_user', 'bruno');
    const back = new URL((await fetch(location, { redirect: 'manual' })).headers.get('location')!);
    const forged = await client.mutate('auth.completeOAuth', {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      intent: 'another',
    });
    expect(forged.error).toBeTruthy();
    expect(await activeRows(user.id, 'x')).toHaveLength(1);
  });
});

describe('Conectar outra conta through a pending choice (Facebook Pages)', () => {
  it('the intent waits with the choice: only its pick may join; a plain Conectar pick is refused', async () => {
    const { user, client } = await signedInClient('another-fb');
    sandbox.setUser('fb-two', {
      sub: '2000000000000000077',
      email: 'dona2@example.com',
      given_name: 'Dona',
      family_name: 'Loja',
      pages: [
        { id: '30000000071', name: 'Loja Centro', category: 'Varejo' },
        { id: '30000000072', name: 'Loja Bairro', category: 'Varejo' },
      ],
    });
    const pick = async (query: string, pageId: string) => {
      const done = await connect(client, 'facebook', 'fb-two', query);
      const pendingId = /pickPage=([0-9a-f-]{36})$/.exec(done.data!.redirectTo)?.[1];
      expect(pendingId).toBeTruthy();
      return client.mutate<{ pageName: string; alreadyConnected: boolean }>('accounts.selectFacebookPage', {
        pendingId,
        pageId,
      });
    };
    expect((await pick('', '30000000071')).data).toMatchObject({
      pageName: 'Loja Centro',
      alreadyConnected: false,
    });
    const refused = await pick('', '30000000072');
    expect(refused.error?.details).toMatchObject({ platform: 'facebook', reason: 'different_account' });
    const added = await pick('&intent=another', '30000000072');
    expect(added.data).toEqual({ platform: 'facebook', pageName: 'Loja Bairro', alreadyConnected: false });
    expect((await activeRows(user.id, 'facebook')).map((row) => row.platform_user_id)).toEqual([
      '30000000071',
      '30000000072',
    ]);
    const same = await pick('&intent=another', '30000000071');
    expect(same.data).toMatchObject({ pageName: 'Loja Centro', alreadyConnected: true });
    expect(await activeRows(user.id, 'facebook')).toHaveLength(2);
  });
});

describe('Conectar outra conta through the connect form (Bluesky)', () => {
  const passwords: Record<string, string> = {
    'anasouza.bsky.social': 'abcd-efgh-ijkl-mnop',
    'joao.bsky.social': 'qrst-uvwx-yzab-cdef',
  };
  const form = (identifier: string, another?: boolean) => ({
    platform: 'bluesky',
    fields: { identifier, password: passwords[identifier] },
    ...(another === undefined ? {} : { another }),
  });

  it('another: true adds a second account; without it a different one is refused', async () => {
    const { user, client } = await signedInClient('another-bsky');
    expect((await client.mutate('accounts.connectForm', form('anasouza.bsky.social'))).data).toMatchObject({
      alreadyConnected: false,
    });
    const refused = await client.mutate('accounts.connectForm', form('joao.bsky.social'));
    expect(refused.error?.details).toEqual({ platform: 'bluesky', reason: 'different_account' });
    const added = await client.mutate('accounts.connectForm', form('joao.bsky.social', true));
    expect(added.data).toEqual({
      platform: 'bluesky',
      username: 'joao.bsky.social',
      alreadyConnected: false,
    });
    expect(await activeRows(user.id, 'bluesky')).toHaveLength(2);
    const again = await client.mutate('accounts.connectForm', form('joao.bsky.social', true));
    expect(again.data).toMatchObject({ alreadyConnected: true });
    // Reconectar through the form (no intent): a plain success.
    const renewed = await client.mutate('accounts.connectForm', form('joao.bsky.social'));
    expect(renewed.data).toMatchObject({ alreadyConnected: false });
    expect(await activeRows(user.id, 'bluesky')).toHaveLength(2);
  });
});
