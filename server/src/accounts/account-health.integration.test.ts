// Account health (issue 18 item 1) through the web: each card's health from core accountHealth
// (expiring LinkedIn token without partner refresh, revoked, limited), and "Reconectar" renewing
// the same connected_accounts row in place — its posts, published history and metrics stay —
// while authorising a different account of the network is refused and changes nothing.

import type { DbHandle } from '@pauta/db';
import { markLimited, markNeedsReconnect, parseKeyring, tokenAad, unseal } from '@pauta/db';
import { installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
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
const DAY_S = 24 * 60 * 60;

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

interface Health {
  state: string;
  daysLeft: number | null;
  expiresAt: Date | null;
  limitedUntil: Date | null;
  needsAction: boolean;
}
interface Card {
  platform: string;
  status: string;
  account: null | { id: string; username: string | null; health: Health };
}

async function signedInClient(label: string) {
  const user = await makeUser(handle, label);
  const session = await createSession(handle.db, user.id, { persistent: true });
  const client = new TestClient(app.url);
  client.jar.set('pauta_session', session.token);
  return { user, client };
}

/** Start → sandbox consent (as `sandboxUser`) → auth.completeOAuth, as the browser does. */
async function connect(client: TestClient, platform: string, sandboxUser: string) {
  const start = await client.request(`/auth/oauth/${platform}/start?purpose=connect`);
  expect(start.status).toBe(303);
  const location = new URL(start.headers.get('location')!);
  location.searchParams.set('sandbox_user', sandboxUser);
  const consent = await fetch(location, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  return client.mutate<{ redirectTo: string }>('auth.completeOAuth', {
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
  });
}

async function card(client: TestClient, platform: string): Promise<Card> {
  const list = await client.query<Card[]>('accounts.list');
  return list.data!.find((c) => c.platform === platform)!;
}

async function rows(userId: string, platform: 'linkedin' | 'x') {
  return handle.db
    .selectFrom('connected_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .orderBy('created_at')
    .execute();
}

/** A theme, a published post and a scheduled one of this account, as the worker leaves them. */
async function historyOf(userId: string, accountId: string) {
  const theme = await handle.db
    .insertInto('themes')
    .values({ user_id: userId, name: 'Saúde', description: 'd', social_networks: ['linkedin'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [published, scheduled] = await handle.db
    .insertInto('suggested_posts')
    .values([
      { theme_id: theme.id, user_id: userId, title: 'Já saiu', content: 'a', platform: 'linkedin' },
      {
        theme_id: theme.id,
        user_id: userId,
        title: 'Vai sair',
        content: 'b',
        platform: 'linkedin',
        scheduled_for: new Date(Date.now() + 3 * DAY_S * 1000),
      },
    ])
    .returning('id')
    .execute();
  await handle.db
    .updateTable('suggested_posts')
    .set({ status: 'published', is_used: true })
    .where('id', '=', published!.id)
    .execute();
  const history = await handle.db
    .insertInto('published_posts')
    .values({
      user_id: userId,
      theme_id: theme.id,
      suggested_post_id: published!.id,
      connected_account_id: accountId,
      title: 'Já saiu',
      content: 'a',
      platform: 'linkedin',
      platform_post_id: 'urn:li:share:1',
      reach: 120,
      likes_count: 7,
      comments_count: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { publishedId: history.id, scheduledId: scheduled!.id };
}

describe('account health on Contas Conectadas', () => {
  it('a LinkedIn token without partner refresh shows "expiring" with the days left', async () => {
    const { user, client } = await signedInClient('expiring');
    // An app without LinkedIn's partner refresh: a 60-day token (here 10 days left), no refresh token.
    sandbox.setNextAuthorization('linkedin', {
      user: 'ana',
      accessTokenTtlSeconds: 10 * DAY_S - 60,
      refreshToken: false,
    });
    expect((await connect(client, 'linkedin', 'ana')).data?.redirectTo).toBe(
      '/connected-accounts?connection=true',
    );
    const [row] = await rows(user.id, 'linkedin');
    expect(row?.refresh_token).toBeNull();
    const linkedin = await card(client, 'linkedin');
    expect(linkedin.status).toBe('connected');
    expect(linkedin.account?.health).toMatchObject({ state: 'expiring', daysLeft: 10, needsAction: true });
    expect(new Date(linkedin.account!.health.expiresAt!).getTime()).toBe(
      row!.access_token_expires_at!.getTime(),
    );

    // A partner app's token (refresh token held) is renewed by Pauta: nothing to announce.
    const { client: partner } = await signedInClient('partner');
    await connect(partner, 'linkedin', 'ana');
    expect((await card(partner, 'linkedin')).account?.health).toMatchObject({
      state: 'ok',
      expiresAt: null,
      needsAction: false,
    });
  });

  it('shows revoked and limited from what the worker recorded', async () => {
    const { user, client } = await signedInClient('revoked');
    await connect(client, 'x', 'ana');
    const [row] = await rows(user.id, 'x');
    const until = new Date(Date.now() + 15 * 60_000);
    await markLimited(handle.db, row!.id, until);
    expect((await card(client, 'x')).account?.health).toMatchObject({
      state: 'limited',
      limitedUntil: until,
      needsAction: false,
    });
    await markNeedsReconnect(handle.db, row!.id, 'revoked');
    const x = await card(client, 'x');
    expect(x.status).toBe('needs_reconnect');
    expect(x.account?.health).toMatchObject({ state: 'revoked', needsAction: true });
  });
});

describe('Reconectar', () => {
  it('renews the same account in place: its posts, history and metrics stay with it', async () => {
    const { user, client } = await signedInClient('reconnect');
    sandbox.setNextAuthorization('linkedin', { user: 'ana', refreshToken: false });
    await connect(client, 'linkedin', 'ana');
    const [before] = await rows(user.id, 'linkedin');
    const { publishedId, scheduledId } = await historyOf(user.id, before!.id);
    // The member removed the app on LinkedIn; the worker flagged the account.
    const oldToken = unseal(
      keyring,
      before!.access_token,
      tokenAad('connected_accounts', before!.id, 'access_token'),
    );
    sandbox.revokeToken(oldToken);
    await markNeedsReconnect(handle.db, before!.id, 'revoked');
    expect((await card(client, 'linkedin')).account?.health.state).toBe('revoked');

    const done = await connect(client, 'linkedin', 'ana');
    expect(done.data?.redirectTo).toBe('/connected-accounts?connection=true');

    const after = await rows(user.id, 'linkedin');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before!.id,
      platform_user_id: before!.platform_user_id,
      status: 'active',
      status_reason: null,
      is_active: true,
    });
    const newToken = unseal(
      keyring,
      after[0]!.access_token,
      tokenAad('connected_accounts', before!.id, 'access_token'),
    );
    expect(newToken).not.toBe(oldToken);
    const linkedin = await card(client, 'linkedin');
    expect(linkedin).toMatchObject({ status: 'connected', account: { id: before!.id } });
    expect(linkedin.account?.health.state).toBe('ok');

    // History and metrics still belong to the same account; the scheduled post is untouched.
    const history = await handle.db
      .selectFrom('published_posts')
      .select(['connected_account_id', 'reach', 'likes_count'])
      .where('id', '=', publishedId)
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ connected_account_id: before!.id, reach: 120, likes_count: 7 });
    const scheduled = await handle.db
      .selectFrom('suggested_posts')
      .select(['status', 'title'])
      .where('id', '=', scheduledId)
      .executeTakeFirstOrThrow();
    expect(scheduled).toEqual({ status: 'scheduled', title: 'Vai sair' });
  });

  it('refuses a different account of the network, in pt-BR terms, and changes nothing', async () => {
    const { user, client } = await signedInClient('other');
    await connect(client, 'x', 'ana');
    const [before] = await rows(user.id, 'x');
    await markNeedsReconnect(handle.db, before!.id, 'expired');

    const refused = await connect(client, 'x', 'bruno');
    expect(refused.error?.message).toBe('OAUTH_FAILED');
    expect(refused.error?.details).toMatchObject({ platform: 'x', reason: 'different_account' });
    const after = await rows(user.id, 'x');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before!.id,
      platform_user_id: before!.platform_user_id,
      platform_username: before!.platform_username,
      access_token: before!.access_token,
      status: 'needs_reconnect',
    });
  });

  it('after a disconnect, another account gets its own row and the old history stays with the old one', async () => {
    const { user, client } = await signedInClient('switch');
    await connect(client, 'x', 'ana');
    const [ana] = await rows(user.id, 'x');
    const disconnected = await client.mutate('accounts.disconnect', { id: ana!.id });
    expect(disconnected.data).toMatchObject({ ok: true });
    await connect(client, 'x', 'bruno');
    const all = await rows(user.id, 'x');
    expect(all.map((r) => [r.id === ana!.id, r.is_active])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(all[0]!.platform_user_id).toBe(ana!.platform_user_id);
    expect((await card(client, 'x')).account?.username).toBe('brunolima');
    // Coming back to the first account reuses its row (and so its history).
    await client.mutate('accounts.disconnect', { id: all[1]!.id });
    await connect(client, 'x', 'ana');
    expect((await card(client, 'x')).account?.id).toBe(ana!.id);
  });
});
