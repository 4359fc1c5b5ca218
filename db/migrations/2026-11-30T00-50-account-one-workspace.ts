// Issue 25 item 7: one network account (platform + platform_user_id) is active in at most ONE
// workspace at a time (docs/workspaces.md "One account, one workspace"). Connecting it in a second
// workspace is refused (upsertAccount, AccountInOtherWorkspaceError); the person moves it by
// disconnecting it there first. Before, the same account could be active in several workspaces,
// each row with its own sealed tokens.
//
// Existing duplicates are resolved deterministically before the index is built: per account, the
// active row renewed last (updated_at, then created_at, then id, all descending) stays active —
// its tokens are the newest, the ones the network most likely still honours — and the others are
// disconnected the way "Desconectar" does (is_active false; their sealed tokens stay for a
// reconnect, their history and posts stay in their workspace).
//
// Frozen in time: never edit once shipped.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE connected_accounts ca
       SET is_active = false, updated_at = now()
      FROM (
        SELECT id,
               row_number() OVER (
                 PARTITION BY platform, platform_user_id
                 ORDER BY updated_at DESC, created_at DESC, id DESC
               ) AS rank
          FROM connected_accounts
         WHERE is_active
      ) ranked
     WHERE ca.id = ranked.id AND ranked.rank > 1`.execute(db);
  await sql`
    CREATE UNIQUE INDEX connected_accounts_one_workspace_idx
        ON connected_accounts (platform, platform_user_id) WHERE is_active`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS connected_accounts_one_workspace_idx`.execute(db);
}
