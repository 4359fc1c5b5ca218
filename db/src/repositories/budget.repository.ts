// Counting the posts that use a network budget (docs/budgets.md): per local day of a time zone,
// for one network, across the whole installation, for one workspace, or for one connected account
// of a workspace. The statuses counted are core's BUDGET_COUNTED_STATUSES; the partial index
// suggested_posts_budget_idx serves the installation's count, suggested_posts_account_budget_idx
// (workspace, platform, account, date) the workspace's and the account's.
import { BUDGET_COUNTED_STATUSES, type Platform } from '@pauta/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

export interface BudgetCountOptions {
  platform: Platform;
  from: Date;
  before: Date;
  /** Only this workspace's posts; absent = all. */
  workspaceId?: string | undefined;
  /**
   * With `workspaceId`, only the posts of this connected account of the workspace — and the
   * workspace's posts of the network that have no account yet, which may still go out from it
   * (db resolvePostAccount; the posting queue counts them for each account the same way).
   */
  accountId?: string | undefined;
  /** Leave this post out (the one being rescheduled). */
  excludePostId?: string | undefined;
}

function countQuery(db: Kysely<Database>, options: BudgetCountOptions) {
  let query = db
    .selectFrom('suggested_posts')
    .where('platform', '=', options.platform)
    .where('status', 'in', BUDGET_COUNTED_STATUSES)
    .where('scheduled_for', '>=', options.from)
    .where('scheduled_for', '<', options.before);
  if (options.workspaceId !== undefined) {
    query = query.where('workspace_id', '=', options.workspaceId);
    const { accountId } = options;
    if (accountId !== undefined)
      query = query.where((eb) =>
        eb.or([eb('connected_account_id', '=', accountId), eb('connected_account_id', 'is', null)]),
      );
  } else if (options.accountId !== undefined) throw new Error('An account is counted within its workspace.');
  if (options.excludePostId !== undefined) query = query.where('id', '<>', options.excludePostId);
  return query;
}

/** Posts of a network in [from, before). */
export async function countBudgetPosts(db: Kysely<Database>, options: BudgetCountOptions): Promise<number> {
  const row = await countQuery(db, options)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Posts of a network in [from, before) per local day of `timeZone` ('YYYY-MM-DD' → count). */
export async function countBudgetPostsByDay(
  db: Kysely<Database>,
  options: BudgetCountOptions & { timeZone: string },
): Promise<Map<string, number>> {
  const day = sql<string>`to_char(scheduled_for AT TIME ZONE ${options.timeZone}, 'YYYY-MM-DD')`;
  const rows = await countQuery(db, options)
    .select([day.as('day'), (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}
