import { type LiveEvent, type LiveMessage, publishErrorMessages } from '@pauta/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createLiveHandler, type LiveToast, toastFor } from './live-events';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
let nextId = 1;

function event(overrides: Partial<LiveEvent>): LiveEvent {
  return {
    id: String(nextId++),
    workspaceId: ME,
    userId: ME,
    kind: 'post',
    postId: '33333333-3333-4333-8333-333333333333',
    publishedPostId: null,
    reportId: null,
    platform: 'linkedin',
    status: 'published',
    errorCode: null,
    retryAt: null,
    at: new Date(),
    ...overrides,
  };
}

const live = (e: LiveEvent, replayed = false): LiveMessage => ({ type: 'event', event: e, replayed });

function setup() {
  const queryClient = new QueryClient();
  const invalidated: string[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filter) => {
    invalidated.push(filter ? String((filter as { queryKey: string[][] }).queryKey[0]) : 'ALL');
  });
  const toasts: LiveToast[] = [];
  let flush: (() => void) | null = null;
  const handler = createLiveHandler({
    queryClient,
    workspaceId: ME,
    toast: (t) => toasts.push(t),
    schedule: (fn) => {
      flush = fn;
    },
    filters: {
      posts: { queryKey: [['posts']] },
      published: { queryKey: [['published']] },
      dashboard: { queryKey: [['dashboard']] },
      themes: { queryKey: [['themes']] },
      accounts: { queryKey: [['accounts', 'list']] },
      adminLogs: [{ queryKey: [['admin', 'logs']] }],
      approval: { queryKey: [['approval']] },
      reports: { queryKey: [['reports']] },
    },
  });
  return {
    handler,
    invalidated,
    toasts,
    flush: () => {
      const f = flush;
      flush = null;
      f?.();
    },
  };
}

