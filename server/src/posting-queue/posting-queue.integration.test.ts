// The posting queue against real PostgreSQL (docs/posting-queue.md): two adds at once take two
// slots, the same post added twice holds one, the database refuses a second post in one slot even
// without the lock, reordering moves posts between slots in one transaction, a theme fills the
// queue, and the workspace's zone places the slots. A fixed `now` (a Monday in 2027) keeps every
// result independent of the wall clock.
import { randomUUID } from 'node:crypto';
import { AppError, type Platform } from '@pauta/core';
import {
  createUser,
  type DbHandle,
  findScheduledPost,
  insertScheduledPosts,
  parseKeyring,
  saveScheduledPostVersion,
  setWorkspaceTimeZone,
  upsertAccount,
} from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, uniqueEmail } from '../../../test/harness.js';
import { insertTestTheme, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { scheduleDrafts } from '../themes/themes.service.js';
import {
  addSlot,
  enqueuePost,
  nextFreeSlot,
  readQueueBoard,
  removeSlot,
  reorderQueue,
  setAccountSlots,
} from './posting-queue.service.js';

let handle: DbHandle;

beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle?.close();
});

// Monday 2027-03-01 12:00 in São Paulo (-03:00, no DST since 2019).
const NOW = new Date('2027-03-01T15:00:00Z');
const deps = () => ({ ...testDeps(handle), now: () => NOW });

async function setup(options: { platforms?: Platform[]; timezone?: string } = {}) {
  const user = await createUser(handle.db, {
    email: uniqueEmail('fila'),
    passwordHash: null,
    timezone: options.timezone ?? 'America/Sao_Paulo',
  });
  const workspaceId = user.id;
  const theme = await insertTestTheme(handle, user.id);
  const accounts: Partial<Record<Platform, string>> = {};
  for (const platform of options.platforms ?? ['linkedin']) {
    const account = await upsertAccount(handle.db, parseKeyring(TEST_KEYS), {
      userId: user.id,
      workspaceId,
      platform,
      platformUserId: `${platform}-${randomUUID().slice(0, 8)}`,
      platformUsername: `padaria.${platform}`,
      accountData: { name: 'Padaria' },
      accessToken: `token-${randomUUID()}`,
      refreshToken: null,
      accessTokenExpiresAt: null,
    });
    accounts[platform] = account.id;
  }
  const posts = async (count: number, platform: Platform = 'linkedin') =>
    (
      await insertScheduledPosts(handle.db, {
        userId: user.id,
        themeId: theme.id,
        posts: Array.from({ length: count }, (_, i) => ({
          title: `Post ${i + 1}`,
          content: `Texto ${i + 1}`,
          platform,
          postOrder: i + 1,
          // Far from every slot of these tests.
          scheduledFor: new Date(Date.UTC(2027, 5, 1 + i, 3, 7)),
        })),
      })
    ).map((w) => w.id);
  return { userId: user.id, workspaceId, theme, accounts, posts };
}

const MON_WED_FRI_10 = [
  { weekday: 1, minute: 600 },
  { weekday: 3, minute: 600 },
  { weekday: 5, minute: 600 },
];

