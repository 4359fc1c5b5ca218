// LinkedIn company Pages in Contas Conectadas: the card sits beside the personal LinkedIn, several
// administered Pages open the choice (the chosen id goes to accounts.selectLinkedInPage), and a
// member without a Page reads why in pt-BR.
import { messages } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { ConnectedAccountsView } from './ConnectedAccountsView';

const text = messages.accounts;
const PENDING = '11111111-2222-4333-8444-777777777777';
const health = { state: 'ok', daysLeft: null, expiresAt: null, limitedUntil: null, needsAction: false };
const personal = {
  platform: 'linkedin',
  status: 'connected',
  account: {
    id: '00000000-0000-4000-8000-0000000000c1',
    username: 'Lia Prado',
    name: 'Lia Prado',
    followers: null,
    avatarUrl: null,
    pageName: null,
    connectedAt: new Date('2026-03-05T15:00:00Z'),
    health,
  },
};

function open(page: unknown, search = '', handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'accounts.list': [personal, page], ...handlers });
  window.history.replaceState(null, '', `/connected-accounts${search}`);
  render(<ConnectedAccountsView />);
  return api;
}

afterEach(() => vi.restoreAllMocks());

describe('LinkedIn (Página) in Contas Conectadas', () => {
  it('two Pages: the person picks one; the personal LinkedIn stays connected beside it', async () => {
    const api = open(
      { platform: 'linkedin_page', status: 'not_connected', account: null },
      `?connection=true&pickLinkedInPage=${PENDING}`,
      {
        'accounts.pendingPages': {
          pages: [
            { id: '2000000201', name: 'Padaria da Lia' },
            { id: '2000000202', name: 'Lia Prado Consultoria' },
          ],
        },
        'accounts.selectLinkedInPage': { platform: 'linkedin_page', pageName: 'Lia Prado Consultoria' },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: text.pickLinkedInPage.title });
    expect(within(dialog).getByText(text.pickLinkedInPage.description)).toBeTruthy();
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Lia Prado Consultoria' }));
    fireEvent.click(within(dialog).getByRole('button', { name: text.pickLinkedInPage.confirm }));
    await expectToast(messages.common.success, text.connectedSuccess('LinkedIn (Página)'));
    expect(api.callsTo('accounts.selectLinkedInPage').map((call) => call.input)).toEqual([
      { pendingId: PENDING, organizationId: '2000000202' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const profile = await screen.findByRole('article', { name: text.cardLabel('LinkedIn') });
    expect(within(profile).getByText('Lia Prado')).toBeTruthy();
  });

  it('no Page administered: the pt-BR reason naming the admin role', async () => {
    open(
      { platform: 'linkedin_page', status: 'not_connected', account: null },
      '?connection=true&error=OAUTH_FAILED&reason=no_linkedin_pages&platform=linkedin_page',
    );
    const reason = NETWORK_PROFILES.linkedin_page.accountCard.refusals?.no_linkedin_pages;
    expect(reason).toContain('não administra nenhuma Página de empresa');
    await expectToast(messages.auth.authErrorTitle, reason!);
  });
});
