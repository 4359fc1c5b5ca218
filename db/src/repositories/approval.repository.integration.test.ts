// Approval before publishing (docs/approval.md) on real PostgreSQL: the gate in both claim
// statements, a stage move against a held claim (the fence), the overdue flag raised once, the
// theme switch and the edit trigger. A database of its own: these posts are due.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, makeUser } from '../../../test/harness.js';
import type { DbHandle } from '../client.js';
import {
  flagOverdueApprovals,
  listApprovalBoard,
  listPostHistory,
  moveApprovalStage,
  setThemeApproval,
} from './approval.repository.js';
import { claimPost, listDuePosts, markSendStarted } from './publishing.repository.js';
import { claimPosts } from './publishing-batch.repository.js';
import { saveScheduledPostVersion } from './scheduled-posts.repository.js';
import { insertTheme } from './themes.repository.js';

let handle: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await isolatedDb());
});
afterAll(async () => drop());

async function themeFor(userId: string, requiresApproval: boolean) {
  return insertTheme(handle.db, userId, {
    name: 'Tema com aprovação',
    description: 'Descrição',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
    requiresApproval,
  });
}

async function insertPost(themeId: string, userId: string, scheduledFor = new Date(Date.now() - 1000)) {
  return handle.db
    .insertInto('suggested_posts')
    .values({
      theme_id: themeId,
      user_id: userId,
      title: 'Título',
      content: 'Conteúdo do post',
      platform: 'linkedin',
      scheduled_for: scheduledFor,
    })
    .returning(['id', 'version', 'approval_stage'])
    .executeTakeFirstOrThrow();
}

/** A user, an approval theme and one post due now (in 'draft', from the insert trigger). */
async function dueDraft(name = 'aprovacao') {
  const user = await makeUser(handle, name);
  const theme = await themeFor(user.id, true);
  const post = await insertPost(theme.id, user.id);
  return { user, theme, post };
}

