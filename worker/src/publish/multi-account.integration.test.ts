// Several accounts of one network in one workspace (docs/workspaces.md "Several accounts of one
// network"), through the worker's processor on real PostgreSQL and the sandbox: two Instagram
// profiles of one client, each post published exactly once from its own account (both at the same
// time, through the batched store the worker runs), a post whose account was disconnected fails
// in pt-BR without calling the network, and connecting pins the posts that named no account.
import { randomUUID } from 'node:crypto';
import { postAccountMessages } from '@pauta/core';
import {
  createWorkspace,
  type DbHandle,
  DifferentAccountError,
  deactivateAccount,
  deleteWorkspace,
  parseKeyring,
  upsertAccount,
} from '@pauta/db';
import { createNetworkClients, installSandboxFetch, uninstallSandboxFetch } from '@pauta/networks';
import {
  type ImageServer,
  jpegImage,
  type SandboxHandle,
  serveImages,
  startSandbox,
} from '@pauta/networks/sandbox';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { TEST_KEYS } from '../../../test/server-harness.js';
import { seedTheme } from '../../../test/worker-harness.js';
import { createBatchedStore } from './batched-store.js';
import { type PublishContext, processPublishJob } from './publish-post.processor.js';

const keyring = parseKeyring(TEST_KEYS);
let handle: DbHandle;
let sandbox: SandboxHandle;
let images: ImageServer;

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  images = await serveImages();
  installSandboxFetch(sandbox.url);
});
afterAll(async () => {
  uninstallSandboxFetch();
  await images?.close();
  await sandbox?.close();
  await handle?.close();
});

/** An Instagram professional account of a sandbox person (Facebook Login token, their Page's IG). */
function instagramOf(userId: string, sandboxUser: 'ana' | 'bruno', username: string) {
  const fb = sandbox.issueToken({ network: 'facebook', user: sandboxUser });
  return {
    userId,
    platform: 'instagram' as const,
    platformUserId: fb.pages[0]!.instagramAccountId!,
    platformUsername: username,
    accountData: { provider: 'facebook' as const },
    accessToken: fb.accessToken,
    refreshToken: null,
    accessTokenExpiresAt: null,
    allowAnother: true,
  };
}

function context(): PublishContext {
  const clients = createNetworkClients({
    env: { SOCIAL_SANDBOX_URL: sandbox.url },
    appUrl: 'http://localhost:3000',
    timeoutMs: 20_000,
    publisher: { statusPollIntervalMs: 20 },
  });
  const bytes = jpegImage(1080, 1080, 3, 1024);
  return {
    db: handle.db,
    keyring,
    logger: pino({ level: 'silent' }),
    adapter: clients.adapter,
    oauth: clients.oauth,
    enqueue: async () => {},
    config: {
      retryBaseMs: 30_000,
      retryMaxMs: 900_000,
      refreshMarginMs: 60_000,
      networkTimeoutMs: 20_000,
      sendStartBudgetMs: 100_000,
    },
    now: () => new Date(),
    media: async () => [
      {
        mimeType: 'image/jpeg',
        altText: 'foto',
        width: 1080,
        height: 1080,
        bytes,
        url: images.put(`multi-${randomUUID()}.jpg`, bytes),
      },
    ],
    store: createBatchedStore(handle.db, keyring, 2),
  };
}

async function post(userId: string, themeId: string, content: string, accountId?: string) {
  return handle.db
    .insertInto('suggested_posts')
    .values({
      theme_id: themeId,
      user_id: userId,
      title: 'Post',
      content,
      platform: 'instagram',
      scheduled_for: new Date(Date.now() - 1000),
      ...(accountId ? { connected_account_id: accountId } : {}),
    })
    .returning(['id', 'version', 'connected_account_id'])
    .executeTakeFirstOrThrow();
}

