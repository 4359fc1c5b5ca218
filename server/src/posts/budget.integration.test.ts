// Network budgets against real PostgreSQL (docs/budgets.md): the usage count per network and local
// day/month, installation-wide and per connected account (two Instagram accounts of one workspace;
// a stored `user` read as per account); the refusal of a date past a budget (412
// BUDGET_EXCEEDED, nothing changed) and its confirmed save; the administrator's setting and its
// validation; the overruns of new posts. A database of its own: budgets count every user's posts
// and the setting is global, so nothing else may write there.
import type { BudgetOverrun, Platform, PostStatus } from '@pauta/core';
import { type DbHandle, setRole } from '@pauta/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../../test/harness.js';
import type { TestClient } from '../../../test/http-client.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createSession } from '../auth/session.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import { type BudgetUsage, overrunsOfNewPosts } from './budget.service.js';

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
const enqueued: WakeUp[] = [];
const fakeQueue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts) => {
    enqueued.push(...posts);
    return posts.length;
  },
  cancelPublish: async () => 0,
  queues: () => [],
  close: async () => {},
};

beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
  app = await listen(testDeps(handle, { queue: fakeQueue }));
});
afterAll(async () => {
  await app?.close();
  await iso?.drop();
});

// 'user': what an override stored before budgets per account says (read as 'account').
type Budgets = Partial<
  Record<Platform, { month: number; day: number; scope: 'installation' | 'account' | 'user' }>
>;
async function setBudgets(value: Budgets) {
  await handle.db
    .updateTable('admin_settings')
    .set({ setting_value: JSON.stringify(value) })
    .where('setting_key', '=', 'network_budgets')
    .execute();
}
beforeEach(async () => {
  enqueued.length = 0;
  // Each test starts from the shipped setting: every network on its default.
  await setBudgets({});
  await handle.db.deleteFrom('suggested_posts').execute();
});

async function makePost(
  userId: string,
  themeId: string,
  scheduledFor: string,
  options: { platform?: Platform; status?: PostStatus; accountId?: string } = {},
) {
  const row = await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: userId,
      theme_id: themeId,
      title: 'Título',
      content: 'Conteúdo do post',
      platform: options.platform ?? 'x',
      scheduled_for: scheduledFor,
      status: options.status ?? 'scheduled',
      ...(options.accountId ? { connected_account_id: options.accountId } : {}),
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  return row;
}

async function person(label: string, timezone = 'America/Sao_Paulo') {
  const user = await signedInUser(handle, app.url, { label, timezone });
  const theme = await insertTestTheme(handle, user.id);
  return { ...user, themeId: theme.id };
}

