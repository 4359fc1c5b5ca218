import { membersRefusalText, messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '../../test-utils/render';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { DeletionRequestsSection } from './DeletionRequestsSection';

const text = messages.deletionRequests;

const base = {
  userId: null,
  name: null,
  reason: 'Quero sair',
  status: 'pending',
  createdAt: new Date('2026-11-20T12:00:00Z'),
  processedAt: null,
};

describe('Solicitações de exclusão', () => {
  it('says which requests are confirmed; only those can be completed', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'admin.deletionRequests.list': [
        {
          ...base,
          id: 'a',
          email: 'anonimo@example.com',
          confirmed: false,
          confirmedBy: null,
          confirmationExpiresAt: new Date('2026-11-21T12:00:00Z'),
        },
        {
          ...base,
          id: 'b',
          userId: 'u',
          name: 'Bia Lima',
          email: 'bia@example.com',
          confirmed: true,
          confirmedBy: 'email',
          confirmationExpiresAt: null,
        },
      ],
    });
    render(<DeletionRequestsSection />);
    const unconfirmed = await screen.findByRole('article', { name: 'anonimo@example.com' });
    expect(within(unconfirmed).getByText(text.unconfirmedBadge)).toBeTruthy();
    expect(within(unconfirmed).getByText(new RegExp(text.unconfirmedHint))).toBeTruthy();
    expect(within(unconfirmed).queryByRole('button', { name: text.complete })).toBeNull();
    expect(within(unconfirmed).getByRole('button', { name: text.reject })).toBeTruthy();

    const confirmed = screen.getByRole('article', { name: 'Bia Lima' });
    expect(within(confirmed).getByText(text.confirmedBadge)).toBeTruthy();
    expect(within(confirmed).getByText(text.confirmedBy.email)).toBeTruthy();
    fireEvent.click(within(confirmed).getByRole('button', { name: text.complete }));
    expect(await screen.findByText(text.confirmComplete('Bia Lima'))).toBeTruthy();
    expect(api.callsTo('admin.deletionRequests.complete')).toHaveLength(0);
  });
});

describe('a person who is the only owner of a cliente with other members', () => {
  it('is not erased, and the admin reads which cliente needs another owner first', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'admin.deletionRequests.list': [
        {
          ...base,
          id: 'c',
          userId: 'u2',
          name: 'Dona Única',
          email: 'dona@example.com',
          confirmed: true,
          confirmedBy: 'email',
          confirmationExpiresAt: null,
        },
      ],
      'admin.deletionRequests.complete': () => {
        throw new TrpcErrorResponse('CONFLICT', 'CONFLICT', {
          details: { reason: 'SOLE_OWNER', workspaceName: 'Padaria Aurora' },
        });
      },
    });
    render(<DeletionRequestsSection />);
    const card = await screen.findByRole('article', { name: 'Dona Única' });
    fireEvent.click(within(card).getByRole('button', { name: text.complete }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: text.confirmCompleteLabel }));
    expect(await screen.findByText(membersRefusalText('SOLE_OWNER', 'Padaria Aurora')!)).toBeTruthy();
  });
});

describe('a long reason', () => {
  it('wraps anywhere inside its card (an unbroken 300-character word does not overflow)', async () => {
    const long = 'a'.repeat(300);
    mockTrpc({
      'auth.session': signedIn(true),
      'admin.deletionRequests.list': [
        {
          ...base,
          reason: long,
          id: 'c',
          email: 'longo@example.com',
          confirmed: false,
          confirmedBy: null,
          confirmationExpiresAt: null,
        },
      ],
    });
    render(<DeletionRequestsSection />);
    const reason = await screen.findByText(long);
    expect(getComputedStyle(reason).overflowWrap).toBe('anywhere');
  });
});
