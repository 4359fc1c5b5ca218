// Network budgets per connected account (docs/budgets.md, scope `account`): Instagram's 50 posts
// per 24 h are each Instagram account's, and a workspace may connect several accounts of one
// network (2026-12-01T04-10-post-accounts).
//
// - An index for counting one account's posts of a network in a period: the workspace, the
//   network, the account (NULL included: a post without an account yet counts for each account of
//   its network) and the date, only the statuses a budget counts. It also serves a workspace's
//   count of a network (the first two columns), which suggested_posts_workspace_scheduled_idx
//   served by reading every post of the workspace in the period.
// - The `network_budgets` setting is not rewritten: a stored scope `user` (each person's own
//   account, from before workspaces) is read as `account` by core's parseBudgetOverrides, so a
//   web process of the previous release that reads the same row during a deploy keeps
//   understanding it.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX suggested_posts_account_budget_idx
    ON suggested_posts (workspace_id, platform, connected_account_id, scheduled_for)
    WHERE status IN ('scheduled','publishing','published','needs_attention')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS suggested_posts_account_budget_idx`.execute(db);
}