async function accountIdOf(userId: string, platform: Platform): Promise<string[]> {
  const rows = await handle.db
    .selectFrom('connected_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.id);
}

/** An active account of `platform` in the person's workspace, connected `secondsAgo` (order). */
async function connect(
  userId: string,
  platform: Platform,
  username: string,
  secondsAgo = 0,
): Promise<string> {
  const row = await handle.db
    .insertInto('connected_accounts')
    .values({
      user_id: userId,
      platform,
      platform_user_id: `${platform}-${username}-${userId}`,
      platform_username: username,
      access_token: 'sealed',
      account_data: { name: username },
      is_active: true,
      created_at: new Date(Date.now() - secondsAgo * 1000),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const usage = (client: TestClient, month?: string) =>
  client.query<BudgetUsage>('posts.budget', month ? { month } : {});

describe('posts.budget: what is used', () => {
  it('counts each network per local day and month, every user for an installation budget', async () => {
    const me = await person('uso');
    const other = await person('outro');
    // Sao Paulo is UTC-3. The month of March 2027 runs 2027-03-01T03:00Z to 2027-04-01T03:00Z.
    await makePost(me.id, me.themeId, '2027-03-01T02:59:00Z'); // February 28th, local
    await makePost(me.id, me.themeId, '2027-03-01T03:00:00Z'); // March 1st, 00:00 local
    await makePost(me.id, me.themeId, '2027-03-10T13:00:00Z', { status: 'published' });
    await makePost(other.id, other.themeId, '2027-03-10T14:00:00Z', { status: 'needs_attention' });
    await makePost(other.id, other.themeId, '2027-03-10T15:00:00Z', { status: 'publishing' });
    await makePost(me.id, me.themeId, '2027-03-10T16:00:00Z', { status: 'failed' }); // not sent: not counted
    await makePost(me.id, me.themeId, '2027-03-10T17:00:00Z', { status: 'missed' });
    await makePost(me.id, me.themeId, '2027-04-01T02:59:00Z'); // March 31st, 23:59 local
    await makePost(me.id, me.themeId, '2027-04-01T03:00:00Z'); // April
    await makePost(me.id, me.themeId, '2027-03-10T12:00:00Z', { platform: 'linkedin' }); // no budget

    const res = await usage(me.browser, '2027-03');
    expect(res.status).toBe(200);
    const data = res.data!;
    expect(data.month).toBe('2027-03');
    expect(data.timeZone).toBe('America/Sao_Paulo');
    // X keeps its default (1,500 a month, 17 a day, the whole installation); LinkedIn has none.
    expect(data.networks.map((n) => n.platform)).toEqual([
      'x',
      'instagram',
      'threads',
      'mastodon',
      'bluesky',
      'pinterest',
      'youtube',
      'tiktok',
    ]);
    const x = data.networks.find((n) => n.platform === 'x')!;
    expect(x).toMatchObject({ scope: 'installation', month: 1500, day: 17, monthUsed: 5 });
    expect(x.days).toEqual({ '2027-03-01': 1, '2027-03-10': 3, '2027-03-31': 1 });
    expect(data.defaults.x).toEqual({ month: 1500, day: 17, scope: 'installation' });

    // The other user sees the same installation-wide count.
    const theirs = (await usage(other.browser, '2027-03')).data!;
    expect(theirs.networks.find((n) => n.platform === 'x')!.monthUsed).toBe(5);
  });

  it('a per-account budget (stored as the old per-user one) counts only the caller workspace; days follow the caller zone', async () => {
    await setBudgets({ x: { month: 100, day: 2, scope: 'user' } });
    const me = await person('meu', 'UTC');
    const other = await person('alheio');
    await makePost(me.id, me.themeId, '2027-05-10T01:00:00Z');
    await makePost(other.id, other.themeId, '2027-05-10T01:30:00Z');
    const mine = (await usage(me.browser, '2027-05')).data!.networks.find((n) => n.platform === 'x')!;
    // No X account connected: the workspace's posts of the network.
    expect(mine).toMatchObject({
      scope: 'account',
      accountId: null,
      account: null,
      month: 100,
      day: 2,
      monthUsed: 1,
    });
    expect(mine.days).toEqual({ '2027-05-10': 1 }); // in UTC; it would be May 9th in Sao Paulo
    const theirs = (await usage(other.browser, '2027-05')).data!.networks.find((n) => n.platform === 'x')!;
    expect(theirs.days).toEqual({ '2027-05-09': 1 });
  });

  it('refuses a month that is not YYYY-MM, and anonymous callers', async () => {
    const me = await person('mes');
    expect((await usage(me.browser, '2027-13')).status).toBe(400);
    expect((await me.browser.query('posts.budget', { month: 'março' })).status).toBe(400);
  });
});

describe('saving a date past a budget', () => {
  it('refuses with the overruns and changes nothing, then saves when confirmed', async () => {
    await setBudgets({ x: { month: 0, day: 2, scope: 'installation' } });
    const me = await person('agenda');
    const other = await person('vizinho');
    const day = '2027-06-12';
    await makePost(me.id, me.themeId, `${day}T13:00:00Z`);
    await makePost(other.id, other.themeId, `${day}T14:00:00Z`); // another user's post counts too
    const post = await makePost(me.id, me.themeId, '2027-06-20T13:00:00Z');
    const target = new Date(`${day}T18:00:00Z`);

    const refused = await me.browser.mutate('posts.reschedule', { id: post.id, scheduledFor: target });
    expect(refused.status).toBe(412);
    expect(refused.error?.message).toBe('BUDGET_EXCEEDED');
    expect(refused.error?.details).toEqual({
      timeZone: 'America/Sao_Paulo',
      overruns: [
        { platform: 'x', period: 'day', periodKey: day, scope: 'installation', used: 2, budget: 2 },
      ] satisfies BudgetOverrun[],
    });
    const untouched = await handle.db
      .selectFrom('suggested_posts')
      .select(['scheduled_for', 'version'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ scheduled_for: new Date('2027-06-20T13:00:00Z'), version: post.version });
    expect(enqueued).toHaveLength(0);

    // The edit dialog's save is checked the same way.
    const edit = await me.browser.mutate('posts.update', {
      id: post.id,
      title: 'Novo',
      content: 'Texto',
      scheduledFor: target,
    });
    expect(edit.error?.message).toBe('BUDGET_EXCEEDED');

    const confirmed = await me.browser.mutate<{ scheduledFor: string; version: number }>('posts.reschedule', {
      id: post.id,
      scheduledFor: target,
      confirmOverBudget: true,
    });
    expect(confirmed.status).toBe(200);
    expect(new Date(confirmed.data!.scheduledFor)).toEqual(target);
    expect(enqueued.map((w) => w.id)).toEqual([post.id]);
    const x = (await usage(me.browser, '2027-06')).data!.networks.find((n) => n.platform === 'x')!;
    expect(x.days[day]).toBe(3);
  });

  it('moving a post within its day, or editing only its text, is never held against the budget', async () => {
    await setBudgets({ x: { month: 2, day: 1, scope: 'user' } });
    const me = await person('mesmo-dia');
    const post = await makePost(me.id, me.themeId, '2027-07-01T13:00:00Z');
    await makePost(me.id, me.themeId, '2027-07-02T13:00:00Z');
    await makePost(me.id, me.themeId, '2027-07-03T13:00:00Z');
    // July is already over (3 posts for a budget of 2), this post among them: moving it inside
    // its day and month adds nothing to either, so it is not refused.
    const later = await me.browser.mutate('posts.reschedule', {
      id: post.id,
      scheduledFor: new Date('2027-07-01T20:00:00Z'),
    });
    expect(later.status).toBe(200);
    const text = await me.browser.mutate('posts.update', {
      id: post.id,
      title: 'Só o texto',
      content: 'Outro texto',
      scheduledFor: new Date('2027-07-01T20:00:00Z'),
    });
    expect(text.status).toBe(200);
    // To a day that holds another post: over the daily budget (the month is unchanged).
    const busy = await me.browser.mutate('posts.reschedule', {
      id: post.id,
      scheduledFor: new Date('2027-07-02T20:00:00Z'),
    });
    expect(busy.error?.details).toMatchObject({ overruns: [{ period: 'day', used: 1, budget: 1 }] });
  });

  it('a failed post scheduled again is counted as new in its period', async () => {
    await setBudgets({ x: { month: 1, day: 0, scope: 'user' } });
    const me = await person('falhou');
    const failed = await makePost(me.id, me.themeId, '2027-08-05T13:00:00Z', { status: 'failed' });
    await makePost(me.id, me.themeId, '2027-08-06T13:00:00Z');
    const res = await me.browser.mutate('posts.reschedule', {
      id: failed.id,
      scheduledFor: new Date('2027-08-05T15:00:00Z'),
    });
    expect(res.error?.details).toMatchObject({
      overruns: [{ period: 'month', periodKey: '2027-08', used: 1, budget: 1, scope: 'account' }],
    });
  });

  it('"Tentar novamente" of a failed post on a full day asks too, and goes when confirmed', async () => {
    await setBudgets({ x: { month: 0, day: 1, scope: 'user' } });
    const me = await person('retry');
    await makePost(me.id, me.themeId, '2027-08-20T13:00:00Z');
    const failed = await makePost(me.id, me.themeId, '2027-08-20T15:00:00Z', { status: 'failed' });
    const refused = await me.browser.mutate('posts.retry', { id: failed.id });
    expect(refused.status).toBe(412);
    expect(refused.error?.details).toMatchObject({ overruns: [{ period: 'day', periodKey: '2027-08-20' }] });
    const row = await handle.db
      .selectFrom('suggested_posts')
      .select(['status', 'version'])
      .where('id', '=', failed.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', version: failed.version });
    const confirmed = await me.browser.mutate<{ status: string }>('posts.retry', {
      id: failed.id,
      confirmOverBudget: true,
    });
    expect(confirmed.data?.status).toBe('scheduled');
  });

  it('a network without a budget is never refused', async () => {
    const me = await person('linkedin');
    const posts = await Promise.all(
      [1, 2, 3].map(() => makePost(me.id, me.themeId, '2027-09-01T13:00:00Z', { platform: 'linkedin' })),
    );
    const res = await me.browser.mutate('posts.reschedule', {
      id: posts[0]!.id,
      scheduledFor: new Date('2027-09-02T13:00:00Z'),
    });
    expect(res.status).toBe(200);
  });
});

describe('"Novo post" past a budget (posts.compose)', () => {
  it("refuses with every network's overruns and stores nothing, then stores every post when confirmed", async () => {
    await setBudgets({
      x: { month: 0, day: 1, scope: 'installation' },
      instagram: { month: 0, day: 1, scope: 'user' },
    });
    const me = await person('compositor');
    for (const platform of ['x', 'instagram', 'linkedin'] as const)
      await handle.db
        .insertInto('connected_accounts')
        .values({
          user_id: me.id,
          platform,
          platform_user_id: `${platform}-${me.id}`,
          platform_username: 'cafe',
          access_token: 'sealed',
          account_data: { name: 'Café' },
          is_active: true,
        } as never)
        .execute();
    const day = '2027-07-14';
    await makePost(me.id, me.themeId, `${day}T13:00:00Z`);
    await makePost(me.id, me.themeId, `${day}T15:00:00Z`, { platform: 'instagram' });
    const input = {
      themeId: me.themeId,
      title: 'Lançamento',
      baseContent: 'Café novo na casa.',
      networks: [
        { platform: 'x', content: null },
        { platform: 'instagram', content: null },
        { platform: 'linkedin', content: null },
      ],
      scheduledFor: new Date(`${day}T18:00:00Z`),
      action: 'schedule',
    };
    const refused = await me.browser.mutate('posts.compose', input);
    expect(refused.status).toBe(412);
    expect(refused.error?.message).toBe('BUDGET_EXCEEDED');
    expect(refused.error?.details).toEqual({
      timeZone: 'America/Sao_Paulo',
      overruns: [
        { platform: 'x', period: 'day', periodKey: day, scope: 'installation', used: 1, budget: 1 },
        {
          platform: 'instagram',
          period: 'day',
          periodKey: day,
          scope: 'account',
          // The workspace's only Instagram account: counted, not named.
          accountId: (await accountIdOf(me.id, 'instagram'))[0]!,
          account: null,
          used: 1,
          budget: 1,
        },
      ] satisfies BudgetOverrun[],
    });
    const count = async () =>
      (await handle.db.selectFrom('suggested_posts').select('id').where('user_id', '=', me.id).execute())
        .length;
    expect(await count()).toBe(2);
    expect(enqueued).toHaveLength(0);

    // Another day within the budgets asks nothing.
    const free = await me.browser.mutate('posts.compose', {
      ...input,
      networks: [{ platform: 'x', content: null }],
      scheduledFor: new Date('2027-07-15T18:00:00Z'),
    });
    expect(free.status).toBe(200);
    expect(await count()).toBe(3);

    const confirmed = await me.browser.mutate<{ posts: { platform: Platform }[] }>('posts.compose', {
      ...input,
      confirmOverBudget: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data!.posts.map((p) => p.platform).sort()).toEqual(['instagram', 'linkedin', 'x']);
    expect(await count()).toBe(6);
    const x = (await usage(me.browser, '2027-07')).data!.networks.find((n) => n.platform === 'x')!;
    expect(x.days[day]).toBe(2);
  });
});

describe('the administrator sets budgets', () => {
  it('saves per-network overrides that change the usage; refuses malformed ones without change', async () => {
    const admin = await person('admin');
    await handle.db.transaction().execute((trx) => setRole(trx, admin.id, 'admin'));
    // A role change ends the user's sessions: sign in again.
    admin.browser.jar.set(
      'pauta_session',
      (await createSession(handle.db, admin.id, { persistent: false })).token,
    );
    const saved = await admin.browser.mutate<{ value: unknown }>('admin.settings.update', {
      key: 'network_budgets',
      value: JSON.stringify({ x: { month: 500, day: 0, scope: 'installation' } }),
      json: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.data!.value).toEqual({ x: { month: 500, day: null, scope: 'installation' } });
    const x = (await usage(admin.browser)).data!.networks.find((n) => n.platform === 'x')!;
    expect(x).toMatchObject({ month: 500, day: null });

    for (const value of [
      '{"x": {"month": -1, "day": 0, "scope": "installation"}}',
      '{"x": {"month": 2.5, "day": 0, "scope": "installation"}}',
      '{"twitter": {"month": 10, "day": 0, "scope": "user"}}',
      '{"x": {"month": 10, "day": 0, "scope": "todos"}}',
      '[1, 2]',
    ]) {
      const res = await admin.browser.mutate('admin.settings.update', {
        key: 'network_budgets',
        value,
        json: true,
      });
      expect(res.status, value).toBe(400);
      expect(res.error?.details).toMatchObject({ reason: 'INVALID_VALUE', expected: 'budgets' });
    }
    const broken = await admin.browser.mutate('admin.settings.update', {
      key: 'network_budgets',
      value: '{"x": ',
      json: true,
    });
    expect(broken.error?.details).toMatchObject({ reason: 'INVALID_JSON' });
    const row = await handle.db
      .selectFrom('admin_settings')
      .select('setting_value')
      .where('setting_key', '=', 'network_budgets')
      .executeTakeFirstOrThrow();
    expect(row.setting_value).toEqual({ x: { month: 500, day: null, scope: 'installation' } });
  });
});

describe('new posts past a budget (a theme calendar)', () => {
  it('reports each day and month the new posts put over, with the count that includes them', async () => {
    await setBudgets({
      x: { month: 3, day: 1, scope: 'user' },
      instagram: { month: 0, day: 0, scope: 'user' },
    });
    const me = await person('tema');
    await makePost(me.id, me.themeId, '2027-10-01T13:00:00Z'); // already there
    const fresh = [
      await makePost(me.id, me.themeId, '2027-10-01T15:00:00Z'),
      await makePost(me.id, me.themeId, '2027-10-02T13:00:00Z'),
      await makePost(me.id, me.themeId, '2027-10-03T13:00:00Z'),
    ];
    const rows = await handle.db
      .selectFrom('suggested_posts')
      .select(['platform', 'scheduled_for'])
      .where(
        'id',
        'in',
        fresh.map((p) => p.id),
      )
      .execute();
    const overruns = await overrunsOfNewPosts(
      { db: handle.db },
      { workspaceId: me.id, userId: me.id, posts: rows },
    );
    // No X account: the workspace's posts of the network, no account named.
    const who = { scope: 'account', accountId: null, account: null } as const;
    expect(overruns).toEqual([
      { platform: 'x', period: 'day', periodKey: '2027-10-01', ...who, used: 2, budget: 1 },
      { platform: 'x', period: 'month', periodKey: '2027-10', ...who, used: 4, budget: 3 },
    ]);
  });
});

describe('budgets per connected account (two Instagram accounts in one workspace)', () => {
  // Instagram's default: 50 posts a day per account (docs/budgets.md). March 12th 2027 in São Paulo.
  const day = '2027-03-12';
  const at = (hour: number, minute = 0) => new Date(Date.UTC(2027, 2, 12, hour + 3, minute)); // local hour → UTC (UTC-3)

  async function twoAccounts(label: string) {
    const me = await person(label);
    const centro = await connect(me.id, 'instagram', 'loja_centro', 60);
    const bairro = await connect(me.id, 'instagram', 'loja_bairro', 30);
    return { me, centro, bairro };
  }
  async function fill(me: { id: string; themeId: string }, accountId: string, count: number) {
    for (let i = 0; i < count; i++)
      await makePost(me.id, me.themeId, at(8, i).toISOString(), { platform: 'instagram', accountId });
  }

  it("50 posts of the first account do not put the second's post over; the 51st of the first is", async () => {
    const { me, centro, bairro } = await twoAccounts('duas-contas');
    await fill(me, centro, 50);
    const second = await makePost(me.id, me.themeId, '2027-03-20T13:00:00Z', {
      platform: 'instagram',
      accountId: bairro,
    });
    const first = await makePost(me.id, me.themeId, '2027-03-20T14:00:00Z', {
      platform: 'instagram',
      accountId: centro,
    });

    // The usage names each account: one entry per account, in the order they were connected.
    const data = (await usage(me.browser, '2027-03')).data!;
    const instagram = data.networks.filter((n) => n.platform === 'instagram');
    expect(instagram).toMatchObject([
      { accountId: centro, account: '@loja_centro', scope: 'account', day: 50, monthUsed: 51 },
      { accountId: bairro, account: '@loja_bairro', scope: 'account', day: 50, monthUsed: 1 },
    ]);
    expect(instagram[0]!.days[day]).toBe(50);
    expect(instagram[1]!.days[day]).toBeUndefined();

    // The second account's post on that day: its own account has nothing there.
    const moved = await me.browser.mutate('posts.reschedule', { id: second.id, scheduledFor: at(18) });
    expect(moved.status).toBe(200);

    // The first account's 51st: over, naming the account.
    const refused = await me.browser.mutate('posts.reschedule', { id: first.id, scheduledFor: at(19) });
    expect(refused.status).toBe(412);
    expect(refused.error?.details).toEqual({
      timeZone: 'America/Sao_Paulo',
      overruns: [
        {
          platform: 'instagram',
          period: 'day',
          periodKey: day,
          scope: 'account',
          accountId: centro,
          account: '@loja_centro',
          used: 50,
          budget: 50,
        },
      ] satisfies BudgetOverrun[],
    });

    // Moving the second account's post to the first account (Editar Post's "Conta") on that day:
    // new to the first account's day, so over, though the post is already in that day.
    const switched = await me.browser.mutate('posts.update', {
      id: second.id,
      title: 'Troca de conta',
      content: 'Legenda',
      scheduledFor: at(18),
      accountId: centro,
    });
    expect(switched.status).toBe(412);
    expect(switched.error?.details).toMatchObject({ overruns: [{ accountId: centro, used: 50 }] });
  });

  it('a stored per-user override ("Cada usuário", from before) counts per account too', async () => {
    await setBudgets({ instagram: { month: 0, day: 2, scope: 'user' } });
    const { me, centro, bairro } = await twoAccounts('legado');
    await fill(me, centro, 2);
    const post = await makePost(me.id, me.themeId, '2027-03-20T13:00:00Z', {
      platform: 'instagram',
      accountId: bairro,
    });
    const ok = await me.browser.mutate('posts.reschedule', { id: post.id, scheduledFor: at(18) });
    expect(ok.status).toBe(200);
    const data = (await usage(me.browser, '2027-03')).data!;
    expect(data.budgets.instagram).toEqual({ month: null, day: 2, scope: 'account' });
  });

  it('"Novo post" to both accounts checks each against its own budget', async () => {
    const { me, centro, bairro } = await twoAccounts('compor-duas');
    await fill(me, centro, 50);
    const input = {
      themeId: me.themeId,
      title: 'Promoção',
      baseContent: 'Promoção de março.',
      networks: [
        { platform: 'instagram', content: null, accountId: centro },
        { platform: 'instagram', content: null, accountId: bairro },
      ],
      scheduledFor: at(18),
      action: 'schedule',
    };
    const refused = await me.browser.mutate('posts.compose', input);
    expect(refused.status).toBe(412);
    // Only the first account is over; the second's own count is 0.
    expect(refused.error?.details).toMatchObject({
      overruns: [{ platform: 'instagram', accountId: centro, account: '@loja_centro', used: 50, budget: 50 }],
    });
    expect((refused.error!.details as { overruns: unknown[] }).overruns).toHaveLength(1);

    // The second account alone on that day: nothing to ask.
    const alone = await me.browser.mutate('posts.compose', {
      ...input,
      networks: [{ platform: 'instagram', content: null, accountId: bairro }],
    });
    expect(alone.status).toBe(200);

    // With the second account full too, both are named in one refusal.
    await fill(me, bairro, 49);
    const both = await me.browser.mutate('posts.compose', input);
    expect(both.status).toBe(412);
    expect((both.error!.details as { overruns: BudgetOverrun[] }).overruns.map((o) => o.account)).toEqual([
      '@loja_centro',
      '@loja_bairro',
    ]);
  });

  it("the pre-flight's publishing-cap line counts the post's account", async () => {
    const { me, centro, bairro } = await twoAccounts('preflight-contas');
    // 50 posts of the first account in the 24 h before 18:00 of the day.
    await fill(me, centro, 50);
    const line = async (accountId: string) => {
      const res = await me.browser.mutate<{ checks: { kind: string; level: string; message: string }[] }>(
        'posts.preflight',
        { platform: 'instagram', accountId, content: 'Legenda', scheduledFor: at(18) },
      );
      expect(res.status).toBe(200);
      return res.data!.checks.find((check) => check.kind === 'dailyCap');
    };
    expect(await line(bairro)).toEqual({
      kind: 'dailyCap',
      level: 'ok',
      message:
        'Instagram · @loja_bairro: com este, 1 de 50 posts desta conta nas 24 horas até o horário escolhido (o limite de publicação da rede).',
    });
    expect(await line(centro)).toMatchObject({
      level: 'warning',
      message: expect.stringContaining('Instagram · @loja_centro: com este, 51 posts desta conta'),
    });
  });
});
