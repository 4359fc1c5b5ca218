// Personal access tokens of the REST API (issue 28; docs/api.md). Every read and write names the
// workspace and the person: a token is only ever listed or revoked by the one who created it, in
// the workspace it acts in. Authentication reads the row by the hash of the secret.
import type { WorkspaceRole } from '@pauta/core';
import type { Kysely } from 'kysely';
import { compileOnce } from '../compiled.js';
import type { Database } from '../schema.js';

export interface ApiTokenRow {
  id: string;
  workspace_id: string;
  user_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

const LISTED = [
  'id',
  'workspace_id',
  'user_id',
  'name',
  'prefix',
  'scopes',
  'expires_at',
  'last_used_at',
  'revoked_at',
  'created_at',
] as const;

export async function insertApiToken(
  db: Kysely<Database>,
  token: {
    workspaceId: string;
    userId: string;
    name: string;
    prefix: string;
    hash: Uint8Array;
    scopes: string[];
    expiresAt: Date | null;
  },
): Promise<ApiTokenRow> {
  return db
    .insertInto('api_tokens')
    .values({
      workspace_id: token.workspaceId,
      user_id: token.userId,
      name: token.name,
      prefix: token.prefix,
      hash: token.hash,
      scopes: token.scopes,
      expires_at: token.expiresAt,
    })
    .returning(LISTED)
    .executeTakeFirstOrThrow();
}

/** The person's tokens in the workspace, newest first (revoked ones included: the list shows them). */
export async function listApiTokens(
  db: Kysely<Database>,
  owner: { workspaceId: string; userId: string },
): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .select(LISTED)
    .where('workspace_id', '=', owner.workspaceId)
    .where('user_id', '=', owner.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Revokes one of the person's tokens; a second revoke changes nothing (and says so). */
export async function revokeApiToken(
  db: Kysely<Database>,
  owner: { workspaceId: string; userId: string },
  id: string,
  now: Date,
): Promise<'revoked' | 'already' | 'missing'> {
  const scoped = db
    .selectFrom('api_tokens')
    .select('revoked_at')
    .where('id', '=', id)
    .where('workspace_id', '=', owner.workspaceId)
    .where('user_id', '=', owner.userId);
  const revoked = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('workspace_id', '=', owner.workspaceId)
    .where('user_id', '=', owner.userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (revoked) return 'revoked';
  return (await scoped.executeTakeFirst()) ? 'already' : 'missing';
}

/** A token with what a request needs of its author: email, time zone, current role in its workspace. */
export interface ApiTokenAuthRow {
  id: string;
  workspace_id: string;
  user_id: string;
  scopes: string[];
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  email: string;
  timezone: string | null;
  role: WorkspaceRole;
}

// Read on every API request: one shape, compiled once (db/src/compiled.ts). The membership is an
// inner join: the foreign key deletes a removed member's tokens, and the role is the current one.
const byHashStatement = compileOnce<{ hash: Uint8Array }, ApiTokenAuthRow>((db, p) =>
  db
    .selectFrom('api_tokens as t')
    .innerJoin('workspace_members as m', (join) =>
      join.onRef('m.workspace_id', '=', 't.workspace_id').onRef('m.user_id', '=', 't.user_id'),
    )
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('profiles as p', 'p.id', 't.user_id')
    .select([
      't.id',
      't.workspace_id',
      't.user_id',
      't.scopes',
      't.expires_at',
      't.last_used_at',
      't.revoked_at',
      'u.email',
      'p.timezone',
      'm.role',
    ])
    .where('t.hash', '=', p.hash),
);

/** The token whose secret hashes to `hash`, revoked or not (the caller decides). */
export async function findApiTokenByHash(
  db: Kysely<Database>,
  hash: Uint8Array,
): Promise<ApiTokenAuthRow | undefined> {
  return (await byHashStatement(db, { hash })).rows[0];
}

/**
 * Marks the token used, at most once per `everyMs`: the condition in the statement keeps
 * concurrent requests on several processes from writing it more often.
 */
export async function touchApiToken(
  db: Kysely<Database>,
  id: string,
  now: Date,
  everyMs: number,
): Promise<void> {
  const before = new Date(now.getTime() - everyMs);
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', before)]))
    .execute();
}
