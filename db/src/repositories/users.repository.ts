import type { Role } from '@pauta/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, Profile } from '../schema.js';

export interface NewUserInput {
  email: string;
  passwordHash: string | null;
  firstName?: string | null;
  lastName?: string | null;
  timezone?: string;
}

/** Creates the user and its profile together; the email is stored lower-cased. */
export async function createUser(
  db: Kysely<Database>,
  input: NewUserInput,
): Promise<{ id: string; email: string }> {
  return db.transaction().execute(async (trx) => {
    const email = input.email.trim().toLowerCase();
    const user = await trx
      .insertInto('users')
      .values({ email, password_hash: input.passwordHash })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('profiles')
      .values({
        id: user.id,
        email,
        first_name: input.firstName ?? null,
        last_name: input.lastName ?? null,
        ...(input.timezone ? { timezone: input.timezone } : {}),
      })
      .execute();
    return user;
  });
}

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'created_at'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findProfile(db: Kysely<Database>, userId: string): Promise<Profile | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
}

/**
 * The person's time zone (issue 30: editable in Configurações). The profiles trigger sends
 * `user:<id>` on pauta_cache in the same transaction, so every process drops the cached sessions
 * that carry the old zone (docs/performance.md). Returns the zone stored.
 */
export async function setProfileTimeZone(
  db: Kysely<Database>,
  userId: string,
  timeZone: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('profiles')
    .set({ timezone: timeZone })
    .where('id', '=', userId)
    .returning('timezone')
    .executeTakeFirst();
  return row?.timezone ?? undefined;
}

/** Spec §6: the has_role SQL function decides; no role row means 'user'. */
export async function hasRole(db: Kysely<Database>, userId: string, role: Role): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`SELECT has_role(${userId}::uuid, ${role}) AS ok`.execute(db);
  return rows[0]?.ok === true;
}

export async function readRoleRow(db: Kysely<Database>, userId: string): Promise<Role> {
  const row = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? 'user';
}

/** Role change as the spec describes it (delete + insert), atomically, revoking the user's sessions. */
export async function setRole(
  trx: Transaction<Database>,
  userId: string,
  role: Role,
  keepSessionId?: string,
): Promise<void> {
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await trx.insertInto('user_roles').values({ user_id: userId, role }).execute();
  let sessions = trx.deleteFrom('auth_sessions').where('user_id', '=', userId);
  if (keepSessionId) sessions = sessions.where('id', '!=', keepSessionId);
  await sessions.execute();
}
