// Pinterest in Contas Conectadas: several boards open the choice of the board Pauta pins to (the
// chosen id goes to accounts.selectPinterestBoard), and an account without a board reads in pt-BR
// that it must create one on Pinterest first.
import { messages } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { ConnectedAccountsView } from './ConnectedAccountsView';

const text = messages.accounts;
const PENDING = '11111111-2222-4333-8444-888888888888';
const notConnected = { platform: 'pinterest', status: 'not_connected', account: null };

function open(search: string, handlers: Record<string, unknown> = {}) {
  const api = mockTrpc({ 'auth.session': signedIn(true), 'accounts.list': [notConnected], ...handlers });
  window.history.replaceState(null, '', `/connected-accounts${search}`);
  render(<ConnectedAccountsView />);
  return api;
}

afterEach(() => vi.restoreAllMocks());

describe('Pinterest in Contas Conectadas', () => {
  it('two boards: the person picks the one Pauta pins to', async () => {
    const api = open(`?connection=true&pickPinterestBoard=${PENDING}`, {
      'accounts.pendingPages': {
        pages: [
          { id: '549700000000000011', name: 'Receitas da Padaria' },
          { id: '549700000000000012', name: 'Bolos de festa' },
        ],
      },
      'accounts.selectPinterestBoard': { platform: 'pinterest', pageName: 'Bolos de festa' },
    });
    const dialog = await screen.findByRole('dialog', { name: text.pickPinterestBoard.title });
    expect(within(dialog).getByText(text.pickPinterestBoard.description)).toBeTruthy();
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Bolos de festa' }));
    fireEvent.click(within(dialog).getByRole('button', { name: text.pickPinterestBoard.confirm }));
    await expectToast(messages.common.success, text.connectedSuccess('Pinterest'));
    expect(api.callsTo('accounts.selectPinterestBoard').map((call) => call.input)).toEqual([
      { pendingId: PENDING, boardId: '549700000000000012' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('no board: the pt-BR reason telling the person to create one on Pinterest', async () => {
    open('?connection=true&error=OAUTH_FAILED&reason=no_pinterest_boards&platform=pinterest');
    const reason = NETWORK_PROFILES.pinterest.accountCard.refusals?.no_pinterest_boards;
    expect(reason).toContain('Crie uma pasta no Pinterest');
    await expectToast(messages.auth.authErrorTitle, reason!);
  });
});
