import { approvalMessages, clientLinkMessages, messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ClientApprovalPage, tokenFromPath } from './ClientApprovalPage';

const text = clientLinkMessages;
const TOKEN = 'T'.repeat(43);
const POST_A = '11111111-1111-4111-8111-111111111111';
const POST_B = '22222222-2222-4222-8222-222222222222';

function post(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    platform: 'linkedin',
    title: id === POST_A ? 'Lançamento da coleção' : 'Bastidores',
    content: id === POST_A ? 'Chegou a coleção de verão! #verao' : 'Um dia no ateliê.',
    scheduledFor: new Date('2026-12-01T13:00:00Z'),
    themeName: 'Campanha de verão',
    images: [],
    video: null,
    ...overrides,
  };
}

function openView(posts: unknown[]) {
  return {
    state: 'open',
    clientName: 'Ana Cliente',
    branding: {
      name: 'Padaria Pão Quente',
      color: '#E8590C',
      logoUrl: '/media/workspaces/logo.webp?exp=1&sig=x',
    },
    ownerName: 'Marina',
    scope: { kind: 'theme', themeName: 'Campanha de verão' },
    expiresAt: new Date('2026-12-08T13:00:00Z'),
    timeZone: 'America/Sao_Paulo',
    accounts: [
      { platform: 'linkedin', name: 'Ateliê Marina', username: null, pageName: null, avatarUrl: null },
    ],
    posts,
  };
}

function visit(handlers: Record<string, unknown>) {
  const api = mockTrpc(handlers);
  window.history.replaceState(null, '', `/aprovacao/${TOKEN}`);
  render(<ClientApprovalPage />);
  return api;
}

