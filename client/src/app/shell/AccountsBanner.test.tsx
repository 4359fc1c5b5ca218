import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../test-utils/render';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { AccountsBanner } from './AccountsBanner';

const text = messages.accounts;
const health = (state: string, extra: Record<string, unknown> = {}) => ({
  state,
  daysLeft: null,
  expiresAt: null,
  limitedUntil: null,
  needsAction: state !== 'ok' && state !== 'limited',
  ...extra,
});
const account = (id: string, h: ReturnType<typeof health>) => ({
  id,
  username: 'Ana Souza',
  name: 'Ana Souza',
  followers: null,
  avatarUrl: null,
  pageName: null,
  connectedAt: new Date('2026-10-01T12:00:00Z'),
  health: h,
});

describe('the account banner of the shell', () => {
  it('lists each account that needs the person, with a link to Contas Conectadas', async () => {
    mockTrpc({
      'auth.session': signedIn(false),
      'accounts.list': [
        {
          platform: 'linkedin',
          status: 'connected',
          account: account('00000000-0000-4000-8000-0000000000b1', health('expiring', { daysLeft: 12 })),
        },
        {
          platform: 'x',
          status: 'needs_reconnect',
          account: account('00000000-0000-4000-8000-0000000000b2', health('revoked')),
        },
        {
          platform: 'facebook',
          status: 'connected',
          account: account('00000000-0000-4000-8000-0000000000b3', health('limited')),
        },
        { platform: 'instagram', status: 'not_configured', account: null },
      ],
    });
    render(<AccountsBanner view="dashboard" />);
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain(text.bannerTitleMany(2));
    expect(banner.textContent).toContain('LinkedIn: Expira em 12 dias');
    expect(banner.textContent).toContain(`X (Twitter): ${text.health.revoked}`);
    // A network limit passes by itself: not a reason to bother the person.
    expect(banner.textContent).not.toContain('Facebook');
    expect(screen.getByRole('link', { name: text.bannerAction }).getAttribute('href')).toBe(
      '/connected-accounts',
    );
  });

  it('says nothing when every account is fine, and stays off Contas Conectadas', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(false),
      'accounts.list': [
        {
          platform: 'linkedin',
          status: 'connected',
          account: account('00000000-0000-4000-8000-0000000000b1', health('expiring', { daysLeft: 3 })),
        },
      ],
    });
    const { unmount } = render(<AccountsBanner view="connected-accounts" />);
    expect(screen.queryByRole('status')).toBeNull();
    unmount();
    api.set('accounts.list', [
      {
        platform: 'linkedin',
        status: 'connected',
        account: account('00000000-0000-4000-8000-0000000000b1', health('ok')),
      },
    ]);
    render(<AccountsBanner view="dashboard" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('accounts.list').length).toBeGreaterThan(0);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
