// A usable access token for an account: refreshed when it expires within the margin or the
// network just refused it, once per account at a time (row lock). Only `invalid_grant` means the
// person must reconnect; network trouble during a refresh is transient (docs/reliability.md W9).

import type { Platform } from '@pauta/core';
import {
  type AccountSummary,
  type Database,
  type Keyring,
  markNeedsReconnect,
  readAccountTokens,
  refreshTokensLocked,
} from '@pauta/db';
import { type OAuthProvider, OAuthProviderError } from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { PublishContext } from './publish-post.processor.js';

export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    readonly kind: 'reconnect' | 'transient',
    message: string,
  ) {
    super(message);
  }
}

export interface TokenDeps {
  db: Kysely<Database>;
  keyring: Keyring;
  provider: OAuthProvider | null;
  marginMs: number;
  now: () => Date;
  onRefresh?: (account: AccountSummary) => void;
}

/** The token deps of a publishing context for an account of `platform` (its OAuth, the margin, the clock). */
export function tokenDepsOf(
  ctx: Pick<PublishContext, 'db' | 'keyring' | 'oauth' | 'config' | 'now'>,
  platform: Platform,
): TokenDeps {
  return {
    db: ctx.db,
    keyring: ctx.keyring,
    provider: ctx.oauth(platform),
    marginMs: ctx.config.refreshMarginMs,
    now: ctx.now,
  };
}

export async function usableAccessToken(
  deps: TokenDeps,
  account: AccountSummary,
  options: {
    rejectedAccessToken?: string;
    /** Why the network refused the token (networks tokenLossOf): recorded when no renewal helps. */
    rejectedBecause?: 'revoked' | 'expired';
    current?: { accessToken: string };
  } = {},
): Promise<string> {
  const current = async () =>
    options.current?.accessToken ?? (await readAccountTokens(deps.db, deps.keyring, account.id)).accessToken;
  const expiresAt = account.access_token_expires_at?.getTime();
  const canRefresh = deps.provider?.issuesRefreshTokens === true;
  // Without a refresh token (LinkedIn apps without partner refresh), the token is used until it
  // expires; then, or when refused, only a reconnect helps (core accountHealth announced it).
  if (!canRefresh || !account.has_refresh_token) {
    const reason = options.rejectedAccessToken ? (options.rejectedBecause ?? 'expired') : 'expired';
    if (options.rejectedAccessToken || (expiresAt !== undefined && expiresAt <= deps.now().getTime())) {
      await markNeedsReconnect(deps.db, account.id, reason);
      throw new TokenError(
        'reconnect',
        `${account.platform}: token ${options.rejectedAccessToken ? 'recusado' : 'expirado'} e sem renovação possível`,
      );
    }
    return current();
  }
  // The common case — a token far from expiry that nobody refused — needs no lock (one read).
  const expiring = expiresAt !== undefined && expiresAt - deps.now().getTime() <= deps.marginMs;
  if (!options.rejectedAccessToken && !expiring) return current();
  try {
    const result = await refreshTokensLocked(deps.db, deps.keyring, account.id, {
      now: deps.now(),
      marginMs: deps.marginMs,
      ...(options.rejectedAccessToken ? { rejectedAccessToken: options.rejectedAccessToken } : {}),
      refresh: async (tokens) => {
        if (!tokens.refreshToken) throw new TokenError('reconnect', `${account.platform}: sem refresh token`);
        const fresh = await deps.provider!.refreshAccessToken(tokens.refreshToken);
        deps.onRefresh?.(account);
        return {
          accessToken: fresh.accessToken,
          refreshToken: fresh.refreshToken,
          accessTokenExpiresAt: fresh.accessTokenExpiresAt,
        };
      },
    });
    return result.tokens.accessToken;
  } catch (error) {
    const reconnect =
      (error instanceof TokenError && error.kind === 'reconnect') ||
      (error instanceof OAuthProviderError &&
        (error.kind === 'invalid_grant' || error.kind === 'invalid_client'));
    if (reconnect) {
      // The refresh token itself was refused: revoked at the network, or simply no longer valid.
      await markNeedsReconnect(
        deps.db,
        account.id,
        options.rejectedBecause === 'revoked' ? 'revoked' : 'refresh_failed',
      );
      throw new TokenError(
        'reconnect',
        `${account.platform}: renovação recusada (${(error as Error).message})`,
      );
    }
    throw new TokenError(
      'transient',
      `${account.platform}: renovação falhou temporariamente (${(error as Error).message})`,
    );
  }
}
