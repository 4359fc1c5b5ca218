import { describe, expect, it } from 'vitest';
import { type AccountHealthInput, accountHealth, EXPIRY_NOTICE_DAYS } from './health.js';

const now = new Date('2026-11-24T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const input = (over: Partial<AccountHealthInput> = {}): AccountHealthInput => ({
  status: 'active',
  statusReason: null,
  accessTokenExpiresAt: null,
  canRefresh: false,
  limitedUntil: null,
  ...over,
});

describe('accountHealth', () => {
  it('is ok for a token that never expires (Facebook Page) or one Pauta renews (X)', () => {
    expect(accountHealth(input(), now)).toMatchObject({ state: 'ok', needsAction: false, daysLeft: null });
    // A renewable token's expiry is Pauta's business, not the person's: not shown, even if close.
    expect(accountHealth(input({ canRefresh: true, accessTokenExpiresAt: days(0.05) }), now)).toMatchObject({
      state: 'ok',
      expiresAt: null,
    });
  });

  it('announces a token that cannot be renewed from 14 days before it expires', () => {
    expect(accountHealth(input({ accessTokenExpiresAt: days(60) }), now).state).toBe('ok');
    expect(accountHealth(input({ accessTokenExpiresAt: days(EXPIRY_NOTICE_DAYS + 0.01) }), now).state).toBe(
      'ok',
    );
    expect(accountHealth(input({ accessTokenExpiresAt: days(EXPIRY_NOTICE_DAYS) }), now)).toMatchObject({
      state: 'expiring',
      daysLeft: 14,
      needsAction: true,
    });
    expect(accountHealth(input({ accessTokenExpiresAt: days(9.2) }), now).daysLeft).toBe(10);
    expect(accountHealth(input({ accessTokenExpiresAt: days(0.1) }), now).daysLeft).toBe(1);
  });

  it('needs reconnecting once the token has expired, or when flagged', () => {
    expect(accountHealth(input({ accessTokenExpiresAt: now }), now)).toMatchObject({
      state: 'needs_reconnect',
      daysLeft: 0,
      needsAction: true,
    });
    expect(
      accountHealth(input({ status: 'needs_reconnect', statusReason: 'refresh_failed' }), now).state,
    ).toBe('needs_reconnect');
    expect(accountHealth(input({ status: 'needs_reconnect', statusReason: null }), now).state).toBe(
      'needs_reconnect',
    );
  });

  it('says revoked when the network said so, above any expiry or limit', () => {
    expect(
      accountHealth(
        input({
          status: 'needs_reconnect',
          statusReason: 'revoked',
          accessTokenExpiresAt: days(3),
          limitedUntil: days(1),
        }),
        now,
      ),
    ).toMatchObject({ state: 'revoked', needsAction: true });
  });

  it('is limited while the network limit lasts, and ok after it, with nothing to do', () => {
    const limited = accountHealth(input({ canRefresh: true, limitedUntil: days(0.5) }), now);
    expect(limited).toMatchObject({ state: 'limited', needsAction: false, limitedUntil: days(0.5) });
    expect(accountHealth(input({ canRefresh: true, limitedUntil: days(-0.01) }), now).state).toBe('ok');
    // An expiring token matters more than a passing limit.
    expect(accountHealth(input({ accessTokenExpiresAt: days(5), limitedUntil: days(0.5) }), now).state).toBe(
      'expiring',
    );
  });
});
