import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../test-utils/render';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { AdminPanelView } from './AdminPanelView';

describe('Painel Administrativo', () => {
  it('shows the headline numbers, the five cards and the queue monitor link', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'admin.stats': {
        users: 1234,
        newUsers30d: 12,
        scheduledToday: 7,
        publishedToday: 5,
        failures24h: 2,
        timeZone: 'America/Sao_Paulo',
      },
    });
    render(<AdminPanelView />);
    expect(await screen.findByText('1.234')).toBeTruthy();
    expect(screen.getByText(messages.admin.stats.failures24h)).toBeTruthy();
    for (const card of Object.values(messages.admin.cards))
      expect(screen.getByRole('heading', { name: card.title })).toBeTruthy();
    const deletion = screen.getByRole('link', {
      name: new RegExp(messages.admin.cards.deletionRequests.title),
    });
    expect(deletion.getAttribute('href')).toBe('/admin?section=deletion-requests');
    expect(screen.getByRole('link', { name: messages.admin.queues.link }).getAttribute('href')).toBe(
      '/admin/queues',
    );
  });
});
