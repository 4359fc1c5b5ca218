// The batched hot path of the worker (publishing-batch.repository.ts) fences each row exactly as
// the single-post statements do: in one batch, a claim that is still ours succeeds and a lost one
// writes nothing; duplicate jobs of one version get one claim; concurrent batches over the same
// posts neither deadlock nor both win. A database of its own (due posts, aged claims).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, makeUser } from '../../../test/harness.js';
import type { DbHandle } from '../client.js';
import { parseKeyring } from '../crypto.js';
import { findPostAccountsWithTokens, upsertAccount } from './accounts.repository.js';
import { type ClaimedPost, claimPost, resetStaleClaims } from './publishing.repository.js';
import { claimPosts, completePublishes, markSendsStarted } from './publishing-batch.repository.js';
import { insertTheme } from './themes.repository.js';

let handle: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await isolatedDb());
});
afterAll(async () => drop());

const keyring = parseKeyring(`t1:${Buffer.alloc(32, 9).toString('base64')}`);

/** A user with an X account and a theme, and `count` posts due now. */
async function duePosts(count: number) {
  const user = await makeUser(handle, 'batch');
  const account = await upsertAccount(handle.db, keyring, {
    userId: user.id,
    platform: 'x',
    platformUserId: `x-${user.id.slice(0, 8)}`,
    platformUsername: 'Teste',
    accountData: {},
    accessToken: `token-${user.id}`,
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const theme = await insertTheme(handle.db, user.id, {
    name: 'Tema',
    description: 'Descrição',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['x'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const posts = await handle.db
    .insertInto('suggested_posts')
    .values(
      Array.from({ length: count }, (_, i) => ({
        theme_id: theme.id,
        user_id: user.id,
        title: `Título ${i}`,
        content: `Conteúdo ${i}`,
        platform: 'x' as const,
        scheduled_for: new Date(Date.now() - 1000),
      })),
    )
    .returning(['id', 'version'])
    .execute();
  return { user, account, posts };
}

const row = (id: string) =>
  handle.db.selectFrom('suggested_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('batched claims, send-starts and completions (docs/publishing.md, Batches)', () => {
  it('claims every due version once, aligned with the request; a repeated pair and a wrong version get nothing', async () => {
    const { posts } = await duePosts(3);
    const [a, b, c] = posts as [(typeof posts)[0], (typeof posts)[0], (typeof posts)[0]];
    const claims = await claimPosts(handle.db, [
      { postId: a.id, version: a.version },
      { postId: b.id, version: b.version + 1 },
      { postId: a.id, version: a.version },
      { postId: c.id, version: c.version },
    ]);
    expect(claims.map((p) => p?.id)).toEqual([a.id, undefined, undefined, c.id]);
    expect(claims[0]?.claim_token).toBe((await row(a.id)).claim_token);
    expect((await row(a.id)).status).toBe('publishing');
    expect((await row(a.id)).attempts).toBe(1);
    expect((await row(b.id)).status).toBe('scheduled');
    // The single-post claim of a claimed version finds nothing either.
    expect(await claimPost(handle.db, a.id, a.version)).toBeUndefined();
  });

  it('an asynchronous-commit claim leaves the connection synchronous for the statements after it', async () => {
    const { posts } = await duePosts(2);
    await handle.db.connection().execute(async (conn) => {
      const claims = await claimPosts(
        conn,
        posts.map((p) => ({ postId: p.id, version: p.version })),
        { asyncCommit: true },
      );
      expect(claims.every((c) => c !== undefined)).toBe(true);
      const { rows } = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(conn);
      expect(rows[0]?.synchronous_commit).toBe('on');
    });
  });

  it('two batches over the same posts in opposite orders: no deadlock, each post claimed by exactly one', async () => {
    const { posts } = await duePosts(40);
    const wanted = posts.map((p) => ({ postId: p.id, version: p.version }));
    const results = await Promise.all([
      claimPosts(handle.db, wanted),
      claimPosts(handle.db, [...wanted].reverse()),
      claimPosts(handle.db, wanted.slice(10, 30)),
    ]);
    const winners = new Map<string, number>();
    for (const result of results)
      for (const claim of result) if (claim) winners.set(claim.id, (winners.get(claim.id) ?? 0) + 1);
    expect(winners.size).toBe(40);
    expect([...winners.values()].every((n) => n === 1)).toBe(true);
  });

  it('a send-start and a completion in one batch: the claim still held wins, the lost one writes nothing', async () => {
    const { account, posts } = await duePosts(2);
    const [held, lost] = (await claimPosts(
      handle.db,
      posts.map((p) => ({ postId: p.id, version: p.version })),
    )) as [ClaimedPost, ClaimedPost];
    // The reconciler resets the second claim (a stall past STALE_CLAIM_MS before sending: I2).
    await handle.db
      .updateTable('suggested_posts')
      .set({ claimed_at: sql<Date>`now() - interval '1 hour'` })
      .where('id', '=', lost.id)
      .execute();
    await resetStaleClaims(handle.db, 60_000);
    expect(await markSendsStarted(handle.db, [held, lost])).toEqual([true, false]);
    expect((await row(held.id)).send_started_at).not.toBeNull();
    expect((await row(lost.id)).send_started_at).toBeNull();

    const done = await completePublishes(handle.db, [
      { post: held, accountId: account.id, platformPostId: 'x-1', url: null },
      { post: lost, accountId: account.id, platformPostId: 'x-2', url: null },
    ]);
    expect(done).toEqual([true, false]);
    expect((await row(held.id)).status).toBe('published');
    expect((await row(lost.id)).status).toBe('scheduled');
    const published = await handle.db
      .selectFrom('published_posts')
      .select(['suggested_post_id', 'platform_post_id', 'connected_account_id'])
      .where('suggested_post_id', 'in', [held.id, lost.id])
      .execute();
    expect(published).toEqual([
      { suggested_post_id: held.id, platform_post_id: 'x-1', connected_account_id: account.id },
    ]);
    const logs = await handle.db
      .selectFrom('publishing_logs')
      .select(['suggested_post_id', 'status', 'attempt', 'platform_post_id'])
      .where('suggested_post_id', 'in', [held.id, lost.id])
      .execute();
    expect(logs).toEqual([
      { suggested_post_id: held.id, status: 'success', attempt: 1, platform_post_id: 'x-1' },
    ]);

    // I12: the same completion again (its acknowledgement was lost) is still our success.
    expect(
      await completePublishes(handle.db, [
        { post: held, accountId: account.id, platformPostId: 'x-1', url: null },
      ]),
    ).toEqual([true]);
    expect(
      await handle.db
        .selectFrom('published_posts')
        .select('id')
        .where('suggested_post_id', '=', held.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('the holder completes a post the reconciler flagged needs_attention (I6), in a batch', async () => {
    const { account, posts } = await duePosts(1);
    const [claim] = (await claimPosts(handle.db, [{ postId: posts[0]!.id, version: posts[0]!.version }])) as [
      ClaimedPost,
    ];
    expect(await markSendsStarted(handle.db, [claim])).toEqual([true]);
    await handle.db
      .updateTable('suggested_posts')
      .set({ status: 'needs_attention' })
      .where('id', '=', claim.id)
      .execute();
    expect(
      await completePublishes(handle.db, [
        { post: claim, accountId: account.id, platformPostId: 'x-9', url: null },
      ]),
    ).toEqual([true]);
    expect((await row(claim.id)).status).toBe('published');
    // A send-start from needs_attention is refused: the holder may record, never send.
    expect(await markSendsStarted(handle.db, [claim])).toEqual([false]);
  });

  it('reads the active account and its tokens for many posts at once, aligned; none for a missing one', async () => {
    const one = await duePosts(1);
    const two = await duePosts(1);
    const found = await findPostAccountsWithTokens(handle.db, keyring, [
      { workspace_id: two.user.id, platform: 'x', connected_account_id: null },
      { workspace_id: one.user.id, platform: 'linkedin', connected_account_id: null },
      { workspace_id: one.user.id, platform: 'x', connected_account_id: one.account.id },
    ]);
    expect(found.map((f) => f?.account.id)).toEqual([two.account.id, undefined, one.account.id]);
    expect(found[0]?.tokens.accessToken).toBe(`token-${two.user.id}`);
    expect(found[2]?.tokens.accessToken).toBe(`token-${one.user.id}`);
  });
});
