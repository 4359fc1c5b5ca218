import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { publishedItem } from '../../test-utils/posts-fixtures';
import { fireEvent, render, screen, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { formatEngagementMetric, formatMetric } from './metrics';
import { PublishedPostsView } from './PublishedPostsView';

const text = messages.published;

function open(handlers: Record<string, unknown>) {
  const api = mockTrpc({ 'auth.session': signedIn(true), ...handlers });
  window.history.replaceState(null, '', '/published-posts');
  render(<PublishedPostsView />);
  return api;
}

async function card(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest('article') as HTMLElement;
}

/** The metric values of a card, by label. */
function metrics(article: HTMLElement): Record<string, string> {
  const entries = [...article.querySelectorAll('dt')].map((dt) => [
    dt.textContent ?? '',
    dt.nextElementSibling?.textContent ?? '',
  ]);
  return Object.fromEntries(entries);
}

describe('published metrics formats', () => {
  it('abbreviates counts in pt-BR and says indisponível for a missing one', () => {
    expect(formatMetric(999)).toBe('999');
    expect(formatMetric(1000)).toBe('1k');
    expect(formatMetric(1500)).toBe('1,5k');
    expect(formatMetric(1_000_000)).toBe('1M');
    expect(formatMetric(0)).toBe('0');
    expect(formatMetric(null)).toBe('indisponível');
    expect(formatEngagementMetric(4.56)).toBe('4,6%');
    expect(formatEngagementMetric(null)).toBe('N/A');
  });
});

describe('Posts Publicados', () => {
  it('shows theme, network, date, title, content and the metrics of each post', async () => {
    open({
      'published.list': {
        items: [
          publishedItem({
            title: 'Com métricas',
            reach: 1500,
            likes: 999,
            comments: 1000,
            engagementRate: 4.56,
          }),
          publishedItem({
            title: 'Sem métricas',
            reach: null,
            likes: null,
            comments: null,
            engagementRate: null,
            url: null,
          }),
        ],
        nextCursor: null,
      },
    });
    const full = await card('Com métricas');
    expect(within(full).getByText('Marketing digital')).toBeTruthy();
    expect(within(full).getByText('Facebook')).toBeTruthy();
    expect(within(full).getByText(/20\/11\/2026 12:30/)).toBeTruthy();
    expect(metrics(full)).toEqual({
      Alcance: '1,5k',
      Curtidas: '999',
      Comentários: '1k',
      Engajamento: '4,6%',
    });
    const link = within(full).getByRole('link', { name: new RegExp(text.viewOnNetwork) });
    expect(link.getAttribute('href')).toBe('https://facebook.example/posts/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    const empty = await card('Sem métricas');
    expect(metrics(empty)).toEqual({
      Alcance: 'indisponível',
      Curtidas: 'indisponível',
      Comentários: 'indisponível',
      Engajamento: 'N/A',
    });
    expect(within(empty).queryByRole('link', { name: new RegExp(text.viewOnNetwork) })).toBeNull();
  });

  it('pages with Carregar mais', async () => {
    const api = open({
      'published.list': (input: unknown) =>
        (input as { cursor?: string }).cursor === 'p2'
          ? { items: [publishedItem({ title: 'Mais antigo' })], nextCursor: null }
          : { items: [publishedItem({ title: 'Mais novo' })], nextCursor: 'p2' },
    });
    await card('Mais novo');
    fireEvent.click(screen.getByRole('button', { name: text.loadMore }));
    await card('Mais antigo');
    expect(api.callsTo('published.list')).toHaveLength(2);
  });

  it('confirms before deleting, saying the post stays on the network', async () => {
    const post = publishedItem({ title: 'Vai sair' });
    const api = open({
      'published.list': { items: [post], nextCursor: null },
      'published.delete': { ok: true },
    });
    fireEvent.click(within(await card('Vai sair')).getByRole('button', { name: text.delete }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmDeleteTitle });
    expect(within(dialog).getByText(text.confirmDelete)).toBeTruthy();
    expect(text.confirmDelete).toContain('continuará publicado na rede social');
    fireEvent.click(within(dialog).getByRole('button', { name: text.confirmDeleteAction }));
    await expectToast(messages.common.success, 'Post excluído com sucesso.');
    expect(api.callsTo('published.delete')[0]?.input).toEqual({ id: post.id });
  });

  it('shows the empty state', async () => {
    open({ 'published.list': { items: [], nextCursor: null } });
    expect(await screen.findByText(text.empty)).toBeTruthy();
  });

  it("toasts 'Erro ao carregar posts publicados.' and offers a retry", async () => {
    open({
      'published.list': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED');
      },
    });
    await expectToast(messages.common.error, 'Erro ao carregar posts publicados.');
    expect(await screen.findByRole('button', { name: messages.common.tryAgain })).toBeTruthy();
  });
});
