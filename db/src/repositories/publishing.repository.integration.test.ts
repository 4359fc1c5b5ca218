// The fenced writes of the publishing worker, one interleaving at a time, on real PostgreSQL:
// each case is a row of docs/publishing.md's table (I = worker/reconciler, U = the owner). A
// database of its own: these posts are due and their claims aged, which the reconcilers of
// other test files' workers would otherwise pick up.
import { EDITABLE_POST_STATUSES, RETRYABLE_POST_STATUSES } from '@pauta/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, makeUser } from '../../../test/harness.js';
import { repairPublishedStates } from '../../migrations/2026-11-24T00-00-claim-token.js';
import type { DbHandle } from '../client.js';
import { parseKeyring } from '../crypto.js';
import { upsertAccount } from './accounts.repository.js';
import {
  type ClaimedPost,
  claimPost,
  completePublish,
  flagUnknownOutcomes,
  listUnknownOutcomes,
  markOutcomeUnresolved,
  markSendStarted,
  recordFailure,
  recordLostClaimOutcome,
  releaseClaim,
  renewClaim,
  requestOutcomeLookup,
  resetStaleClaims,
  resolveOutcomeAbsent,
  scheduleRetry,
} from './publishing.repository.js';
import { deleteScheduledPost, saveScheduledPostVersion } from './scheduled-posts.repository.js';
import { deleteTheme, insertTheme } from './themes.repository.js';

let handle: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await isolatedDb());
});
afterAll(async () => drop());

const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);
const FLAG = { code: 'UNKNOWN_OUTCOME', detail: 'o worker parou durante o envio', location: 'teste' };