describe('worker: two Instagram accounts in one workspace', () => {
  it('connects a second account beside the first, updates the same one in place, pins the posts that named none', async () => {
    const user = await makeUser(handle, 'multi');
    const theme = await seedTheme(handle, user.id, ['instagram']);
    // Written before any Instagram account: it names none.
    const early = await post(user.id, theme.id, 'Antes das contas');
    expect(early.connected_account_id).toBeNull();
    const first = await upsertAccount(handle.db, keyring, instagramOf(user.id, 'ana', 'padaria.centro'));
    // Written while the network has one account: the trigger names it.
    const named = await post(user.id, theme.id, 'Com uma conta');
    expect(named.connected_account_id).toBe(first.id);
    const accountOf = async (id: string) =>
      (
        await handle.db
          .selectFrom('suggested_posts')
          .select('connected_account_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).connected_account_id;
    expect(await accountOf(early.id)).toBeNull();

    // The connect flow (no allowAnother) still refuses a different account and writes nothing.
    await expect(
      upsertAccount(handle.db, keyring, { ...instagramOf(user.id, 'bruno', 'x'), allowAnother: false }),
    ).rejects.toBeInstanceOf(DifferentAccountError);
    const second = await upsertAccount(handle.db, keyring, instagramOf(user.id, 'bruno', 'padaria.bairro'));
    expect(second.id).not.toBe(first.id);
    const again = await upsertAccount(handle.db, keyring, {
      ...instagramOf(user.id, 'bruno', 'padaria.bairro2'),
    });
    expect(again.id).toBe(second.id);
    expect(again.platform_username).toBe('padaria.bairro2');
    // Reconnecting one of the two through the connect flow (no allowAnother) updates it in place.
    const renewed = await upsertAccount(handle.db, keyring, {
      ...instagramOf(user.id, 'ana', 'padaria.centro2'),
      allowAnother: false,
    });
    expect(renewed).toMatchObject({ id: first.id, platform_username: 'padaria.centro2' });
    const active = await handle.db
      .selectFrom('connected_accounts')
      .select(['id'])
      .where('workspace_id', '=', user.id)
      .where('platform', '=', 'instagram')
      .where('is_active', '=', true)
      .execute();
    expect(active.map((a) => a.id).sort()).toEqual([first.id, second.id].sort());
    // The post that named none went out from the account that was alone: it is pinned to it.
    expect(await accountOf(early.id)).toBe(first.id);
    // With two accounts, a post written without one names none (a person picks in Editar Post).
    const unpicked = await post(user.id, theme.id, 'Sem conta escolhida');
    expect(unpicked.connected_account_id).toBeNull();
    // A post cannot name another network's account.
    await expect(
      handle.db
        .updateTable('suggested_posts')
        .set({ platform: 'instagram', connected_account_id: randomUUID() })
        .where('id', '=', unpicked.id)
        .execute(),
    ).rejects.toThrow();
  });

  it('publishes a post to each account at the same time, exactly once, each from its own account', async () => {
    const user = await makeUser(handle, 'multi-pub');
    const theme = await seedTheme(handle, user.id, ['instagram']);
    const centro = await upsertAccount(handle.db, keyring, instagramOf(user.id, 'ana', 'padaria.centro'));
    const bairro = await upsertAccount(handle.db, keyring, instagramOf(user.id, 'bruno', 'padaria.bairro'));
    const tag = randomUUID().slice(0, 8);
    const toCentro = await post(user.id, theme.id, `Pão quentinho no centro ${tag}`, centro.id);
    const toBairro = await post(user.id, theme.id, `Pão quentinho no bairro ${tag}`, bairro.id);
    const ctx = context();
    const outcomes = await Promise.all(
      [toCentro, toBairro].map((p) => processPublishJob(ctx, { postId: p.id, version: p.version })),
    );
    expect(outcomes).toEqual([
      { kind: 'published', platformPostId: expect.any(String) },
      { kind: 'published', platformPostId: expect.any(String) },
    ]);
    // A second delivery of each job finds nothing to do.
    const again = await Promise.all(
      [toCentro, toBairro].map((p) => processPublishJob(ctx, { postId: p.id, version: p.version })),
    );
    expect(again.map((o) => o.kind)).toEqual(['noop', 'noop']);

    const ours = sandbox.control.publishedPosts('instagram').filter((p) => p.text.endsWith(tag));
    expect(ours).toHaveLength(2);
    const byAuthor = new Map(ours.map((p) => [p.authorId, p.text]));
    expect(byAuthor.get(centro.platform_user_id)).toBe(`Pão quentinho no centro ${tag}`);
    expect(byAuthor.get(bairro.platform_user_id)).toBe(`Pão quentinho no bairro ${tag}`);
    const published = await handle.db
      .selectFrom('published_posts')
      .select(['suggested_post_id', 'connected_account_id'])
      .where('suggested_post_id', 'in', [toCentro.id, toBairro.id])
      .execute();
    expect(new Map(published.map((p) => [p.suggested_post_id, p.connected_account_id]))).toEqual(
      new Map([
        [toCentro.id, centro.id],
        [toBairro.id, bairro.id],
      ]),
    );
  });

  it('fails a post whose account was disconnected, in pt-BR, without calling the network or using the other account', async () => {
    const user = await makeUser(handle, 'multi-off');
    const theme = await seedTheme(handle, user.id, ['instagram']);
    await upsertAccount(handle.db, keyring, instagramOf(user.id, 'ana', 'padaria.centro'));
    const bairro = await upsertAccount(handle.db, keyring, instagramOf(user.id, 'bruno', 'padaria.bairro'));
    const orphan = await post(user.id, theme.id, 'Conta desconectada', bairro.id);
    expect(await deactivateAccount(handle.db, user.id, bairro.id)).not.toBeNull();
    sandbox.clearRequests();
    const outcome = await processPublishJob(context(), { postId: orphan.id, version: orphan.version });
    expect(outcome).toEqual({ kind: 'failed', code: 'ACCOUNT_NOT_CONNECTED' });
    expect(sandbox.requests({ host: 'graph.facebook.com' })).toHaveLength(0);
    const row = await handle.db
      .selectFrom('suggested_posts')
      .select(['status', 'last_error', 'last_error_message', 'connected_account_id'])
      .where('id', '=', orphan.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'failed',
      last_error: 'ACCOUNT_NOT_CONNECTED',
      last_error_message: postAccountMessages.disconnected,
      connected_account_id: bairro.id,
    });
  });

  it("swapping the network's only account (disconnect, connect another) moves the posts not sent yet to the new one", async () => {
    const user = await makeUser(handle, 'multi-swap');
    const theme = await seedTheme(handle, user.id, ['instagram']);
    const old = await upsertAccount(handle.db, keyring, instagramOf(user.id, 'ana', 'padaria.antiga'));
    const tag = randomUUID().slice(0, 8);
    const pending = await post(user.id, theme.id, `Fornada da tarde ${tag}`);
    expect(pending.connected_account_id).toBe(old.id);
    expect(await deactivateAccount(handle.db, user.id, old.id)).not.toBeNull();
    // The connect flow (no allowAnother): nothing else is active, so the new account is accepted
    // and the post that named the disconnected one goes out from it, as before several accounts.
    const replacement = await upsertAccount(handle.db, keyring, {
      ...instagramOf(user.id, 'bruno', 'padaria.nova'),
      allowAnother: false,
    });
    expect(replacement.id).not.toBe(old.id);
    const moved = await handle.db
      .selectFrom('suggested_posts')
      .select(['connected_account_id', 'version'])
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(moved.connected_account_id).toBe(replacement.id);
    const outcome = await processPublishJob(context(), { postId: pending.id, version: moved.version });
    expect(outcome).toEqual({ kind: 'published', platformPostId: expect.any(String) });
    const ours = sandbox.control.publishedPosts('instagram').filter((p) => p.text.endsWith(tag));
    expect(ours.map((p) => p.authorId)).toEqual([replacement.platform_user_id]);
  });

  it('a client workspace with two accounts of a network and their posts is deleted whole', async () => {
    const user = await makeUser(handle, 'multi-del');
    const workspace = (await createWorkspace(handle.db, { ownerId: user.id, name: 'Padaria', max: 50 }))!;
    const theme = await handle.db
      .insertInto('themes')
      .values({
        workspace_id: workspace.id,
        user_id: user.id,
        name: 'Pães',
        description: 'Posts',
        social_networks: ['instagram'],
        color_palette: 'blue',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [who, name] of [
      ['ana', 'padaria.centro'],
      ['bruno', 'padaria.bairro'],
    ] as const) {
      const account = await upsertAccount(handle.db, keyring, {
        ...instagramOf(user.id, who, name),
        workspaceId: workspace.id,
      });
      await handle.db
        .insertInto('suggested_posts')
        .values({
          workspace_id: workspace.id,
          theme_id: theme.id,
          user_id: user.id,
          title: 'Post',
          content: name,
          platform: 'instagram',
          scheduled_for: new Date(Date.now() + 86_400_000),
          connected_account_id: account.id,
        } as never)
        .execute();
    }
    expect(await deleteWorkspace(handle.db, workspace.id)).toMatchObject({ deleted: true });
    const left = await handle.db
      .selectFrom('connected_accounts')
      .select('id')
      .where('workspace_id', '=', workspace.id)
      .execute();
    expect(left).toEqual([]);
  });
});