describe('live events on the open screen', () => {
  it("a report's progress refetches the reports (and the dashboard) and toasts nothing", () => {
    const { handler, invalidated, toasts, flush } = setup();
    handler.handle({ type: 'sync' });
    const reportId = '44444444-4444-4444-8444-444444444444';
    handler.handle(live(event({ kind: 'report', reportId, postId: null, platform: null, status: null })));
    flush();
    expect(invalidated).toContain('reports');
    expect(invalidated).not.toContain('posts');
    expect(toasts).toEqual([]);
    // Another workspace's report (an administrator's stream) refreshes nothing of this one.
    handler.handle(
      live(
        event({ kind: 'report', reportId, workspaceId: OTHER, postId: null, platform: null, status: null }),
      ),
    );
    flush();
    expect(invalidated.filter((k) => k === 'reports')).toHaveLength(1);
  });

  it("another tab's bulk action refetches the posts, the board and the themes, and toasts nothing", () => {
    const { handler, invalidated, toasts, flush } = setup();
    handler.handle({ type: 'sync' });
    handler.handle(live(event({ kind: 'bulk', postId: null, platform: null, status: null })));
    flush();
    expect(invalidated).toEqual(expect.arrayContaining(['posts', 'themes', 'approval']));
    expect(toasts).toEqual([]);
  });

  it('a publication refetches the lists, the calendar, published posts and the dashboard, and toasts with a link', () => {
    const { handler, invalidated, toasts, flush } = setup();
    handler.handle({ type: 'sync' });
    handler.handle(live(event({ status: 'publishing' })));
    handler.handle(live(event({ status: 'published' })));
    flush();
    expect(new Set(invalidated)).toEqual(
      new Set(['posts', 'themes', 'approval', 'published', 'dashboard', 'admin,logs']),
    );
    // One refetch per screen for the whole burst.
    expect(invalidated.filter((k) => k === 'posts')).toHaveLength(1);
    expect(toasts).toEqual([
      {
        kind: 'success',
        title: 'Post publicado no LinkedIn',
        message: '',
        link: { href: '/published-posts', label: 'Ver em Posts Publicados' },
      },
    ]);
  });

  it('a failure says which network and why, linking to the failed posts', () => {
    expect(toastFor(event({ status: 'failed', platform: 'x', errorCode: 'CONTENT_TOO_LONG' }))).toEqual({
      kind: 'error',
      title: 'Falha ao publicar no X (Twitter)',
      message: 'O texto ultrapassa o limite de caracteres da rede. Edite o post e reagende.',
      link: { href: '/scheduled-posts?status=failed', label: 'Ver o post' },
    });
    expect(toastFor(event({ status: 'scheduled', errorCode: 'NETWORK_UNAVAILABLE' }))).toBeNull();
    expect(toastFor(event({ kind: 'metrics', status: null }))).toBeNull();
  });

  it('a post without the image its network requires names that network (Pinterest, not Instagram)', () => {
    expect(
      toastFor(event({ status: 'failed', platform: 'pinterest', errorCode: 'MEDIA_REQUIRED' }))?.message,
    ).toBe('O Pinterest exige uma imagem em cada post. Adicione uma imagem para publicar.');
  });

  it('an unapproved post whose time came toasts once with a link to the board, and refreshes the board', () => {
    const { handler, invalidated, toasts, flush } = setup();
    handler.handle({ type: 'sync' });
    handler.handle(live(event({ status: 'scheduled', errorCode: 'APPROVAL_OVERDUE' })));
    // A plain stage move (same status, no code) refreshes silently.
    handler.handle(live(event({ status: 'scheduled', errorCode: null })));
    flush();
    expect(invalidated).toContain('approval');
    expect(toasts).toEqual([
      {
        kind: 'warning',
        title: 'Post não publicado no LinkedIn: falta aprovação',
        message: publishErrorMessages.APPROVAL_OVERDUE,
        link: { href: '/approval-board', label: 'Abrir o quadro de aprovação' },
      },
    ]);
  });

  it("a client's answer through the approval link toasts the owner and refreshes the board", () => {
    const { handler, invalidated, toasts, flush } = setup();
    handler.handle({ type: 'sync' });
    handler.handle(live(event({ status: 'scheduled', errorCode: 'CLIENT_APPROVED' })));
    handler.handle(
      live(event({ status: 'scheduled', errorCode: 'CLIENT_CHANGES_REQUESTED', platform: 'x' })),
    );
    flush();
    expect(invalidated).toContain('approval');
    expect(toasts.map((t) => [t.kind, t.title, t.link?.href])).toEqual([
      ['success', 'Cliente aprovou um post do LinkedIn', '/approval-board'],
      ['info', 'Cliente pediu ajustes em um post do X (Twitter)', '/approval-board'],
    ]);
  });

  it("an account's expiry notice refreshes Contas Conectadas and the banner, with one warning toast", () => {
    const { handler, invalidated, toasts, flush } = setup();
    handler.handle({ type: 'sync' });
    handler.handle(
      live(event({ kind: 'account', postId: null, status: null, errorCode: 'ACCOUNT_EXPIRING' })),
    );
    flush();
    expect(invalidated).toContain('accounts,list');
    expect(invalidated).not.toContain('posts');
    expect(toasts).toEqual([
      {
        kind: 'warning',
        title: 'A conexão com o LinkedIn expira em breve',
        message: 'Reconecte a conta em Contas Conectadas para não interromper as publicações.',
        link: { href: '/connected-accounts', label: 'Ver Contas Conectadas' },
      },
    ]);
    // A network limit only refreshes: it passes by itself.
    handler.handle(
      live(event({ kind: 'account', platform: 'x', postId: null, status: null, errorCode: 'RATE_LIMITED' })),
    );
    handler.handle(
      live(
        event({
          kind: 'account',
          platform: 'x',
          postId: null,
          status: null,
          errorCode: 'ACCOUNT_NEEDS_RECONNECT',
        }),
      ),
    );
    flush();
    expect(toasts.map((t) => [t.kind, t.title])).toEqual([
      ['warning', 'A conexão com o LinkedIn expira em breve'],
      ['error', 'A conta do X (Twitter) precisa ser reconectada'],
    ]);
  });

  it("another member's event in the workspace on screen refreshes its screens and toasts", () => {
    const { handler, invalidated, toasts, flush } = setup();
    handler.handle({ type: 'sync' });
    handler.handle(live(event({ userId: OTHER, status: 'failed', errorCode: 'REJECTED' })));
    handler.handle(live(event({ userId: OTHER, status: 'scheduled', errorCode: 'CLIENT_APPROVED' })));
    flush();
    expect(invalidated).toEqual(expect.arrayContaining(['posts', 'approval', 'dashboard']));
    expect(toasts.map((t) => t.title)).toEqual([
      expect.stringContaining('aprovou'),
      'Falha ao publicar no LinkedIn',
    ]);
  });

  it("another workspace's event (an administrator's stream) refreshes only the logs, silently", () => {
    const { handler, invalidated, toasts, flush } = setup();
    handler.handle({ type: 'sync' });
    handler.handle(live(event({ workspaceId: OTHER, status: 'failed', errorCode: 'REJECTED' })));
    flush();
    expect(invalidated).toEqual(['admin,logs']);
    expect(toasts).toEqual([]);
  });

  it('the catch-up of a new stream refetches without toasting; a reconnect replay toasts', () => {
    const { handler, toasts, invalidated, flush } = setup();
    handler.handle(live(event({ status: 'published' }), true));
    handler.handle({ type: 'sync' });
    flush();
    expect(invalidated).toContain('posts');
    expect(toasts).toEqual([]);
    handler.handle(live(event({ status: 'failed', errorCode: 'REJECTED' }), true));
    flush();
    expect(toasts.map((t) => t.title)).toEqual(['Falha ao publicar no LinkedIn']);
  });

  it('many results at once become one summary toast; resync refetches everything', () => {
    const { handler, toasts, invalidated, flush } = setup();
    handler.handle({ type: 'sync' });
    for (let i = 0; i < 4; i++) handler.handle(live(event({ status: 'published' })));
    handler.handle(live(event({ status: 'failed', errorCode: 'REJECTED' })));
    flush();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.message).toBe('4 posts publicados e 1 post com problema.');
    handler.handle({ type: 'resync' });
    flush();
    expect(invalidated.at(-1)).toBe('ALL');
  });

  it('metrics refresh published posts and the dashboard, not the scheduled list', () => {
    const { handler, invalidated, toasts, flush } = setup();
    handler.handle({ type: 'sync' });
    handler.handle(live(event({ kind: 'metrics', status: null })));
    flush();
    expect(new Set(invalidated)).toEqual(new Set(['published', 'dashboard']));
    expect(toasts).toEqual([]);
  });
});
