import type { SignInProvider } from '@pauta/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export async function findIdentity(db: Kysely<Database>, provider: SignInProvider, providerUserId: string) {
  return db
    .selectFrom('oauth_identities as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['u.id', 'u.email'])
    .where('i.provider', '=', provider)
    .where('i.provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

export async function linkIdentity(
  db: Kysely<Database>,
  identity: { provider: SignInProvider; providerUserId: string; userId: string; email: string | null },
): Promise<void> {
  await db
    .insertInto('oauth_identities')
    .values({
      provider: identity.provider,
      provider_user_id: identity.providerUserId,
      user_id: identity.userId,
      email: identity.email,
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_user_id']).doNothing())
    .execute();
}
