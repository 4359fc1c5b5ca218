// Google Meu Negócio (Google Business Profile) in Contas Conectadas: several verified locations open
// the choice (the chosen location goes to accounts.selectGoogleBusinessLocation), and a person
// who manages no location, or none verified, reads why in pt-BR.
import { messages } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { ConnectedAccountsView } from './ConnectedAccountsView';

const text = messages.accounts;
const PENDING = '11111111-2222-4333-8444-888888888888';
const card = { platform: 'google_business', status: 'not_connected', account: null };
const LOCATIONS = [
  { id: 'accounts/1000000001/locations/3000000301', name: 'Padaria do Gil — Rua Augusta, 1000, São Paulo' },
  { id: 'accounts/1000000001/locations/3000000302', name: 'Café do Gil — Rua Augusta, 1010, São Paulo' },
];

function open(search: string, handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'accounts.list': [card], ...handlers });
  window.history.replaceState(null, '', `/connected-accounts${search}`);
  render(<ConnectedAccountsView />);
  return api;
}

afterEach(() => vi.restoreAllMocks());

describe('Google Meu Negócio in Contas Conectadas', () => {
  it('two verified locations: the person picks one by name and address', async () => {
    const api = open(`?connection=true&pickGoogleBusiness=${PENDING}`, {
      'accounts.pendingPages': { pages: LOCATIONS },
      'accounts.selectGoogleBusinessLocation': { platform: 'google_business', pageName: 'Café do Gil' },
    });
    const dialog = await screen.findByRole('dialog', { name: text.pickGoogleBusiness.title });
    expect(within(dialog).getByText(text.pickGoogleBusiness.description)).toBeTruthy();
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('radio', { name: LOCATIONS[1]!.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: text.pickGoogleBusiness.confirm }));
    await expectToast(messages.common.success, text.connectedSuccess('Google Meu Negócio'));
    expect(api.callsTo('accounts.selectGoogleBusinessLocation').map((call) => call.input)).toEqual([
      { pendingId: PENDING, locationId: LOCATIONS[1]!.id },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('no verified location: the pt-BR reason saying Google only takes posts from verified profiles', async () => {
    open('?connection=true&error=OAUTH_FAILED&reason=google_business_unverified&platform=google_business');
    const reason = NETWORK_PROFILES.google_business.accountCard.refusals?.google_business_unverified;
    expect(reason).toContain('verificados');
    await expectToast(messages.auth.authErrorTitle, reason!);
  });
});
