// Account health (issue 18 item 1): the one place that decides what state a connected account is
// in, from what the database knows about it. The server's Contas Conectadas list, the app's
// banner and the worker's 14-day expiry notice all read this function, so they never disagree.
import type { AccountStatus } from '../constants/statuses.js';

/**
 * - `ok`: the account publishes; its token is renewed automatically or does not expire;
 * - `expiring`: the token cannot be renewed by Pauta and expires within EXPIRY_NOTICE_DAYS;
 * - `needs_reconnect`: the token expired, or the network refused it and no renewal worked;
 * - `revoked`: the network said the access was revoked (app removed, password changed);
 * - `limited`: the network is limiting this account's posts for now (HTTP 429); it recovers alone.
 */
export const ACCOUNT_HEALTH_STATES = ['ok', 'expiring', 'needs_reconnect', 'revoked', 'limited'] as const;
export type AccountHealthState = (typeof ACCOUNT_HEALTH_STATES)[number];

/** Why an account was flagged needs_reconnect (connected_accounts.status_reason). */
export const ACCOUNT_STATUS_REASONS = ['expired', 'revoked', 'refresh_failed'] as const;
export type AccountStatusReason = (typeof ACCOUNT_STATUS_REASONS)[number];

/** A token that cannot be renewed is announced this many days before it expires. */
export const EXPIRY_NOTICE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
export const EXPIRY_NOTICE_MS = EXPIRY_NOTICE_DAYS * DAY_MS;

export interface AccountHealthInput {
  status: AccountStatus;
  statusReason: AccountStatusReason | null;
  accessTokenExpiresAt: Date | null;
  /** The network renews tokens (registry `refresh`) AND this account holds a refresh token. */
  canRefresh: boolean;
  /** Until when the network limits the account (its last 429's retry time); null: no limit seen. */
  limitedUntil: Date | null;
}

export interface AccountHealth {
  state: AccountHealthState;
  /** Whole days until the token expires (rounded up; 0 = today), when it cannot be renewed. */
  daysLeft: number | null;
  /** When the token expires, when it cannot be renewed (otherwise Pauta renews it: not shown). */
  expiresAt: Date | null;
  limitedUntil: Date | null;
  /** The person must do something (reconnect): the app's banner and the card's button. */
  needsAction: boolean;
}

export function accountHealth(input: AccountHealthInput, now: Date): AccountHealth {
  const expiresAt = input.canRefresh ? null : input.accessTokenExpiresAt;
  const msLeft = expiresAt === null ? null : expiresAt.getTime() - now.getTime();
  const daysLeft = msLeft === null ? null : Math.max(0, Math.ceil(msLeft / DAY_MS));
  const base = { daysLeft, expiresAt, limitedUntil: null };
  if (input.status === 'needs_reconnect') {
    return {
      ...base,
      state: input.statusReason === 'revoked' ? 'revoked' : 'needs_reconnect',
      needsAction: true,
    };
  }
  if (msLeft !== null && msLeft <= 0) return { ...base, state: 'needs_reconnect', needsAction: true };
  if (msLeft !== null && msLeft <= EXPIRY_NOTICE_MS) return { ...base, state: 'expiring', needsAction: true };
  if (input.limitedUntil !== null && input.limitedUntil.getTime() > now.getTime()) {
    return { ...base, state: 'limited', limitedUntil: input.limitedUntil, needsAction: false };
  }
  return { ...base, state: 'ok', needsAction: false };
}