/** A user with a LinkedIn account, a theme and one post due now. */
async function duePost() {
  const user = await makeUser(handle, 'fencing');
  const account = await upsertAccount(handle.db, keyring, {
    userId: user.id,
    platform: 'linkedin',
    platformUserId: `li-${user.id.slice(0, 8)}`,
    platformUsername: 'Teste',
    accountData: {},
    accessToken: 'token-de-teste',
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const theme = await insertTheme(handle.db, user.id, {
    name: 'Tema',
    description: 'Descrição',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      theme_id: theme.id,
      user_id: user.id,
      title: 'Título',
      content: 'Conteúdo do post',
      platform: 'linkedin',
      scheduled_for: new Date(Date.now() - 1000),
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  return { user, account, theme, post };
}

async function row(id: string) {
  return handle.db.selectFrom('suggested_posts').selectAll().where('id', '=', id).executeTakeFirst();
}

async function publishedRows(id: string) {
  return handle.db.selectFrom('published_posts').selectAll().where('suggested_post_id', '=', id).execute();
}

async function logs(id: string) {
  return handle.db
    .selectFrom('publishing_logs')
    .select(['attempt', 'status', 'platform_post_id', 'error_message'])
    .where('suggested_post_id', '=', id)
    .orderBy('attempt')
    .execute();
}

/** What a stall longer than STALE_CLAIM_MS looks like to the reconciler: the claim aged 1 h. */
async function age(id: string, column: 'claimed_at' | 'send_started_at') {
  await handle.db
    .updateTable('suggested_posts')
    .set({ [column]: sql<Date>`now() - interval '1 hour'` })
    .where('id', '=', id)
    .execute();
}

function complete(post: ClaimedPost, accountId: string, platformPostId = 'urn:li:share:1') {
  return completePublish(handle.db, { post, accountId, platformPostId, url: null });
}

describe('claim tokens fence every write after the claim (docs/publishing.md)', () => {
  it('I1: each claim gets a fresh token; a second claim of the same version gets nothing', async () => {
    const { post } = await duePost();
    const first = await claimPost(handle.db, post.id, post.version);
    expect(first?.claim_token).toMatch(/^[0-9a-f-]{36}$/);
    expect(await claimPost(handle.db, post.id, post.version)).toBeUndefined();
    expect((await row(post.id))?.claim_token).toBe(first?.claim_token);
  });

  it('I2: a worker that stalled before sending finds its claim reset and re-claimed: no send, no write', async () => {
    const { post, account } = await duePost();
    const stalled = (await claimPost(handle.db, post.id, post.version))!;
    await age(post.id, 'claimed_at');
    const [wakeUp] = await resetStaleClaims(handle.db, 60_000);
    expect(wakeUp).toMatchObject({ id: post.id, version: post.version + 1 });
    expect((await row(post.id))?.claim_token).toBeNull();
    // Before anyone claimed the new version, and after: the stalled claim matches nothing.
    expect(await markSendStarted(handle.db, stalled)).toBe(false);
    const fresh = (await claimPost(handle.db, post.id, wakeUp!.version))!;
    expect(fresh.claim_token).not.toBe(stalled.claim_token);
    expect(await markSendStarted(handle.db, stalled)).toBe(false);
    expect(await complete(stalled, account.id)).toBe(false);
    expect(await recordFailure(handle.db, { post: stalled, status: 'failed', ...FLAG })).toBe(false);
    expect(await scheduleRetry(handle.db, { post: stalled, retryAt: new Date(), ...FLAG })).toBeUndefined();
    expect(await releaseClaim(handle.db, stalled, new Date())).toBeUndefined();
    expect(await publishedRows(post.id)).toHaveLength(0);
    expect(await logs(post.id)).toHaveLength(0);
    // The new holder is untouched by all of that and publishes once.
    expect(await row(post.id)).toMatchObject({ status: 'publishing', claim_token: fresh.claim_token });
    expect(await markSendStarted(handle.db, fresh)).toBe(true);
    expect(await complete(fresh, account.id)).toBe(true);
    expect(await publishedRows(post.id)).toHaveLength(1);
    expect(await logs(post.id)).toEqual([
      { attempt: 1, status: 'success', platform_post_id: 'urn:li:share:1', error_message: null },
    ]);
  });

  it('I3: markSendStarted and the stale reset racing on one row: exactly one of them wins', async () => {
    for (let i = 0; i < 20; i++) {
      const { post } = await duePost();
      const claim = (await claimPost(handle.db, post.id, post.version))!;
      await age(post.id, 'claimed_at');
      const [marked, reset] = await Promise.all([
        markSendStarted(handle.db, claim),
        resetStaleClaims(handle.db, 60_000).then((rows) => rows.some((r) => r.id === post.id)),
      ]);
      expect(marked !== reset, `iteração ${i}: marcado=${marked}, reiniciado=${reset}`).toBe(true);
      const after = await row(post.id);
      expect(after?.status).toBe(marked ? 'publishing' : 'scheduled');
    }
  });

  it('V1/V5: a renewed lease keeps a long claim from the reset; it is fenced by the token and ends at the send', async () => {
    const { post } = await duePost();
    const claim = (await claimPost(handle.db, post.id, post.version))!;
    await age(post.id, 'claimed_at');
    // The video call renews its claim: the reset finds a fresh claimed_at and leaves it alone.
    expect(await renewClaim(handle.db, claim)).toBe(true);
    expect((await resetStaleClaims(handle.db, 60_000)).some((r) => r.id === post.id)).toBe(false);
    expect(await row(post.id)).toMatchObject({ status: 'publishing', claim_token: claim.claim_token });
    // Another token (a stale copy of the claim) renews nothing.
    expect(await renewClaim(handle.db, { id: post.id, claim_token: crypto.randomUUID() })).toBe(false);
    // Once the send started, the lease is over: a renewal matches nothing.
    expect(await markSendStarted(handle.db, claim)).toBe(true);
    expect(await renewClaim(handle.db, claim)).toBe(false);
  });

  it('V2/V5: renewal and the stale reset racing on one row: the reset wins only when the renewal did not', async () => {
    for (let i = 0; i < 20; i++) {
      const { post } = await duePost();
      const claim = (await claimPost(handle.db, post.id, post.version))!;
      await age(post.id, 'claimed_at');
      const [renewed, reset] = await Promise.all([
        renewClaim(handle.db, claim),
        resetStaleClaims(handle.db, 60_000).then((rows) => rows.some((r) => r.id === post.id)),
      ]);
      expect(renewed !== reset, `iteração ${i}: renovado=${renewed}, reiniciado=${reset}`).toBe(true);
      // A reset claim stays lost: the stalled worker's next renewal matches nothing.
      if (reset) expect(await renewClaim(handle.db, claim)).toBe(false);
    }
  });

  it('I6: the reconciler flags a slow holder; its late success is recorded as published, in one state', async () => {
    const { post, account } = await duePost();
    const claim = (await claimPost(handle.db, post.id, post.version))!;
    expect(await markSendStarted(handle.db, claim)).toBe(true);
    await age(post.id, 'send_started_at');
    expect(await flagUnknownOutcomes(handle.db, { staleMs: 60_000, ...FLAG })).toBeGreaterThanOrEqual(1);
    expect(await row(post.id)).toMatchObject({ status: 'needs_attention', claim_token: claim.claim_token });
    expect(await logs(post.id)).toMatchObject([{ attempt: 1, status: 'error' }]);
    // A flagged post is never sent again, not even by its holder (a 401 retry, say)…
    expect(await markSendStarted(handle.db, claim)).toBe(false);
    // …but the holder's definite answer wins: published, one published_posts row, and the
    // attempt's log row now says success.
    expect(await complete(claim, account.id, 'urn:li:share:77')).toBe(true);
    expect(await row(post.id)).toMatchObject({ status: 'published', is_used: true, last_error: null });
    expect((await publishedRows(post.id)).map((p) => p.platform_post_id)).toEqual(['urn:li:share:77']);
    expect(await logs(post.id)).toEqual([
      { attempt: 1, status: 'success', platform_post_id: 'urn:li:share:77', error_message: null },
    ]);
  });

  it('I6: after a flag, a definite refusal is recorded as failed and a retryable one as a new version', async () => {
    const refused = await duePost();
    const a = (await claimPost(handle.db, refused.post.id, refused.post.version))!;
    await markSendStarted(handle.db, a);
    await age(refused.post.id, 'send_started_at');
    await flagUnknownOutcomes(handle.db, { staleMs: 60_000, ...FLAG });
    expect(
      await recordFailure(handle.db, {
        post: a,
        status: 'failed',
        code: 'REJECTED',
        detail: 'A rede recusou a publicação.',
        location: 'rede: linkedin',
      }),
    ).toBe(true);
    expect(await row(refused.post.id)).toMatchObject({ status: 'failed', last_error: 'REJECTED' });
    expect(await logs(refused.post.id)).toMatchObject([
      { attempt: 1, status: 'error', error_message: 'A rede recusou a publicação.' },
    ]);

    const retryable = await duePost();
    const b = (await claimPost(handle.db, retryable.post.id, retryable.post.version))!;
    await markSendStarted(handle.db, b);
    await age(retryable.post.id, 'send_started_at');
    await flagUnknownOutcomes(handle.db, { staleMs: 60_000, ...FLAG });
    const version = await scheduleRetry(handle.db, {
      post: b,
      retryAt: new Date(),
      code: 'NETWORK_UNAVAILABLE',
      detail: '503',
      location: 'rede: linkedin',
    });
    expect(version).toBe(retryable.post.version + 1);
    expect(await row(retryable.post.id)).toMatchObject({ status: 'scheduled', claim_token: null });
  });

  it('U2/I8: the owner retries a flagged post; the old holder’s late success only annotates its log row', async () => {
    const { post, account, user } = await duePost();
    const claim = (await claimPost(handle.db, post.id, post.version))!;
    await markSendStarted(handle.db, claim);
    await age(post.id, 'send_started_at');
    await flagUnknownOutcomes(handle.db, { staleMs: 60_000, ...FLAG });
    const retried = await saveScheduledPostVersion(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      changes: { scheduledFor: new Date(Date.now() + 30_000) },
      allowed: RETRYABLE_POST_STATUSES,
      now: new Date(),
    });
    expect(retried).toMatchObject({ status: 'scheduled', version: post.version + 1 });
    expect((await row(post.id))?.claim_token).toBeNull();
    // The late answer matches nothing: the owner's retry stands, nothing is published.
    expect(await complete(claim, account.id, 'urn:li:share:9')).toBe(false);
    expect(await recordFailure(handle.db, { post: claim, status: 'needs_attention', ...FLAG })).toBe(false);
    expect(await row(post.id)).toMatchObject({ status: 'scheduled', version: post.version + 1 });
    expect(await publishedRows(post.id)).toHaveLength(0);
    // What the network said is kept for a person, on the attempt's own log row.
    expect(
      await recordLostClaimOutcome(handle.db, {
        post: claim,
        platformPostId: 'urn:li:share:9',
        detail: 'publicado depois que a tentativa perdeu a vez',
        location: 'worker: erro interno',
      }),
    ).toBe(true);
    expect(await logs(post.id)).toEqual([
      {
        attempt: 1,
        status: 'error',
        platform_post_id: 'urn:li:share:9',
        error_message: 'publicado depois que a tentativa perdeu a vez',
      },
    ]);
  });

  it('U2: an edit or reschedule of a flagged post voids the claim too', async () => {
    const { post, account, user } = await duePost();
    const claim = (await claimPost(handle.db, post.id, post.version))!;
    await markSendStarted(handle.db, claim);
    await age(post.id, 'send_started_at');
    await flagUnknownOutcomes(handle.db, { staleMs: 60_000, ...FLAG });
    await saveScheduledPostVersion(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      changes: { title: 'Novo', content: 'Texto novo', scheduledFor: new Date(Date.now() + 3_600_000) },
      allowed: EDITABLE_POST_STATUSES,
      now: new Date(),
    });
    expect(await complete(claim, account.id)).toBe(false);
    expect(await row(post.id)).toMatchObject({ status: 'scheduled', title: 'Novo', claim_token: null });
  });

  it('U3/U4: a post deleted (or its theme deleted) while claimed is never sent; a late answer is logged unlinked', async () => {
    const a = await duePost();
    const claimA = (await claimPost(handle.db, a.post.id, a.post.version))!;
    expect(await deleteTheme(handle.db, a.user.id, a.theme.id)).not.toBeNull();
    expect(await markSendStarted(handle.db, claimA)).toBe(false);

    const b = await duePost();
    const claimB = (await claimPost(handle.db, b.post.id, b.post.version))!;
    await markSendStarted(handle.db, claimB);
    await age(b.post.id, 'send_started_at');
    await flagUnknownOutcomes(handle.db, { staleMs: 60_000, ...FLAG });
    expect(await deleteScheduledPost(handle.db, b.user.id, b.post.id)).toMatchObject({ id: b.post.id });
    expect(await complete(claimB, b.account.id)).toBe(false);
    expect(
      await recordLostClaimOutcome(handle.db, {
        post: claimB,
        platformPostId: 'urn:li:share:5',
        detail: 'publicado depois que o post foi excluído',
        location: 'worker: erro interno',
      }),
    ).toBe(true);
    const unlinked = await handle.db
      .selectFrom('publishing_logs')
      .select(['suggested_post_id', 'platform_post_id'])
      .where('user_id', '=', b.user.id)
      .where('platform_post_id', '=', 'urn:li:share:5')
      .execute();
    expect(unlinked).toEqual([{ suggested_post_id: null, platform_post_id: 'urn:li:share:5' }]);
    expect(await publishedRows(b.post.id)).toHaveLength(0);
  });

  it('I12: completing twice with the same answer (a lost COMMIT acknowledgement) is still one success', async () => {
    const { post, account } = await duePost();
    const claim = (await claimPost(handle.db, post.id, post.version))!;
    await markSendStarted(handle.db, claim);
    expect(await complete(claim, account.id, 'urn:li:share:3')).toBe(true);
    expect(await complete(claim, account.id, 'urn:li:share:3')).toBe(true);
    expect(await complete(claim, account.id, 'urn:li:share:4')).toBe(false);
    expect(await publishedRows(post.id)).toHaveLength(1);
    expect(await logs(post.id)).toMatchObject([{ status: 'success', platform_post_id: 'urn:li:share:3' }]);
  });

  it('the database refuses a path back to scheduled that keeps a claim token', async () => {
    const { post } = await duePost();
    await claimPost(handle.db, post.id, post.version);
    await expect(
      handle.db
        .updateTable('suggested_posts')
        .set({ status: 'scheduled' })
        .where('id', '=', post.id)
        .execute(),
    ).rejects.toThrow(/suggested_posts_scheduled_unclaimed/);
  });

  it('a 429 release is fenced and gives the attempt back', async () => {
    const { post } = await duePost();
    const claim = (await claimPost(handle.db, post.id, post.version))!;
    await markSendStarted(handle.db, claim);
    expect(await releaseClaim(handle.db, claim, new Date())).toBe(post.version + 1);
    expect(await row(post.id)).toMatchObject({ status: 'scheduled', attempts: 0, claim_token: null });
    expect(await releaseClaim(handle.db, claim, new Date())).toBeUndefined();
  });
});

describe('the claim-token migration', () => {
  it('repairs posts the old bug left in two states: in Posts Publicados and needs_attention or scheduled', async () => {
    const flagged = await duePost();
    const retried = await duePost();
    const publishing = await duePost();
    const states = [
      [flagged.post.id, 'needs_attention'],
      [retried.post.id, 'scheduled'],
      [publishing.post.id, 'publishing'],
    ] as const;
    for (const [id, status] of states) {
      await handle.db.updateTable('suggested_posts').set({ status }).where('id', '=', id).execute();
    }
    for (const { post, user, account } of [flagged, retried, publishing]) {
      await handle.db
        .insertInto('published_posts')
        .values({
          user_id: user.id,
          suggested_post_id: post.id,
          connected_account_id: account.id,
          title: 'Título',
          content: 'Conteúdo do post',
          platform: 'linkedin',
          platform_post_id: `urn:li:share:${post.id}`,
        })
        .execute();
    }
    expect(await repairPublishedStates(handle.db)).toBe(2);
    expect(await row(flagged.post.id)).toMatchObject({
      status: 'published',
      is_used: true,
      last_error: null,
    });
    expect(await row(retried.post.id)).toMatchObject({ status: 'published' });
    // A claim in flight is its worker's to finish.
    expect((await row(publishing.post.id))?.status).toBe('publishing');
  });
});

describe('asking the network about an unknown outcome (docs/publishing.md, rows L1–L8)', () => {
  /** A post whose send started, flagged by the reconciler: needs_attention, the token kept. */
  async function flaggedPost() {
    const due = await duePost();
    const claim = (await claimPost(handle.db, due.post.id, due.post.version))!;
    expect(await markSendStarted(handle.db, claim)).toBe(true);
    await age(due.post.id, 'send_started_at');
    await flagUnknownOutcomes(handle.db, { staleMs: 60_000, ...FLAG });
    expect((await row(due.post.id))?.status).toBe('needs_attention');
    return { ...due, claim };
  }
  const listed = async (id: string) =>
    (await listUnknownOutcomes(handle.db, { settleMs: 60_000, absentAfterMs: 60_000, limit: 1000 })).some(
      (p) => p.id === id,
    );

  it('L1: found → the flagged claim completes: published, one published_posts row, the log row becomes success', async () => {
    const { claim, account, post } = await flaggedPost();
    expect(await listed(post.id)).toBe(true);
    expect(await complete(claim, account.id, 'urn:li:share:77')).toBe(true);
    expect(await row(post.id)).toMatchObject({ status: 'published' });
    expect(await publishedRows(post.id)).toMatchObject([{ platform_post_id: 'urn:li:share:77' }]);
    expect(await logs(post.id)).toMatchObject([{ status: 'success', platform_post_id: 'urn:li:share:77' }]);
    expect(await listed(post.id)).toBe(false);
  });

  it('L2: absent → scheduled under a new version, due now, the token and send stamp cleared', async () => {
    const { claim, post } = await flaggedPost();
    const version = await resolveOutcomeAbsent(handle.db, {
      post: claim,
      message: 'ausente',
      location: 'teste',
    });
    expect(version).toBe(post.version + 1);
    expect(await row(post.id)).toMatchObject({
      status: 'scheduled',
      version: post.version + 1,
      claim_token: null,
      send_started_at: null,
      outcome_checked_token: null,
    });
    expect(await logs(post.id)).toMatchObject([{ status: 'error', error_message: 'ausente' }]);
    // The flagged claim can never send: markSendStarted needs the token and 'publishing'.
    expect(await markSendStarted(handle.db, claim)).toBe(false);
  });

  it('L3: cannot tell → stays needs_attention with the reason; not listed again until the owner asks', async () => {
    const { claim, post, user } = await flaggedPost();
    expect(
      await markOutcomeUnresolved(handle.db, {
        post: claim,
        message: 'a rede não respondeu',
        location: 'teste',
      }),
    ).toBe(true);
    expect(await row(post.id)).toMatchObject({
      status: 'needs_attention',
      last_error_message: 'a rede não respondeu',
      outcome_checked_token: claim.claim_token,
    });
    expect(await listed(post.id)).toBe(false);
    // L4: the owner's "Tentar novamente" asks again (owner-scoped; the token stays, the fence).
    const stranger = await makeUser(handle, 'stranger');
    expect(
      await requestOutcomeLookup(handle.db, { workspaceId: stranger.id, postId: post.id, message: 'x' }),
    ).toBe(false);
    expect(
      await requestOutcomeLookup(handle.db, {
        workspaceId: user.id,
        postId: post.id,
        message: 'verificando',
      }),
    ).toBe(true);
    expect(await row(post.id)).toMatchObject({ claim_token: claim.claim_token, outcome_checked_token: null });
    expect(await listed(post.id)).toBe(true);
  });

  it("L6: the owner's edit, reschedule or resend during the lookup wins; the lookup's writes match nothing", async () => {
    const { claim, post, user, account } = await flaggedPost();
    await saveScheduledPostVersion(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      changes: { scheduledFor: new Date(Date.now() + 30_000) },
      allowed: RETRYABLE_POST_STATUSES,
      now: new Date(),
    });
    expect(
      await resolveOutcomeAbsent(handle.db, { post: claim, message: 'x', location: 'teste' }),
    ).toBeUndefined();
    expect(await markOutcomeUnresolved(handle.db, { post: claim, message: 'x', location: 'teste' })).toBe(
      false,
    );
    expect(await complete(claim, account.id, 'urn:li:share:78')).toBe(false);
    expect(await row(post.id)).toMatchObject({ status: 'scheduled', version: post.version + 1 });
    expect(await publishedRows(post.id)).toHaveLength(0);
  });

  it('L7: two resolvers at once (two reconciler passes): one absent-resolution wins, the other matches nothing', async () => {
    const { claim, post } = await flaggedPost();
    const results = await Promise.all([
      resolveOutcomeAbsent(handle.db, { post: claim, message: 'a', location: 'teste' }),
      resolveOutcomeAbsent(handle.db, { post: claim, message: 'b', location: 'teste' }),
    ]);
    expect(results.filter((v) => v !== undefined)).toEqual([post.version + 1]);
    expect((await row(post.id))?.version).toBe(post.version + 1);
  });

  it("L8: the stalled holder's late success (I6) wins over a resolver that then finds it absent", async () => {
    const { claim, post, account } = await flaggedPost();
    expect(await complete(claim, account.id, 'urn:li:share:79')).toBe(true);
    expect(
      await resolveOutcomeAbsent(handle.db, { post: claim, message: 'x', location: 'teste' }),
    ).toBeUndefined();
    expect(await markOutcomeUnresolved(handle.db, { post: claim, message: 'x', location: 'teste' })).toBe(
      false,
    );
    expect(await row(post.id)).toMatchObject({ status: 'published' });
  });
});