const row = (id: string) =>
  handle.db.selectFrom('suggested_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const owner = (userId: string) => ({ actor: 'owner' as const, userId });

describe('the approval gate in the claim', () => {
  it('a post of an approval theme starts in draft; a theme without approval keeps NULL', async () => {
    const { user, post } = await dueDraft();
    expect(post.approval_stage).toBe('draft');
    const plain = await themeFor(user.id, false);
    expect((await insertPost(plain.id, user.id)).approval_stage).toBeNull();
  });

  it('neither claimPost nor the batched claimPosts takes an unapproved due post; both take it once approved', async () => {
    const { user, post } = await dueDraft();
    const second = await insertPost((await row(post.id)).theme_id, user.id);
    expect(await claimPost(handle.db, post.id, post.version)).toBeUndefined();
    expect(await claimPosts(handle.db, [{ postId: second.id, version: second.version }])).toEqual([
      undefined,
    ]);
    for (const stage of ['review', 'client', 'changes'] as const) {
      await moveApprovalStage(handle.db, {
        workspaceId: user.id,
        postId: post.id,
        to: stage,
        by: owner(user.id),
      });
      const { version } = await row(post.id);
      expect(await claimPost(handle.db, post.id, version)).toBeUndefined();
    }
    expect((await row(post.id)).status).toBe('scheduled');
    // The reconciler does not re-enqueue them either.
    const due = await listDuePosts(handle.db, new Date(Date.now() + 60_000));
    expect(due.map((d) => d.id)).not.toContain(post.id);
    expect(due.map((d) => d.id)).not.toContain(second.id);

    const approved = await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      to: 'approved',
      by: owner(user.id),
    });
    expect(approved.kind).toBe('moved');
    const { version } = await row(post.id);
    expect((await claimPost(handle.db, post.id, version))?.id).toBe(post.id);

    await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: second.id,
      to: 'approved',
      by: owner(user.id),
    });
    const v2 = (await row(second.id)).version;
    // The old version's job claims nothing (every move bumps the version), the new one claims.
    expect(await claimPosts(handle.db, [{ postId: second.id, version: second.version }])).toEqual([
      undefined,
    ]);
    const [claimed] = await claimPosts(handle.db, [{ postId: second.id, version: v2 }]);
    expect(claimed?.id).toBe(second.id);
    expect((await listDuePosts(handle.db, new Date(Date.now() + 60_000))).map((d) => d.id)).not.toContain(
      second.id,
    );
  });

  it('taking the approval back while a worker holds the claim fences it: the worker does not send', async () => {
    const { user, post } = await dueDraft();
    await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      to: 'approved',
      by: owner(user.id),
    });
    const [claim] = await claimPosts(handle.db, [{ postId: post.id, version: (await row(post.id)).version }]);
    expect(claim).toBeDefined();
    const back = await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      to: 'changes',
      by: owner(user.id),
    });
    expect(back).toMatchObject({ kind: 'moved', revokedClaim: true, from: 'approved' });
    // The stalled holder's send-start matches nothing.
    expect(await markSendStarted(handle.db, claim!)).toBe(false);
    const after = await row(post.id);
    expect(after).toMatchObject({
      status: 'scheduled',
      approval_stage: 'changes',
      claim_token: null,
      attempts: 0,
    });
    expect(after.version).toBe(claim!.version + 1);
    // …and the new version is not claimable until approved again.
    expect(await claimPost(handle.db, post.id, after.version)).toBeUndefined();
  });

  it('once the send has started the approval cannot be taken back (SENDING), and the send goes on', async () => {
    const { user, post } = await dueDraft();
    await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      to: 'approved',
      by: owner(user.id),
    });
    const claim = await claimPost(handle.db, post.id, (await row(post.id)).version);
    expect(await markSendStarted(handle.db, claim!)).toBe(true);
    const refused = await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      to: 'review',
      by: owner(user.id),
    });
    expect(refused.kind).toBe('sending');
    expect(await row(post.id)).toMatchObject({ status: 'publishing', approval_stage: 'approved' });
  });

  it('a move races the batched claim: one of them wins, never a claim of an unapproved post', async () => {
    for (let i = 0; i < 10; i++) {
      const { user, post } = await dueDraft(`corrida${i}`);
      await moveApprovalStage(handle.db, {
        workspaceId: user.id,
        postId: post.id,
        to: 'approved',
        by: owner(user.id),
      });
      const { version } = await row(post.id);
      const [claims, moved] = await Promise.all([
        claimPosts(handle.db, [{ postId: post.id, version }]),
        moveApprovalStage(handle.db, {
          workspaceId: user.id,
          postId: post.id,
          to: 'review',
          by: owner(user.id),
        }),
      ]);
      const after = await row(post.id);
      expect(after.approval_stage).toBe('review');
      if (moved.kind === 'moved' && moved.revokedClaim) {
        // The claim came first and was taken back: its send-start fails.
        expect(await markSendStarted(handle.db, claims[0]!)).toBe(false);
      } else {
        expect(claims).toEqual([undefined]);
      }
      expect(after.status).toBe('scheduled');
      expect(after.claim_token).toBeNull();
    }
  });

  it('owner scoping, idempotent repeats and refusals', async () => {
    const { user, post } = await dueDraft();
    const stranger = await makeUser(handle, 'estranho');
    expect(
      await moveApprovalStage(handle.db, {
        workspaceId: stranger.id,
        postId: post.id,
        to: 'approved',
        by: owner(stranger.id),
      }),
    ).toEqual({ kind: 'not_found' });
    await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      to: 'review',
      by: owner(user.id),
    });
    const version = (await row(post.id)).version;
    const again = await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      to: 'review',
      by: owner(user.id),
    });
    expect(again.kind).toBe('unchanged');
    expect((await row(post.id)).version).toBe(version);
    const plain = await themeFor(user.id, false);
    const free = await insertPost(plain.id, user.id);
    expect(
      (
        await moveApprovalStage(handle.db, {
          workspaceId: user.id,
          postId: free.id,
          to: 'approved',
          by: owner(user.id),
        })
      ).kind,
    ).toBe('not_required');
    const history = await listPostHistory(handle.db, { workspaceId: user.id, postId: post.id });
    expect(history?.filter((h) => h.kind === 'move').map((h) => [h.from_stage, h.to_stage])).toEqual([
      ['draft', 'review'],
    ]);
    expect(await listPostHistory(handle.db, { workspaceId: stranger.id, postId: post.id })).toBeUndefined();
  });
});

