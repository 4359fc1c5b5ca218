// The networks that pick through the shared picker (their browser profile's `pendingChoice`:
// LinkedIn Pages, Pinterest boards, Google Business Profile locations), one table over the
// registry: the return parameter opens the network's own texts, the chosen id goes to
// accounts.selectPendingChoice, a reconnect that picks another option reads the network's
// pt-BR refusal, an expired choice says so, and a login with nothing to pick reads why in pt-BR.
import { CONNECTABLE_PLATFORMS, type ConnectablePlatform, messages } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { expectToast } from '../../test-utils/toasts';
import { mockTrpc, signedIn, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ConnectedAccountsView } from './ConnectedAccountsView';

const text = messages.accounts;
const PENDING = '11111111-2222-4333-8444-777777777777';
const health = { state: 'ok', daysLeft: null, expiresAt: null, limitedUntil: null, needsAction: false };
/** The personal LinkedIn, connected: it stays beside a LinkedIn Page. */
const personal = {
  platform: 'linkedin',
  status: 'connected',
  logins: [],
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

interface PickerCase {
  platform: ConnectablePlatform;
  /** The choices the pending connection offers; the second is picked. */
  choices: { id: string; name: string }[];
  texts: Record<'title' | 'description' | 'confirm' | 'required' | 'expired', string>;
  different: string;
  /** The network's name in the success toast. */
  label: string;
  /** A refusal of a login with nothing to pick, and a phrase of its pt-BR text. */
  none: { reason: string; says: string };
}

const CASES: PickerCase[] = [
  {
    platform: 'linkedin_page',
    choices: [
      { id: '2000000201', name: 'Padaria da Lia' },
      { id: '2000000202', name: 'Lia Prado Consultoria' },
    ],
    texts: text.pickLinkedInPage,
    different: text.differentLinkedInPage,
    label: 'LinkedIn (Página)',
    none: { reason: 'no_linkedin_pages', says: 'não administra nenhuma Página de empresa' },
  },
  {
    platform: 'pinterest',
    choices: [
      { id: '549700000000000011', name: 'Receitas da Padaria' },
      { id: '549700000000000012', name: 'Bolos de festa' },
    ],
    texts: text.pickPinterestBoard,
    different: text.differentPinterestBoard,
    label: 'Pinterest',
    none: { reason: 'no_pinterest_boards', says: 'Crie uma pasta no Pinterest' },
  },
  {
    platform: 'google_business',
    // By name and address: branches of one business share its name.
    choices: [
      {
        id: 'accounts/1000000001/locations/3000000301',
        name: 'Padaria do Gil — Rua Augusta, 1000, São Paulo',
      },
      { id: 'accounts/1000000001/locations/3000000302', name: 'Café do Gil — Rua Augusta, 1010, São Paulo' },
    ],
    texts: text.pickGoogleBusiness,
    different: text.differentGoogleBusiness,
    label: 'Google Meu Negócio',
    none: { reason: 'google_business_unverified', says: 'verificados' },
  },
];

function open(platform: ConnectablePlatform, search: string, handlers: Record<string, unknown> = {}) {
  const card = { platform, status: 'not_connected', account: null, logins: [] };
  const api = mockTrpc({ 'auth.session': signedIn(true), 'accounts.list': [personal, card], ...handlers });
  window.history.replaceState(null, '', `/connected-accounts${search}`);
  render(<ConnectedAccountsView />);
  return api;
}

const returnOf = (platform: ConnectablePlatform) =>
  `?connection=true&${NETWORK_PROFILES[platform].pendingChoice?.returnParam}=${PENDING}`;

afterEach(() => vi.restoreAllMocks());

it('every network of the shared picker is in the table', () => {
  const pickers = CONNECTABLE_PLATFORMS.filter((platform) => NETWORK_PROFILES[platform].pendingChoice);
  expect(pickers).toEqual(CASES.map((entry) => entry.platform));
});

describe.each(CASES)('$label in Contas Conectadas', (entry) => {
  it('several options: the person picks one (once, on a double click); the personal LinkedIn stays beside it', async () => {
    const chosen = entry.choices[1]!;
    const api = open(entry.platform, returnOf(entry.platform), {
      'accounts.pendingPages': { pages: entry.choices },
      'accounts.selectPendingChoice': { platform: entry.platform, pageName: chosen.name },
    });
    const dialog = await screen.findByRole('dialog', { name: entry.texts.title });
    expect(within(dialog).getByText(entry.texts.description)).toBeTruthy();
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(2);
    // Confirming without a choice asks for one and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: entry.texts.confirm }));
    expect(await within(dialog).findByText(entry.texts.required)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: chosen.name }));
    // A double click connects once.
    const confirm = within(dialog).getByRole('button', { name: entry.texts.confirm });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await expectToast(messages.common.success, text.connectedSuccess(entry.label));
    expect(api.callsTo('accounts.selectPendingChoice').map((call) => call.input)).toEqual([
      { pendingId: PENDING, choiceId: chosen.id },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const profile = await screen.findByRole('article', { name: text.cardLabel('LinkedIn') });
    expect(within(profile).getByText('Lia Prado')).toBeTruthy();
  });

  it('a reconnect that picks another option: the network’s pt-BR refusal', async () => {
    open(entry.platform, returnOf(entry.platform), {
      'accounts.pendingPages': { pages: entry.choices },
      'accounts.selectPendingChoice': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'OAUTH_FAILED', {
          details: { platform: entry.platform, reason: 'different_account' },
        });
      },
    });
    const dialog = await screen.findByRole('dialog', { name: entry.texts.title });
    fireEvent.click(await within(dialog).findByRole('radio', { name: entry.choices[0]!.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: entry.texts.confirm }));
    await expectToast(messages.common.error, entry.different);
  });

  it('an expired choice says so in the network’s words', async () => {
    open(entry.platform, returnOf(entry.platform), {
      'accounts.pendingPages': () => {
        throw new TrpcErrorResponse('NOT_FOUND', 'NOT_FOUND');
      },
    });
    const dialog = await screen.findByRole('dialog', { name: entry.texts.title });
    expect(await within(dialog).findByText(entry.texts.expired)).toBeTruthy();
  });

  it('nothing to pick: the pt-BR reason', async () => {
    open(
      entry.platform,
      `?connection=true&error=OAUTH_FAILED&reason=${entry.none.reason}&platform=${entry.platform}`,
    );
    const reason = NETWORK_PROFILES[entry.platform].accountCard.refusals?.[entry.none.reason];
    expect(reason).toContain(entry.none.says);
    await expectToast(messages.auth.authErrorTitle, reason!);
  });
});
