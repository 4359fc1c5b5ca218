// Completing a social sign-in: a user is identified by (provider, provider_user_id); an email is
// linked to an existing account only when the provider says it is verified (RELIABILITY A7).

import {
  createUser,
  type Database,
  findIdentity,
  findUserByEmail,
  linkIdentity,
  type SignInProvider,
} from '@pauta/db';
import type { OAuthUserInfo } from '@pauta/networks';
import type { Kysely } from 'kysely';

export class OAuthSignInError extends Error {
  override name = 'OAuthSignInError';
  constructor(readonly code: 'EMAIL_NOT_CONFIRMED' | 'OAUTH_FAILED') {
    super(code);
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
  if (!info.email || !info.emailVerified) throw new OAuthSignInError('EMAIL_NOT_CONFIRMED');

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