describe('the overdue flag', () => {
  it('is raised once per scheduled time, even by two reconcilers at once, and again after a reschedule', async () => {
    const { user, post } = await dueDraft('atrasado');
    const flagOnce = () => handle.db.transaction().execute((trx) => flagOverdueApprovals(trx));
    const [a, b] = await Promise.all([flagOnce(), flagOnce()]);
    const mine = [...a, ...b].filter((p) => p.user_id === user.id);
    expect(mine.map((p) => p.id)).toEqual([post.id]);
    expect((await flagOnce()).filter((p) => p.user_id === user.id)).toEqual([]);
    const board = await listApprovalBoard(handle.db, { workspaceId: user.id });
    expect(board).toMatchObject([
      { id: post.id, overdue: true, approval_stage: 'draft', status: 'scheduled' },
    ]);
    // A live event says so ('APPROVAL_OVERDUE'), for the open screens and the toast.
    const events = await handle.db
      .selectFrom('live_events')
      .select(['error_code', 'status'])
      .where('post_id', '=', post.id)
      .execute();
    expect(events).toContainEqual({ error_code: 'APPROVAL_OVERDUE', status: 'scheduled' });

    // Rescheduled to a later time that also passes unapproved: told again.
    await handle.db
      .updateTable('suggested_posts')
      .set({ scheduled_for: new Date(Date.now() - 500) })
      .where('id', '=', post.id)
      .execute();
    expect((await flagOnce()).filter((p) => p.user_id === user.id).map((p) => p.id)).toEqual([post.id]);
  });

  it('an approved or future post is never flagged', async () => {
    const { user, post } = await dueDraft('aprovado');
    await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      to: 'approved',
      by: owner(user.id),
    });
    await insertPost((await row(post.id)).theme_id, user.id, new Date(Date.now() + 3_600_000));
    const flagged = await handle.db.transaction().execute((trx) => flagOverdueApprovals(trx));
    expect(flagged.filter((p) => p.user_id === user.id)).toEqual([]);
  });
});

describe('the theme switch and edits', () => {
  it('on: unpublished posts go to draft (a publishing one finishes); off: they leave the workflow and are returned to enqueue', async () => {
    const user = await makeUser(handle, 'alternar');
    const theme = await themeFor(user.id, false);
    const waiting = await insertPost(theme.id, user.id, new Date(Date.now() + 3_600_000));
    const inFlight = await insertPost(theme.id, user.id);
    const claim = await claimPost(handle.db, inFlight.id, inFlight.version);
    expect(claim).toBeDefined();
    const on = await setThemeApproval(handle.db, {
      workspaceId: user.id,
      userId: user.id,
      themeId: theme.id,
      requiresApproval: true,
    });
    expect(on).toMatchObject({ kind: 'changed', posts: 1 });
    expect((await row(waiting.id)).approval_stage).toBe('draft');
    expect(await row(inFlight.id)).toMatchObject({ approval_stage: null, status: 'publishing' });
    expect(await markSendStarted(handle.db, claim!)).toBe(true);
    expect(
      await setThemeApproval(handle.db, {
        workspaceId: user.id,
        userId: user.id,
        themeId: theme.id,
        requiresApproval: true,
      }),
    ).toEqual({ kind: 'unchanged' });
    const stranger = await makeUser(handle, 'alheio');
    expect(
      await setThemeApproval(handle.db, {
        workspaceId: stranger.id,
        userId: stranger.id,
        themeId: theme.id,
        requiresApproval: false,
      }),
    ).toEqual({ kind: 'not_found' });
    const off = await setThemeApproval(handle.db, {
      workspaceId: user.id,
      userId: user.id,
      themeId: theme.id,
      requiresApproval: false,
    });
    expect(off).toMatchObject({ kind: 'changed', posts: 1 });
    if (off.kind !== 'changed') throw new Error('unreachable');
    expect(off.wakeUps.map((w) => w.id)).toEqual([waiting.id]);
    expect((await row(waiting.id)).approval_stage).toBeNull();
    const history = await listPostHistory(handle.db, { workspaceId: user.id, postId: waiting.id });
    expect(history?.map((h) => h.reason)).toEqual(['theme_on', 'theme_off']);
  });

  it('editing the text of an approved post sends it back to review (what was approved is what goes out)', async () => {
    const { user, post } = await dueDraft('edicao');
    await moveApprovalStage(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      to: 'approved',
      by: owner(user.id),
    });
    const current = await row(post.id);
    const saved = await saveScheduledPostVersion(handle.db, {
      workspaceId: user.id,
      postId: post.id,
      changes: { content: 'Texto novo depois da aprovação', scheduledFor: new Date(Date.now() + 3_600_000) },
      allowed: ['scheduled'],
      now: new Date(),
    });
    expect(saved).toBeDefined();
    const after = await row(post.id);
    expect(after.approval_stage).toBe('review');
    expect(after.version).toBeGreaterThan(current.version);
    expect(await claimPost(handle.db, post.id, after.version)).toBeUndefined();
    const history = await listPostHistory(handle.db, { workspaceId: user.id, postId: post.id });
    expect(history?.at(-1)).toMatchObject({ from_stage: 'approved', to_stage: 'review', reason: 'edited' });
  });

  it('the gate is the claim statement itself', async () => {
    const { post } = await dueDraft('sql');
    // Even a job naming the current version of a draft (enqueued before the theme switched on).
    const { version } = await row(post.id);
    expect(await claimPost(handle.db, post.id, version)).toBeUndefined();
    const count = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM suggested_posts WHERE id = ${post.id} AND status = 'publishing'`.execute(
      handle.db,
    );
    expect(count.rows[0]?.n).toBe(0);
  });
});
