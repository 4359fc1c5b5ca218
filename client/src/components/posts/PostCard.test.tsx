// A post card warns when its network publishes only posts with an image and it has none yet
// (Instagram), using the list item's thumbnail: the person sees it in Posts Agendados long before
// the worker would stop the post with MEDIA_REQUIRED.
import { messages } from '@pauta/core';
import { afterEach, describe, expect, it } from 'vitest';
import { postItem } from '../../test-utils/posts-fixtures';
import { cleanup, fireEvent, render, screen, within } from '../../test-utils/render';
import { PostCard } from './PostCard';
import type { PostItem } from './types';

const text = messages.media;
const noop = () => undefined;

afterEach(cleanup);

function card(overrides: Record<string, unknown>) {
  const post = postItem({ thumbUrl: null, ...overrides }) as unknown as PostItem;
  render(<PostCard post={post} timeZone="America/Sao_Paulo" onEdit={noop} onDelete={noop} onRetry={noop} />);
  return screen.getByRole('article', { name: post.title });
}

describe('PostCard: a network that needs an image', () => {
  it('an Instagram post without images shows "Sem imagem", read with the reason', () => {
    const article = card({ platform: 'instagram' });
    const badge = article.querySelector('[data-testid="media-required-badge"]');
    expect(badge?.textContent).toBe(
      `${text.requiredBadge}: O Instagram só publica posts com imagem: adicione ao menos uma em Editar antes do horário agendado.`,
    );
    expect(badge?.getAttribute('title')).toBe(text.requiredBadgeHint('Instagram'));
  });

  it('no badge once it has an image, on a published post, or on a network where images are optional', () => {
    card({ platform: 'instagram', thumbUrl: '/media/posts/u/p/m-thumb.webp?exp=1&sig=a' });
    card({ platform: 'instagram', status: 'published' });
    card({ platform: 'linkedin' });
    card({ platform: 'x' });
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByText(text.requiredBadge)).toBeNull();
  });

  it('a failed or needs-attention Instagram post without images keeps the badge', () => {
    card({ platform: 'instagram', status: 'failed', lastError: 'MEDIA_REQUIRED' });
    expect(screen.getByText(text.requiredBadge)).toBeTruthy();
  });
});

describe('PostCard: a post with a video', () => {
  it('an Instagram video without a cover shows "Vídeo" and "Sem capa", never "Sem imagem"', () => {
    const article = card({ platform: 'instagram', mediaKind: 'video' });
    expect(within(article).getByText('Vídeo')).toBeTruthy();
    const noCover = article.querySelector('[data-testid="media-no-cover-badge"]');
    expect(noCover?.textContent).toBe(
      'Sem capa: O vídeo ainda não tem capa: em Editar, escolha um quadro do vídeo ou envie uma imagem de capa.',
    );
    expect(within(article).queryByText('Sem imagem')).toBeNull();
  });

  it('with its cover: "Vídeo" only', () => {
    const article = card({
      platform: 'instagram',
      mediaKind: 'video',
      thumbUrl: '/media/posts/u/p/m-cover-thumb.webp?exp=1&sig=a',
    });
    expect(within(article).getByText('Vídeo')).toBeTruthy();
    expect(within(article).queryByText('Sem capa')).toBeNull();
    expect(within(article).queryByText('Sem imagem')).toBeNull();
  });
});

describe('PostCard: the dialog of a post that can no longer be edited', () => {
  it('a published or publishing post offers "Ver histórico", which opens the dialog; others "Editar"', async () => {
    const opened: string[] = [];
    const onEdit = (post: PostItem) => opened.push(post.status);
    for (const status of ['published', 'publishing', 'scheduled', 'needs_attention'] as const) {
      const post = postItem({ thumbUrl: null, status, title: `Post ${status}` }) as unknown as PostItem;
      render(
        <PostCard post={post} timeZone="America/Sao_Paulo" onEdit={onEdit} onDelete={noop} onRetry={noop} />,
      );
    }
    const button = (status: string, name: string) =>
      within(screen.getByRole('article', { name: `Post ${status}` })).getByRole('button', { name });
    expect(
      within(screen.getByRole('article', { name: 'Post published' })).queryByRole('button', {
        name: 'Editar',
      }),
    ).toBeNull();
    for (const status of ['published', 'publishing']) {
      const history = button(status, messages.posts.viewHistory);
      expect(history.hasAttribute('disabled')).toBe(false);
      expect(history.getAttribute('title')).toBe(messages.posts.notEditableHint);
      fireEvent.click(history);
    }
    fireEvent.click(button('scheduled', messages.posts.edit));
    fireEvent.click(button('needs_attention', messages.posts.edit));
    expect(opened).toEqual(['published', 'publishing', 'scheduled', 'needs_attention']);
  });
});
