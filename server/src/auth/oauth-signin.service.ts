// Completing a social sign-in: a user is identified by (provider, provider_user_id); an email is
// linked to an existing account only when the provider says it is verified (docs/security.md A7).

import { AppError, type SignInProvider } from '@pauta/core';
import { createUser, type Database, findIdentity, findUserByEmail, linkIdentity } from '@pauta/db';
import { type OAuthProvider, OAuthProviderError, type OAuthUserInfo } from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';

/**
 * Exchanges the code and reads who the person is; a provider failure is OAUTH_FAILED (a 502 when
 * the provider did not answer: trying again may work).
 */
export async function fetchOAuthIdentity(
  deps: { logger: Logger },
  provider: OAuthProvider,
  input: { provider: SignInProvider; code: string; verifier: string | null; requestId?: string },
): Promise<OAuthUserInfo> {
  try {
    const tokens = await provider.validateAuthorizationCode(input.code, input.verifier ?? undefined);
    return await provider.fetchUserInfo(tokens.accessToken);
  } catch (error) {
    if (!(error instanceof OAuthProviderError)) throw error;
    deps.logger.warn(
      { provider: input.provider, kind: error.kind, requestId: input.requestId },
      'falha no login social',
    );
    throw new AppError('OAUTH_FAILED', undefined, { upstream: error.retryable });
  }
}

export async function resolveOAuthUser(
  db: Kysely<Database>,
  provider: SignInProvider,
  info: OAuthUserInfo,
  timezone?: string,
): Promise<{ id: string; email: string; created: boolean }> {
  const existing = await findIdentity(db, provider, info.providerUserId);
  if (existing) return { ...existing, created: false };
  if (!info.email || !info.emailVerified) throw new AppError('EMAIL_NOT_CONFIRMED');

  const byEmail = await findUserByEmail(db, info.email);
  if (byEmail) {
    await linkIdentity(db, {
      provider,
      providerUserId: info.providerUserId,
      userId: byEmail.id,
      email: info.email,
    });
    return { id: byEmail.id, email: byEmail.email, created: false };
  }
  const user = await createUser(db, {
    email: info.email,
    passwordHash: null,
    firstName: info.firstName,
    lastName: info.lastName,
    ...(timezone ? { timezone } : {}),
  });
  await linkIdentity(db, {
    provider,
    providerUserId: info.providerUserId,
    userId: user.id,
    email: info.email,
  });
  return { ...user, created: true };
}