describe('Adicionar à fila', () => {
  it('two adds at once take two different slots; the past slot of today is skipped', async () => {
    const s = await setup();
    await setAccountSlots(deps(), {
      workspaceId: s.workspaceId,
      accountId: s.accounts.linkedin!,
      slots: [...MON_WED_FRI_10, { weekday: 1, minute: 18 * 60 + 30 }],
    });
    const [a, b] = await s.posts(2);
    const results = await Promise.all(
      [a!, b!].map((postId) => enqueuePost(deps(), { workspaceId: s.workspaceId, userId: s.userId, postId })),
    );
    // Monday 10:00 has passed at NOW (12:00): Monday 18:30 and Wednesday 10:00.
    expect(results.map((r) => r.slotAt.toISOString()).sort()).toEqual([
      '2027-03-01T21:30:00.000Z',
      '2027-03-03T13:00:00.000Z',
    ]);
    expect(results.every((r) => !r.alreadyQueued && r.timeZone === 'America/Sao_Paulo')).toBe(true);
    for (const r of results) {
      const post = await findScheduledPost(handle.db, s.workspaceId, r.postId);
      expect(post?.scheduled_for.toISOString()).toBe(r.slotAt.toISOString());
      expect(post?.queue_account_id).toBe(s.accounts.linkedin);
      expect(post?.version).toBe(2);
    }
  });

  it('the same post added twice at once holds one slot (idempotent)', async () => {
    const s = await setup();
    await setAccountSlots(deps(), {
      workspaceId: s.workspaceId,
      accountId: s.accounts.linkedin!,
      slots: MON_WED_FRI_10,
    });
    const [a] = await s.posts(1);
    const results = await Promise.all(
      [1, 2, 3].map(() => enqueuePost(deps(), { workspaceId: s.workspaceId, userId: s.userId, postId: a! })),
    );
    expect(new Set(results.map((r) => r.slotAt.toISOString()))).toEqual(
      new Set(['2027-03-03T13:00:00.000Z']),
    );
    expect(results.filter((r) => !r.alreadyQueued)).toHaveLength(1);
    expect((await findScheduledPost(handle.db, s.workspaceId, a!))?.version).toBe(2);
  });

  it('the database refuses a second queued post in the same slot of one account', async () => {
    const s = await setup();
    await setAccountSlots(deps(), {
      workspaceId: s.workspaceId,
      accountId: s.accounts.linkedin!,
      slots: MON_WED_FRI_10,
    });
    const [a, b] = await s.posts(2);
    const first = await enqueuePost(deps(), { workspaceId: s.workspaceId, userId: s.userId, postId: a! });
    await expect(
      handle.db
        .updateTable('suggested_posts')
        .set({ queue_account_id: s.accounts.linkedin!, scheduled_for: first.slotAt })
        .where('id', '=', b!)
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('a post placed by hand at a slot time occupies it; a reschedule elsewhere takes a post out of the queue', async () => {
    const s = await setup();
    await setAccountSlots(deps(), {
      workspaceId: s.workspaceId,
      accountId: s.accounts.linkedin!,
      slots: MON_WED_FRI_10,
    });
    const [a, b] = await s.posts(2);
    await saveScheduledPostVersion(handle.db, {
      workspaceId: s.workspaceId,
      postId: a!,
      changes: { scheduledFor: new Date('2027-03-03T13:00:00Z') },
      allowed: ['scheduled'],
      now: NOW,
    });
    const queued = await enqueuePost(deps(), { workspaceId: s.workspaceId, userId: s.userId, postId: b! });
    expect(queued.slotAt.toISOString()).toBe('2027-03-05T13:00:00.000Z');
    // The calendar moves b elsewhere: it leaves the queue; an edit at the same time keeps it.
    await saveScheduledPostVersion(handle.db, {
      workspaceId: s.workspaceId,
      postId: b!,
      changes: { scheduledFor: queued.slotAt, title: 'Novo título' },
      allowed: ['scheduled'],
      now: NOW,
    });
    expect((await findScheduledPost(handle.db, s.workspaceId, b!))?.queue_account_id).toBe(
      s.accounts.linkedin,
    );
    await saveScheduledPostVersion(handle.db, {
      workspaceId: s.workspaceId,
      postId: b!,
      changes: { scheduledFor: new Date('2027-04-01T12:00:00Z') },
      allowed: ['scheduled'],
      now: NOW,
    });
    expect((await findScheduledPost(handle.db, s.workspaceId, b!))?.queue_account_id).toBeNull();
  });

  it('says why it cannot queue: no account of the network, no slots, every slot taken', async () => {
    const s = await setup();
    const [a] = await s.posts(1);
    const [x] = await s.posts(1, 'x');
    const add = (postId: string) =>
      enqueuePost(deps(), { workspaceId: s.workspaceId, userId: s.userId, postId });
    await expect(add(x!)).rejects.toMatchObject({ code: 'QUEUE_NO_ACCOUNT' });
    await expect(add(a!)).rejects.toMatchObject({ code: 'QUEUE_NO_SLOTS' });
    // Another workspace's post is not found (scoped by the workspace).
    const other = await setup();
    await expect(
      enqueuePost(deps(), { workspaceId: other.workspaceId, userId: other.userId, postId: a! }),
    ).rejects.toBeInstanceOf(AppError);
    expect((await findScheduledPost(handle.db, s.workspaceId, a!))?.version).toBe(1);
  });

  it('uses the workspace’s zone: 10:00 in New York', async () => {
    const s = await setup();
    await setWorkspaceTimeZone(handle.db, s.workspaceId, 'America/New_York');
    await setAccountSlots(deps(), {
      workspaceId: s.workspaceId,
      accountId: s.accounts.linkedin!,
      slots: [{ weekday: 2, minute: 600 }],
    });
    const next = await nextFreeSlot(deps(), { workspaceId: s.workspaceId, platform: 'linkedin' });
    // Tuesday 2027-03-02 10:00 EST (-05:00).
    expect(next.slotAt.toISOString()).toBe('2027-03-02T15:00:00.000Z');
    expect(next.timeZone).toBe('America/New_York');
  });
});

describe('slots', () => {
  it('adding a slot twice keeps one; removing is idempotent; another workspace’s account is not found', async () => {
    const s = await setup();
    const input = { workspaceId: s.workspaceId, accountId: s.accounts.linkedin!, weekday: 5, minute: 1110 };
    const results = await Promise.all([addSlot(deps(), input), addSlot(deps(), input)]);
    expect(results.map((r) => r.added).sort()).toEqual([false, true]);
    expect((await readQueueBoard(deps(), { workspaceId: s.workspaceId })).accounts[0]?.slots).toEqual([
      { weekday: 5, minute: 1110 },
    ]);
    expect(await removeSlot(deps(), input)).toEqual({ removed: true });
    expect(await removeSlot(deps(), input)).toEqual({ removed: false });
    const other = await setup();
    await expect(addSlot(deps(), { ...input, workspaceId: other.workspaceId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('reordering the queue', () => {
  it('moves posts between the same slots in one call; a stale order changes nothing', async () => {
    const s = await setup();
    const accountId = s.accounts.linkedin!;
    await setAccountSlots(deps(), { workspaceId: s.workspaceId, accountId, slots: MON_WED_FRI_10 });
    const [a, b, c] = await s.posts(3);
    for (const postId of [a!, b!, c!])
      await enqueuePost(deps(), { workspaceId: s.workspaceId, userId: s.userId, postId });
    const board = await readQueueBoard(deps(), { workspaceId: s.workspaceId });
    expect(board.accounts[0]?.queuedPostIds).toEqual([a, b, c]);
    expect(board.accounts[0]?.upcoming.slice(0, 4).map((e) => e.post?.id ?? null)).toEqual([a, b, c, null]);

    const result = await reorderQueue(deps(), {
      workspaceId: s.workspaceId,
      userId: s.userId,
      accountId,
      postIds: [c!, a!, b!],
    });
    expect(result.moved).toBe(3);
    const at = async (id: string) =>
      (await findScheduledPost(handle.db, s.workspaceId, id))?.scheduled_for.toISOString();
    expect(await at(c!)).toBe('2027-03-03T13:00:00.000Z');
    expect(await at(a!)).toBe('2027-03-05T13:00:00.000Z');
    expect(await at(b!)).toBe('2027-03-08T13:00:00.000Z');
    expect((await findScheduledPost(handle.db, s.workspaceId, c!))?.version).toBe(3);

    // The screen still shows a, b, c (another tab reordered): refused, nothing moves.
    await expect(
      reorderQueue(deps(), {
        workspaceId: s.workspaceId,
        userId: s.userId,
        accountId,
        postIds: [a!, b!, c!].slice(0, 2),
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await at(c!)).toBe('2027-03-03T13:00:00.000Z');
  });
});

describe('a theme fills the queue', () => {
  it('new posts take the free slots of each account; a network without an account keeps the calendar', async () => {
    const s = await setup({ platforms: ['linkedin'] });
    await setAccountSlots(deps(), {
      workspaceId: s.workspaceId,
      accountId: s.accounts.linkedin!,
      slots: [
        { weekday: 2, minute: 9 * 60 },
        { weekday: 4, minute: 9 * 60 },
      ],
    });
    // Tuesday's slot is already taken by a queued post.
    const [taken] = await s.posts(1);
    await enqueuePost(deps(), { workspaceId: s.workspaceId, userId: s.userId, postId: taken! });
    await handle.db.updateTable('themes').set({ use_queue: true }).where('id', '=', s.theme.id).execute();
    const theme = await handle.db
      .selectFrom('themes')
      .selectAll()
      .where('id', '=', s.theme.id)
      .executeTakeFirstOrThrow();
    const created = await scheduleDrafts(deps(), {
      userId: s.userId,
      theme,
      drafts: [
        { title: 'Um', content: 'Primeiro', post_order: 1 },
        { title: 'Dois', content: 'Segundo', post_order: 2 },
      ],
      platforms: ['linkedin', 'x'],
    });
    const rows = await handle.db
      .selectFrom('suggested_posts')
      .select(['id', 'platform', 'title', 'scheduled_for', 'queue_account_id'])
      .where('id', 'in', created.postIds)
      .orderBy('platform')
      .orderBy('scheduled_for')
      .execute();
    const linkedin = rows.filter((r) => r.platform === 'linkedin');
    expect(linkedin.map((r) => [r.title, r.scheduled_for?.toISOString()])).toEqual([
      ['Um', '2027-03-04T12:00:00.000Z'],
      ['Dois', '2027-03-09T12:00:00.000Z'],
    ]);
    expect(linkedin.every((r) => r.queue_account_id === s.accounts.linkedin)).toBe(true);
    // X has no account here: its posts stay on the calendar's 10:00, not queued.
    const x = rows.filter((r) => r.platform === 'x');
    expect(x).toHaveLength(2);
    expect(x.every((r) => r.queue_account_id === null)).toBe(true);
  });
});
