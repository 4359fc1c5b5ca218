// Every active account of the workspace, several per network where it has them (docs/workspaces.md
// "Several accounts of one network"): what the composer's account picker, Editar Post's "Conta"
// and the @handle on cards read. Contas Conectadas keeps its own list (accounts.list). Built from
// token-free summaries only: no token field can reach the output.
import type { Platform } from '@pauta/core';
import { type Database, listActiveAccounts } from '@pauta/db';
import type { Kysely } from 'kysely';

export interface ActiveAccount {
  id: string;
  platform: Platform;
  /** The @handle without the @ (null where the network has none). */
  username: string | null;
  name: string | null;
  avatarUrl: string | null;
  pageName: string | null;
  /** Its follower count, where the network gives one (a LinkedIn Page's preview shows it). */
  followers: number | null;
  /** The account's own text limit where its server declares one (Mastodon); null: the network's. */
  textLimit: number | null;
}

/** The workspace's active accounts, by network then by the order they were connected. */
export async function listActiveAccountChoices(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<ActiveAccount[]> {
  const accounts = (await listActiveAccounts(db, workspaceId)).sort(
    (a, b) =>
      a.platform.localeCompare(b.platform) ||
      a.created_at.getTime() - b.created_at.getTime() ||
      a.id.localeCompare(b.id),
  );
  return accounts.map((account) => {
    const data = account.account_data ?? {};
    return {
      id: account.id,
      platform: account.platform,
      username: account.platform_username,
      name: data.name ?? null,
      avatarUrl: data.avatar_url ?? null,
      pageName: data.page_name ?? null,
      followers: typeof data.followers === 'number' ? data.followers : null,
      textLimit: typeof data.text_limit === 'number' ? data.text_limit : null,
    };
  });
}
