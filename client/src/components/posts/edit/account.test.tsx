// Several accounts of one network (docs/workspaces.md): Editar Post's "Conta" where the network has
// several active accounts (a change is sent as accountId), a post whose account was disconnected
// says so and lets the person pick another, and cards and calendar chips name the account only
// where the workspace has several of that network.
import { messages } from '@pauta/core';
import { afterEach, describe, expect, it } from 'vitest';
import { postItem } from '../../../test-utils/posts-fixtures';
import { cleanup, fireEvent, render, screen, waitFor } from '../../../test-utils/render';
import { mockTrpc, noBudgetUsage, signedIn } from '../../../test-utils/trpc-mock';
import { PostChip } from '../../calendar/PostChip';
import { EditPostModal } from '../EditPostModal';
import { PostCard } from '../PostCard';
import type { PostItem } from '../types';

afterEach(cleanup);
const SP = 'America/Sao_Paulo';
const text = messages.posts;
const CENTRO = '11111111-1111-4111-8111-111111111111';
const BAIRRO = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';
const noop = () => undefined;

const xAccount = (id: string, username: string) => ({
  id,
  platform: 'x',
  username,
  name: `Loja ${username}`,
  avatarUrl: null,
  pageName: null,
  textLimit: null,
});
const TWO = [xAccount(CENTRO, 'loja_centro'), xAccount(BAIRRO, 'loja_bairro')];

const xPost = (accountId: string | null) =>
  postItem({
    platform: 'x',
    accountId,
    title: 'Promoção',
    content: 'Promoção de sábado.',
    scheduledFor: new Date('2027-03-10T12:00:00Z'),
  }) as unknown as PostItem;

function openEdit(post: PostItem, active: unknown[], update: (input: unknown) => unknown = () => post) {
  const api = mockTrpc({
    'auth.session': signedIn(true),
    'posts.budget': noBudgetUsage,
    'accounts.active': active,
    'posts.update': update,
  });
  render(<EditPostModal post={post as never} timeZone={SP} onClose={() => {}} />);
  return api;
}

describe('Editar Post: "Conta"', () => {
  it('offers the network’s accounts where it has several; a change is sent as accountId', async () => {
    const post = xPost(CENTRO);
    const api = openEdit(post, TWO);
    const select = await screen.findByRole('combobox', { name: new RegExp(`^${text.account}`) });
    expect((select as HTMLInputElement).value).toBe('@loja_centro (Loja loja_centro)');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: '@loja_bairro (Loja loja_bairro)' }));
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
    expect(api.callsTo('posts.update')[0]!.input).toMatchObject({ id: post.id, accountId: BAIRRO });
  });

  it('a network with one account shows no "Conta" and sends no accountId', async () => {
    const post = xPost(CENTRO);
    const api = openEdit(post, [TWO[0]]);
    const content = await screen.findByRole('textbox', { name: /Conteúdo/ });
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${text.account}`) })).toBeNull();
    fireEvent.change(content, { target: { value: 'Promoção de domingo.' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
    expect(api.callsTo('posts.update')[0]!.input).not.toHaveProperty('accountId');
  });

  it('a disconnected account is said, and another one can be picked', async () => {
    const post = xPost(GONE);
    const api = openEdit(post, TWO);
    expect((await screen.findByTestId('post-account-gone')).textContent).toBe(
      text.accountDisconnected('X (Twitter)'),
    );
    const select = screen.getByRole('combobox', { name: new RegExp(`^${text.account}`) });
    expect((select as HTMLInputElement).value).toBe('');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: '@loja_centro (Loja loja_centro)' }));
    expect(screen.queryByTestId('post-account-gone')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(api.callsTo('posts.update')).toHaveLength(1));
    expect(api.callsTo('posts.update')[0]!.input).toMatchObject({ accountId: CENTRO });
  });
});

describe('the account on cards and calendar chips', () => {
  it('a card names the @handle where the workspace has two accounts of the network, not with one', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'accounts.active': TWO });
    render(<PostCard post={xPost(BAIRRO)} timeZone={SP} onEdit={noop} onDelete={noop} onRetry={noop} />);
    expect((await screen.findByTestId('post-account')).textContent).toBe('@loja_bairro');
    cleanup();

    mockTrpc({ 'auth.session': signedIn(true), 'accounts.active': [TWO[1]] });
    render(<PostCard post={xPost(BAIRRO)} timeZone={SP} onEdit={noop} onDelete={noop} onRetry={noop} />);
    await screen.findByRole('article', { name: 'Promoção' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('post-account')).toBeNull();
  });

  it('a calendar chip shows the @handle (and its title names it) only with several accounts', async () => {
    mockTrpc({ 'auth.session': signedIn(true), 'accounts.active': TWO });
    const chip = (post: PostItem) => (
      <PostChip post={post} timeZone={SP} moving={false} onOpen={noop} onDragStart={noop} onDragEnd={noop} />
    );
    render(chip(xPost(CENTRO)));
    expect((await screen.findByTestId('chip-account')).textContent).toBe('@loja_centro');
    expect(screen.getByRole('button').getAttribute('title')).toContain('X (Twitter) @loja_centro');
    cleanup();

    mockTrpc({ 'auth.session': signedIn(true), 'accounts.active': [TWO[0]] });
    render(chip(xPost(CENTRO)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('chip-account')).toBeNull();
  });
});