describe('the client approval page', () => {
  it('reads the token from the path', () => {
    expect(tokenFromPath(`/aprovacao/${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromPath('/aprovacao/')).toBe('');
  });

  it('shows each pending post as its network will, and approving disables the buttons, then refreshes', async () => {
    let pending = [post(POST_A), post(POST_B, { platform: 'x' })];
    const answer = deferred<unknown>();
    const api = visit({
      'clientApproval.view': () => openView(pending),
      'clientApproval.act': () => answer.promise,
    });
    expect(await screen.findByRole('heading', { name: text.greeting('Ana Cliente') })).toBeTruthy();
    expect(screen.getByText(text.postsCount(2))).toBeTruthy();
    // The cliente's branding: its logo (named for screen readers) and name on its colour.
    const logo = screen.getByRole('img', { name: 'Logo de Padaria Pão Quente' }) as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/media/workspaces/logo.webp?exp=1&sig=x');
    expect(screen.getByTestId('cliente-brand').style.borderBottom).toContain('rgb(232, 89, 12)');
    const card = screen.getByRole('article', { name: 'Lançamento da coleção' });
    // The LinkedIn preview, with the account's display name.
    expect(within(card).getByRole('figure', { name: /LinkedIn/ })).toBeTruthy();
    expect(within(card).getByText('Ateliê Marina')).toBeTruthy();
    const approve = within(card).getByRole('button', { name: new RegExp(`^${text.approve}`) });
    fireEvent.click(approve);
    fireEvent.click(approve);
    await waitFor(() => expect((approve as HTMLButtonElement).disabled).toBe(true));
    expect(
      (within(card).getByRole('button', { name: new RegExp(text.requestChanges) }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    pending = [post(POST_B, { platform: 'x' })];
    answer.resolve({ state: 'done', stage: 'approved', changed: true });
    expect(await screen.findByText(text.approvedDone('Lançamento da coleção'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lançamento da coleção' })).toBeNull());
    expect(api.callsTo('clientApproval.act').map((c) => c.input)).toEqual([
      { token: TOKEN, postId: POST_A, decision: 'approve', comment: null },
    ]);
    cleanup();
  });

  it('shows a post’s video in its network’s player: the cover as poster, the duration; no cover: the first frame', async () => {
    const reelUrl = '/media/posts/w/p/reel.mp4?exp=1&sig=a';
    const coverUrl = '/media/posts/w/p/capa.jpg?exp=1&sig=b';
    const tiktokUrl = '/media/posts/w/p/tiktok.mp4?exp=1&sig=c';
    visit({
      'clientApproval.view': openView([
        post(POST_A, {
          platform: 'instagram',
          video: { url: reelUrl, coverUrl, durationSeconds: 20, width: 1080, height: 1920 },
        }),
        post(POST_B, {
          platform: 'tiktok',
          video: { url: tiktokUrl, coverUrl: null, durationSeconds: 75, width: 1080, height: 1920 },
        }),
      ]),
    });
    const reel = await screen.findByRole('article', { name: 'Lançamento da coleção' });
    // Instagram's Reel: the 9:16 frame, a player named for screen readers, with the chosen cover.
    const figure = within(reel).getByRole('figure', { name: /Instagram/ });
    expect(figure.getAttribute('data-video')).toBe('vertical');
    const player = within(reel).getByLabelText(messages.preview.video(true)) as HTMLVideoElement;
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe(reelUrl);
    expect(player.getAttribute('poster')).toBe(coverUrl);
    expect(player.controls).toBe(true);
    expect(within(reel).getByText(messages.preview.videoDuration(20))).toBeTruthy();
    expect(within(reel).getByText('0:20')).toBeTruthy();
    // No image stands in for the video (the old page drew the MP4 as an <img>).
    expect(within(reel).queryByRole('img', { name: /./ })).toBeNull();
    // TikTok without a cover: its first frame, said so.
    const tiktok = screen.getByRole('article', { name: 'Bastidores' });
    const first = within(tiktok).getByLabelText(messages.preview.video(false)) as HTMLVideoElement;
    expect(first.getAttribute('src')).toBe(`${tiktokUrl}#t=0.001`);
    expect(first.getAttribute('poster')).toBeNull();
    expect(within(tiktok).getByText('1:15')).toBeTruthy();
    // The decision is still there under the video.
    expect(within(reel).getByRole('button', { name: new RegExp(`^${text.approve}`) })).toBeTruthy();
    cleanup();
  });

  it('asking for changes needs a comment; the comment is sent', async () => {
    const api = visit({
      'clientApproval.view': openView([post(POST_A)]),
      'clientApproval.act': { state: 'done', stage: 'changes', changed: true },
    });
    const card = await screen.findByRole('article', { name: 'Lançamento da coleção' });
    fireEvent.click(within(card).getByRole('button', { name: new RegExp(text.requestChanges) }));
    fireEvent.click(within(card).getByRole('button', { name: text.sendChanges }));
    expect(await within(card).findByText(text.commentRequired)).toBeTruthy();
    expect(api.callsTo('clientApproval.act')).toEqual([]);
    fireEvent.change(within(card).getByRole('textbox', { name: new RegExp(text.commentLabel) }), {
      target: { value: 'Trocar a foto' },
    });
    // Typing clears the message.
    expect(within(card).queryByText(text.commentRequired)).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: text.sendChanges }));
    expect(await screen.findByText(text.changesDone('Lançamento da coleção'))).toBeTruthy();
    expect(api.callsTo('clientApproval.act')[0]?.input).toEqual({
      token: TOKEN,
      postId: POST_A,
      decision: 'changes',
      comment: 'Trocar a foto',
    });
    cleanup();
  });

  it('says when nothing is pending', async () => {
    visit({ 'clientApproval.view': openView([]) });
    expect(await screen.findByText(text.nothingPending)).toBeTruthy();
    cleanup();
  });

  it.each([
    ['expired', text.expiredTitle, text.expiredText],
    ['invalid', text.invalidTitle, text.invalidText],
  ])('a %s link says so and offers no action', async (state, title, message) => {
    visit({ 'clientApproval.view': { state } });
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.approve })).toBeNull();
    cleanup();
  });

  it('a post the owner took back: says it no longer waits, and refreshes', async () => {
    let views = 0;
    visit({
      'clientApproval.view': () => {
        views++;
        return openView(views === 1 ? [post(POST_A)] : []);
      },
      'clientApproval.act': () => {
        throw new TrpcErrorResponse('CONFLICT', 'CONFLICT', { details: { reason: 'NOT_PENDING' } });
      },
    });
    const card = await screen.findByRole('article', { name: 'Lançamento da coleção' });
    fireEvent.click(within(card).getByRole('button', { name: new RegExp(`^${text.approve}`) }));
    expect(await screen.findByText(approvalMessages.refusals.NOT_PENDING)).toBeTruthy();
    expect(await screen.findByText(text.nothingPending)).toBeTruthy();
    cleanup();
  });

  it('rate limited: a pt-BR message', async () => {
    visit({
      'clientApproval.view': () => {
        throw new TrpcErrorResponse('TOO_MANY_REQUESTS', 'RATE_LIMITED');
      },
    });
    expect(await screen.findByText(text.rateLimited)).toBeTruthy();
    cleanup();
  });
});
