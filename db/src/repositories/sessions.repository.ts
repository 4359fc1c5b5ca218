import type { Kysely } from 'kysely';
import { compileOnce } from '../compiled.js';
import type { Database } from '../schema.js';

export interface SessionRow {
  id: string;
  user_id: string;
  secret_hash: Uint8Array;
  persistent: boolean;
  created_at: Date;
  last_verified_at: Date;
  email: string;
  /** The owner's profile time zone (null without a profile): read with the session, no query of its own. */
  timezone: string | null;
}

export async function insertSession(
  db: Kysely<Database>,
  session: { id: string; userId: string; secretHash: Uint8Array; persistent: boolean; now: Date },
): Promise<void> {
  await db
    .insertInto('auth_sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      secret_hash: session.secretHash,
      persistent: session.persistent,
      created_at: session.now,
      last_verified_at: session.now,
    })
    .execute();
}

/** The session lookup of every state-changing request: built and compiled once (compiled.ts). */
const sessionWithUser = compileOnce<{ id: string }, SessionRow>((db, p) =>
  db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('profiles as p', 'p.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.secret_hash',
      's.persistent',
      's.created_at',
      's.last_verified_at',
      'u.email',
      'p.timezone',
    ])
    .where('s.id', '=', p.id),
);

export async function findSessionWithUser(db: Kysely<Database>, id: string): Promise<SessionRow | undefined> {
  return (await sessionWithUser(db, { id })).rows[0];
}

export async function touchSession(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db.updateTable('auth_sessions').set({ last_verified_at: now }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  let query = db.deleteFrom('auth_sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}
