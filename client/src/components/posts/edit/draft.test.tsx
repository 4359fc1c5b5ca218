// "Rascunho" outside approval (docs/composer.md): Editar Post keeps a draft a draft on "Salvar
// rascunho" (Enter too) and takes it out only on "Agendar" — even with nothing else changed —,
// each click one request with its Idempotency-Key and the buttons disabled while it runs; the
// card shows the "Rascunho" badge; the composer offers "Salvar rascunho" beside "Agendar" for a
// theme without approval.
import { messages } from '@pauta/core';
import { afterEach, describe, expect, it } from 'vitest';
import { postItem } from '../../../test-utils/posts-fixtures';
import { cleanup, fireEvent, render, screen, waitFor } from '../../../test-utils/render';
import { themeListItem } from '../../../test-utils/themes';
import { expectToast } from '../../../test-utils/toasts';
import { mockTrpc, noBudgetUsage, signedIn } from '../../../test-utils/trpc-mock';
import { ComposerModal } from '../../composer/ComposerModal';
import { EditPostModal } from '../EditPostModal';
import { PostStatusBadge } from '../PostStatusBadge';

afterEach(cleanup);
const SP = 'America/Sao_Paulo';
const text = messages.posts;

const draft = () =>
  postItem({
    status: 'draft',
    title: 'Pão',
    content: 'Pão saindo às 7h.',
    scheduledFor: new Date('2027-03-10T12:00:00Z'),
  });

function openDraft(post: ReturnType<typeof postItem>, update: (input: unknown) => unknown) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'posts.budget': noBudgetUsage,
    'posts.update': update,
  });
  render(<EditPostModal post={post as never} timeZone={SP} onClose={() => {}} />);
  return api;
}

describe('Editar Post of a draft', () => {
  it('says it is a draft and offers "Salvar rascunho", "Agendar" and "Adicionar à fila" instead of "Salvar"', async () => {
    openDraft(draft(), () => draft());
    expect(await screen.findByText(text.draftHint)).toBeTruthy();
    expect(screen.getByRole('button', { name: text.saveDraft })).toBeTruthy();
    expect(screen.getByRole('button', { name: text.scheduleDraft })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Adicionar à fila/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.common.save })).toBeNull();
  });

  it('"Salvar rascunho" saves the change and keeps it a draft (no scheduleDraft)', async () => {
    const post = draft();
    const api = openDraft(post, () => post);
    const content = await screen.findByRole('textbox', { name: /Conteúdo/ });
    fireEvent.change(content, { target: { value: 'Pão de fermentação natural às 7h.' } });
    fireEvent.click(screen.getByRole('button', { name: text.saveDraft }));
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
    const call = api.callsTo('posts.update')[0]!;
    expect(call.input).toMatchObject({ id: post.id, content: 'Pão de fermentação natural às 7h.' });
    expect(call.input).not.toHaveProperty('scheduleDraft');
    expect(call.idempotencyKey).toBeTruthy();
    await expectToast(messages.common.success, text.draftSaved);
  });

  it('"Agendar" sends scheduleDraft even with nothing else changed; a second click while it runs sends nothing', async () => {
    const post = draft();
    let release: () => void = () => {};
    const api = openDraft(
      post,
      () =>
        new Promise((resolve) => {
          release = () => resolve({ ...post, status: 'scheduled' });
        }),
    );
    const schedule = await screen.findByRole('button', { name: text.scheduleDraft });
    fireEvent.click(schedule);
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: text.scheduleDraft }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect((screen.getByRole('button', { name: text.saveDraft }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: text.scheduleDraft }));
    expect(api.callsTo('posts.update')).toHaveLength(1);
    expect(api.callsTo('posts.update')[0]!.input).toMatchObject({ id: post.id, scheduleDraft: true });
    release();
    await expectToast(messages.common.success, text.draftScheduled);
  });

  it('a scheduled post keeps its one "Salvar" and sends no scheduleDraft', async () => {
    const post = postItem({ scheduledFor: new Date('2027-03-10T12:00:00Z') });
    openDraft(post, () => post);
    expect(await screen.findByRole('button', { name: messages.common.save })).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.saveDraft })).toBeNull();
    expect(screen.queryByText(text.draftHint)).toBeNull();
  });
});

describe('the "Rascunho" badge', () => {
  it('names the status with its label', () => {
    mockTrpc({ 'auth.session': signedIn(true) });
    render(<PostStatusBadge status="draft" />);
    expect(screen.getByText('Rascunho')).toBeTruthy();
  });
});

describe('the composer of a theme without approval', () => {
  it('offers "Salvar rascunho" beside "Agendar" and sends the draft action', async () => {
    const theme = themeListItem({ socialNetworks: ['linkedin'], requiresApproval: false });
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [theme],
      'accounts.list': [
        {
          platform: 'linkedin',
          status: 'connected',
          account: {
            id: '00000000-0000-4000-8000-000000000101',
            username: 'cafe',
            name: 'Café',
            followers: 1,
            avatarUrl: null,
            pageName: null,
            connectedAt: new Date('2026-03-05T15:00:00Z'),
            health: { state: 'ok', daysLeft: null, expiresAt: null, limitedUntil: null, needsAction: false },
          },
        },
      ],
      'posts.compose': () => ({
        groupId: 'g',
        posts: [{ id: 'p1', platform: 'linkedin', status: 'draft', slotAt: null }],
      }),
    });
    render(<ComposerModal opened timeZone={SP} onClose={() => undefined} />);
    const select = await screen.findByRole('combobox', { name: /^Tema/ });
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: theme.name }));
    await screen.findByRole('tab', { name: /LinkedIn/ });
    expect(screen.getByRole('button', { name: messages.composer.schedule })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: messages.composer.postTitle }), {
      target: { value: 'Café' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: messages.composer.baseText }), {
      target: { value: 'Café coado.' },
    });
    fireEvent.click(screen.getByRole('button', { name: messages.composer.saveDraft }));
    await waitFor(() => expect(api.callsTo('posts.compose')).toHaveLength(1));
    expect(api.callsTo('posts.compose')[0]!.input).toMatchObject({ action: 'draft' });
    await expectToast(messages.common.success, messages.composer.draftsSaved(1));
  });
});
