// "Novo post" (docs/composer.md) over HTTP against real PostgreSQL: one call stores one post per
// chosen network (own or inherited text, same time, one group), all or nothing with every
// network's refusal at once; a repeated idempotency key stores nothing twice; other workspaces'
// themes are not found; approval themes keep drafts or send them for approval.
import { randomUUID } from 'node:crypto';
import type { Platform } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';

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
  handle = await testDb();
  app = await listen(testDeps(handle, { queue: fakeQueue }));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});
beforeEach(() => {
  enqueued.length = 0;
});

type Composed = {
  groupId: string;
  posts: { id: string; platform: Platform; accountId?: string | null; slotAt?: string | null }[];
};

async function setup(options: { requiresApproval?: boolean; accounts?: Platform[] } = {}) {
  const me = await signedInUser(handle, app.url, { label: 'composer' });
  const theme = await handle.db
    .insertInto('themes')
    .values({
      user_id: me.id,
      name: 'Café especial',
      description: 'Descrição',
      social_networks: ['linkedin', 'x'],
      color_palette: 'green',
      requires_approval: options.requiresApproval ?? false,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  for (const platform of options.accounts ?? ['linkedin', 'x', 'instagram']) {
    await handle.db
      .insertInto('connected_accounts')
      .values({
        user_id: me.id,
        platform,
        platform_user_id: `${platform}-${me.id}`,
        platform_username: 'cafe.especial',
        access_token: 'sealed',
        account_data: { name: 'Café Especial' },
        is_active: true,
      } as never)
      .execute();
  }
  const scheduledFor = new Date(Date.now() + 3 * 86_400_000);
  scheduledFor.setUTCMilliseconds(0);
  return { me, themeId: theme.id, scheduledFor };
}

async function postsOf(userId: string) {
  return handle.db
    .selectFrom('suggested_posts')
    .select([
      'id',
      'platform',
      'content',
      'title',
      'scheduled_for',
      'group_id',
      'approval_stage',
      'post_order',
    ])
    .where('user_id', '=', userId)
    .orderBy('platform')
    .execute();
}

const BASE = 'Café coado na hora: 92 graus, moagem média, três minutos.';

describe('posts.compose', () => {
  it('two accounts of one network: one post per named account, pinned to it; a network of several without one is refused', async () => {
    const { me, themeId, scheduledFor } = await setup({ accounts: ['x'] });
    // A second X account of the workspace (the data model takes it; docs/workspaces.md).
    const second = await handle.db
      .insertInto('connected_accounts')
      .values({
        user_id: me.id,
        platform: 'x',
        platform_user_id: `x-second-${me.id}`,
        platform_username: 'cafe.filial',
        access_token: 'sealed',
        account_data: { name: 'Café Filial' },
        is_active: true,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await handle.db
      .selectFrom('connected_accounts')
      .select('id')
      .where('user_id', '=', me.id)
      .where('platform_user_id', '=', `x-${me.id}`)
      .executeTakeFirstOrThrow();
    const refused = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: BASE,
      networks: [{ platform: 'x', content: null }],
      scheduledFor,
      action: 'schedule',
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.details).toMatchObject({
      networkIssues: [
        {
          platform: 'x',
          message: 'Este cliente tem mais de uma conta do X (Twitter): escolha em qual conta publicar.',
        },
      ],
    });
    expect(await postsOf(me.id)).toEqual([]);

    const res = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: BASE,
      networks: [
        { platform: 'x', accountId: first.id, content: null },
        { platform: 'x', accountId: second.id, content: 'Na filial também.' },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(200);
    expect(res.data!.posts.map((p) => p.accountId).sort()).toEqual([first.id, second.id].sort());
    const rows = await handle.db
      .selectFrom('suggested_posts')
      .select(['content', 'connected_account_id'])
      .where('user_id', '=', me.id)
      .execute();
    expect(new Map(rows.map((r) => [r.connected_account_id, r.content]))).toEqual(
      new Map([
        [first.id, BASE],
        [second.id, 'Na filial também.'],
      ]),
    );
    // Editar Post moves a post to the other account; an id that is not an active X account of the
    // workspace is refused and changes nothing.
    const onFirst = res.data!.posts.find((p) => p.accountId === first.id)!;
    const moved = await me.browser.mutate('posts.update', {
      id: onFirst.id,
      title: 'Café coado',
      content: BASE,
      scheduledFor,
      accountId: second.id,
    });
    expect(moved.status).toBe(200);
    const wrong = await me.browser.mutate('posts.update', {
      id: onFirst.id,
      title: 'Café coado',
      content: BASE,
      scheduledFor,
      accountId: randomUUID(),
    });
    // An account that is not one of this workspace's active accounts of the network: not found,
    // the same answer as another workspace's id (the access matrix's IDOR rule).
    expect(wrong.status).toBe(404);
    expect(
      (
        await handle.db
          .selectFrom('suggested_posts')
          .select('connected_account_id')
          .where('id', '=', onFirst.id)
          .executeTakeFirstOrThrow()
      ).connected_account_id,
    ).toBe(second.id);
    // The same account twice in one save is refused.
    const twice = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: BASE,
      networks: [
        { platform: 'x', accountId: first.id, content: null },
        { platform: 'x', accountId: first.id, content: null },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(twice.status).toBe(400);
  });

  it('stores one post per network in one group: inherited base text, X its own text, same time and order; wakes each', async () => {
    const { me, themeId, scheduledFor } = await setup();
    const res = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: BASE,
      networks: [
        { platform: 'linkedin', content: null },
        { platform: 'x', content: 'Café coado: 92 °C, 3 min.' },
        { platform: 'instagram', content: null },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(200);
    const rows = await postsOf(me.id);
    expect(rows.map((r) => [r.platform, r.content])).toEqual([
      ['instagram', BASE],
      ['linkedin', BASE],
      ['x', 'Café coado: 92 °C, 3 min.'],
    ]);
    expect(new Set(rows.map((r) => r.group_id))).toEqual(new Set([res.data!.groupId]));
    expect(new Set(rows.map((r) => r.post_order)).size).toBe(1);
    for (const row of rows) {
      expect(row.scheduled_for).toEqual(scheduledFor);
      expect(row.title).toBe('Café coado');
      expect(row.approval_stage).toBeNull();
    }
    expect(enqueued.map((w) => w.platform).sort()).toEqual(['instagram', 'linkedin', 'x']);

    // Editar Post lists the other two.
    const siblings = await me.browser.query<{ platform: Platform; content: string }[]>('posts.siblings', {
      id: rows.find((r) => r.platform === 'x')!.id,
    });
    expect(siblings.data!.map((s) => s.platform).sort()).toEqual(['instagram', 'linkedin']);
  });

  it('refuses every network at fault at once, by network, and stores nothing', async () => {
    const { me, themeId, scheduledFor } = await setup({ accounts: ['linkedin', 'x'] });
    const res = await me.browser.mutate('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: BASE,
      networks: [
        { platform: 'linkedin', content: null },
        { platform: 'x', content: 'a'.repeat(281) },
        { platform: 'instagram', content: null },
        { platform: 'pinterest', content: null },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('VALIDATION_FAILED');
    const details = res.error?.details as { networkIssues: { platform: Platform; message: string }[] };
    expect(details.networkIssues).toEqual([
      {
        platform: 'x',
        message:
          'O conteúdo ultrapassa o limite de 280 caracteres do X (Twitter). Encurte o texto para salvar.',
      },
      { platform: 'instagram', message: 'Conecte uma conta do Instagram para publicar nele.' },
      { platform: 'pinterest', message: 'Conecte uma conta do Pinterest para publicar nele.' },
    ]);
    expect(await postsOf(me.id)).toEqual([]);
    expect(enqueued).toEqual([]);
  });

  it('refuses an empty inherited text in the tab that inherits it, and a network that cannot be saved without media', async () => {
    const { me, themeId, scheduledFor } = await setup({ accounts: ['linkedin', 'x', 'pinterest'] });
    const res = await me.browser.mutate('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: '   ',
      networks: [
        { platform: 'linkedin', content: null },
        { platform: 'x', content: 'Só no X.' },
        { platform: 'pinterest', content: 'Pin' },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(400);
    const details = res.error?.details as { networkIssues: { platform: Platform; message: string }[] };
    expect(details.networkIssues.map((i) => i.platform)).toEqual(['linkedin', 'pinterest']);
    expect(details.networkIssues[0]!.message).toBe('Escreva o texto do LinkedIn (ou o texto base).');
    expect(await postsOf(me.id)).toEqual([]);
  });

  it("stores each network's first comment as pending; a network without one refuses it in its tab, nothing stored", async () => {
    const { me, themeId, scheduledFor } = await setup({
      accounts: ['linkedin', 'x', 'instagram', 'google_business'],
    });
    const refused = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: BASE,
      networks: [
        { platform: 'google_business', content: null, firstComment: 'Link na bio' },
        { platform: 'linkedin', content: null, firstComment: 'a'.repeat(1251) },
        { platform: 'instagram', content: null, firstComment: '#cafe #especial' },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(refused.status).toBe(400);
    const details = refused.error?.details as { networkIssues: { platform: Platform; message: string }[] };
    expect(details.networkIssues.map((i) => i.platform)).toEqual(['google_business', 'linkedin']);
    expect(details.networkIssues[0]!.message).toContain('primeiro comentário');
    expect(details.networkIssues[1]!.message).toBe(
      'O primeiro comentário passa do limite do LinkedIn: 1251 de 1250 caracteres.',
    );
    expect(await postsOf(me.id)).toEqual([]);

    const res = await me.browser.mutate<Composed>('posts.compose', {
      themeId,
      title: 'Café coado',
      baseContent: BASE,
      networks: [
        { platform: 'linkedin', content: null, firstComment: 'Link nos comentários' },
        { platform: 'x', content: 'Café coado: 92 °C.', firstComment: 'Receita completa no blog' },
        // Only blanks: no comment.
        { platform: 'instagram', content: null, firstComment: '   ' },
      ],
      scheduledFor,
      action: 'schedule',
    });
    expect(res.status).toBe(200);
    const rows = await handle.db
      .selectFrom('suggested_posts')
      .select(['platform', 'first_comment', 'first_comment_status'])
      .where('user_id', '=', me.id)
      .orderBy('platform')
      .execute();
    expect(rows).toEqual([
      { platform: 'instagram', first_comment: null, first_comment_status: null },
      { platform: 'linkedin', first_comment: 'Link nos comentários', first_comment_status: 'pending' },
      { platform: 'x', first_comment: 'Receita completa no blog', first_comment_status: 'pending' },
    ]);
  });

  it('"Adicionar à fila": each network takes its account\'s next free slot; a network without slots is refused in its tab first', async () => {
    const { me, themeId, scheduledFor } = await setup();
    const accounts = await handle.db
      .selectFrom('connected_accounts')
      .select(['id', 'platform', 'workspace_id'])
      .where('user_id', '=', me.id)
      .execute();
    const accountOf = (platform: Platform) => accounts.find((a) => a.platform === platform)!;
    // Every day at 08:00 and 20:00 (in the workspace's zone) for LinkedIn; none for X yet.
    const linkedin = accountOf('linkedin');
    await handle.db
      .insertInto('queue_slots')
      .values(
        [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
          [8 * 60, 20 * 60].map((minute) => ({
            workspace_id: linkedin.workspace_id,
            connected_account_id: linkedin.id,
            weekday,
            minute,
          })),
        ),
      )
      .execute();
    const compose = () =>
      me.browser.mutate<Composed>('posts.compose', {
        themeId,
        title: 'Na fila',
        baseContent: BASE,
        networks: [
          { platform: 'linkedin', content: null },
          { platform: 'x', content: null },
        ],
        scheduledFor,
        action: 'queue',
      });
    const refused = await compose();
    expect(refused.status).toBe(400);
    const details = refused.error?.details as { networkIssues: { platform: Platform; message: string }[] };
    expect(details.networkIssues.map((i) => i.platform)).toEqual(['x']);
    expect(details.networkIssues[0]!.message).toContain('ainda não tem horários na fila');
    expect(await postsOf(me.id)).toEqual([]);

    const x = accountOf('x');
    await handle.db
      .insertInto('queue_slots')
      .values(
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          workspace_id: x.workspace_id,
          connected_account_id: x.id,
          weekday,
          minute: 12 * 60,
        })),
      )
      .execute();
    const res = await compose();
    expect(res.status).toBe(200);
    const rows = await handle.db
      .selectFrom('suggested_posts')
      .select(['id', 'platform', 'scheduled_for', 'queue_account_id'])
      .where('user_id', '=', me.id)
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      // Each took its own account's slot, within the next day, not the composer's time.
      expect(row.queue_account_id).toBe(accountOf(row.platform).id);
      expect(row.scheduled_for!.getTime()).toBeGreaterThan(Date.now());
      expect(row.scheduled_for!.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
      expect(row.scheduled_for).not.toEqual(scheduledFor);
      const answered = res.data!.posts.find((post) => post.id === row.id)!;
      expect(new Date(answered.slotAt!)).toEqual(row.scheduled_for);
    }
    // The wake-ups are the slots' (enqueued by the queue), not the composer's time.
    expect(enqueued.map((wakeUp) => wakeUp.scheduled_for.getTime()).sort()).toEqual(
      rows.map((row) => row.scheduled_for!.getTime()).sort(),
    );
  });

  it('stores nothing twice for a repeated idempotency key (a double click)', async () => {
    const { me, themeId, scheduledFor } = await setup();
    const input = {
      themeId,
      title: 'Café coado',
      baseContent: BASE,
      networks: [
        { platform: 'linkedin', content: null },
        { platform: 'x', content: null },
      ],
      scheduledFor,
      action: 'schedule',
    };
    const key = randomUUID();
    const [a, b] = await Promise.all([
      me.browser.mutate<Composed>('posts.compose', input, { idempotencyKey: key }),
      me.browser.mutate<Composed>('posts.compose', input, { idempotencyKey: key }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.data!.groupId).toBe(a.data!.groupId);
    expect(await postsOf(me.id)).toHaveLength(2);
  });

  it("does not find another workspace's theme, and a past time or a repeated network stores nothing", async () => {
    const { me, scheduledFor } = await setup();
    const other = await setup();
    const base = {
      title: 'Café',
      baseContent: BASE,
      networks: [{ platform: 'linkedin', content: null }],
      scheduledFor,
      action: 'schedule',
    };
    const foreign = await me.browser.mutate('posts.compose', { ...base, themeId: other.themeId });
    expect(foreign.error?.message).toBe('NOT_FOUND');
    const past = await me.browser.mutate('posts.compose', {
      ...base,
      themeId: other.themeId,
      scheduledFor: new Date(Date.now() - 3_600_000),
    });
    expect(past.status).toBeGreaterThanOrEqual(400);
    const own = await handle.db
      .selectFrom('themes')
      .select('id')
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    const pastOwn = await me.browser.mutate('posts.compose', {
      ...base,
      themeId: own.id,
      scheduledFor: new Date(Date.now() - 3_600_000),
    });
    expect(pastOwn.error?.message).toBe('VALIDATION_FAILED');
    const twice = await me.browser.mutate('posts.compose', {
      ...base,
      themeId: own.id,
      networks: [
        { platform: 'x', content: null },
        { platform: 'x', content: 'outro' },
      ],
    });
    expect(twice.error?.message).toBe('VALIDATION_FAILED');
    expect(await postsOf(me.id)).toEqual([]);
    expect(await postsOf(other.me.id)).toEqual([]);
  });

  it('an approval theme: "Salvar rascunho" keeps drafts, "Enviar para aprovação" sends each for review; "Agendar" is refused', async () => {
    const { me, themeId, scheduledFor } = await setup({ requiresApproval: true });
    const input = (action: string, title: string) => ({
      themeId,
      title,
      baseContent: BASE,
      networks: [
        { platform: 'linkedin', content: null },
        { platform: 'x', content: null },
      ],
      scheduledFor,
      action,
    });
    const scheduled = await me.browser.mutate('posts.compose', input('schedule', 'Agendado'));
    expect(scheduled.error?.message).toBe('VALIDATION_FAILED');
    expect((await me.browser.mutate('posts.compose', input('draft', 'Rascunho'))).status).toBe(200);
    expect((await me.browser.mutate('posts.compose', input('review', 'Revisão'))).status).toBe(200);
    const rows = await postsOf(me.id);
    expect(rows.filter((r) => r.title === 'Rascunho').map((r) => r.approval_stage)).toEqual([
      'draft',
      'draft',
    ]);
    expect(rows.filter((r) => r.title === 'Revisão').map((r) => r.approval_stage)).toEqual([
      'review',
      'review',
    ]);
    expect(rows.filter((r) => r.title === 'Agendado')).toEqual([]);
  });
});
