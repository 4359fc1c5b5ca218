// Facebook (and Instagram) connections waiting for the user to pick a Page (or an account) (spec §4: reconnecting saves or
// updates the record — once the Page is known). The long-lived user token is sealed like the
// connected accounts' tokens; reads without the token return only ids, names and the profile.
import type { Kysely } from 'kysely';
import { type Keyring, seal, tokenAad, unseal } from '../crypto.js';
import type { Database, PendingPage, PendingPlatform, PendingProfile } from '../schema.js';

/** How long a pending choice lives (the OAuth attempt's 10 minutes). */
export const PENDING_CONNECTION_TTL_MS = 10 * 60 * 1000;

export interface PendingConnectionSummary {
  id: string;
  /** The workspace the chosen account will be connected in. */
  workspace_id: string;
  /** Who is connecting (only they may pick). */
  user_id: string;
  platform: PendingPlatform;
  pages: PendingPage[];
  profile: PendingProfile;
  expires_at: Date;
}

const SUMMARY_COLUMNS = [
  'id',
  'workspace_id',
  'user_id',
  'platform',
  'pages',
  'profile',
  'expires_at',
] as const;

const aad = (id: string) => tokenAad('pending_connections', id, 'sealed_user_token');

export interface CreatePendingConnectionInput {
  /** The workspace the account is being connected in (docs/workspaces.md); omitted: the person's personal one. */
  workspaceId?: string;
  userId: string;
  platform: PendingPlatform;
  userToken: string;
  pages: PendingPage[];
  profile: PendingProfile;
  now?: Date;
  ttlMs?: number;
}

/**
 * Stores a pending choice and returns its id. A user has at most one pending choice per
 * platform (a new attempt replaces the old one); expired rows of anyone are swept here too.
 */
export async function createPendingConnection(
  db: Kysely<Database>,
  keyring: Keyring,
  input: CreatePendingConnectionInput,
): Promise<string> {
  const now = input.now ?? new Date();
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('pending_connections').where('expires_at', '<', now).execute();
    await trx
      .deleteFrom('pending_connections')
      .where('user_id', '=', input.userId)
      .where('platform', '=', input.platform)
      .execute();
    await trx
      .insertInto('pending_connections')
      .values({
        id,
        workspace_id: input.workspaceId ?? input.userId,
        user_id: input.userId,
        platform: input.platform,
        sealed_user_token: seal(keyring, input.userToken, aad(id)),
        pages: JSON.stringify(
          input.pages.map((page) => ({
            id: page.id,
            name: page.name,
            ...(page.pageName === undefined ? {} : { pageName: page.pageName }),
          })),
        ),
        profile: JSON.stringify(input.profile),
        expires_at: new Date(now.getTime() + (input.ttlMs ?? PENDING_CONNECTION_TTL_MS)),
      })
      .execute();
  });
  return id;
}

/** The caller's unexpired pending choice, without the token; undefined for anyone else's id. */
export async function findPendingConnection(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: Date = new Date(),
): Promise<PendingConnectionSummary | undefined> {
  return db
    .selectFrom('pending_connections')
    .select(SUMMARY_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** The plaintext user token of the caller's pending choice, for one network call. Never log it. */
export async function readPendingUserToken(
  db: Kysely<Database>,
  keyring: Keyring,
  userId: string,
  id: string,
  now: Date = new Date(),
): Promise<string | undefined> {
  const row = await db
    .selectFrom('pending_connections')
    .select(['id', 'sealed_user_token'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? unseal(keyring, row.sealed_user_token, aad(row.id)) : undefined;
}

export async function deletePendingConnection(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('pending_connections')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
