// Bluesky joins the networks (issue 31): the `platform IN (…)` checks (suggested_posts,
// connected_accounts, published_posts, publishing_logs) and the themes' `social_networks` check
// take 'bluesky'. Its connect form (an app password) needs no table change: the session's tokens
// are stored sealed like any other network's, and the account's server travels in them
// (networks/src/bluesky/session.ts); no picker, so pending_connections keeps its list.
import { type Kysely, sql } from 'kysely';

const TABLES = ['suggested_posts', 'connected_accounts', 'published_posts', 'publishing_logs'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
async function setChecks(db: Kysely<any>, platforms: readonly string[]): Promise<void> {
  const list = sql.join(platforms.map((p) => sql.lit(p)));
  for (const table of TABLES) {
    const name = sql.id(`${table}_platform_check`);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT IF EXISTS ${name}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${name} CHECK (platform IN (${list}))`.execute(
      db,
    );
  }
  await sql`ALTER TABLE themes DROP CONSTRAINT IF EXISTS themes_social_networks_check`.execute(db);
  await sql`ALTER TABLE themes ADD CONSTRAINT themes_social_networks_check CHECK (cardinality(social_networks) >= 1 AND social_networks <@ ARRAY[${list}]::text[])`.execute(
    db,
  );
}

const BEFORE = ['linkedin', 'facebook', 'x', 'instagram', 'threads'];

// biome-ignore lint/suspicious/noExplicitAny: see setChecks().
export async function up(db: Kysely<any>): Promise<void> {
  await setChecks(db, [...BEFORE, 'bluesky']);
}

/**
 * Back to five networks: what Bluesky had goes (its logs, published posts, posts and accounts;
 * 'bluesky' leaves the themes' networks, and a theme that had only Bluesky goes with its posts).
 */
// biome-ignore lint/suspicious/noExplicitAny: see setChecks().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['publishing_logs', 'published_posts', 'suggested_posts', 'connected_accounts'])
    await sql`DELETE FROM ${sql.table(table)} WHERE platform = 'bluesky'`.execute(db);
  // A theme whose only network is Bluesky goes first: removing its last network would break the
  // themes' check (at least one network) before the row could go.
  await sql`DELETE FROM themes WHERE social_networks = ARRAY['bluesky']::text[]`.execute(db);
  await sql`UPDATE themes SET social_networks = array_remove(social_networks, 'bluesky') WHERE 'bluesky' = ANY(social_networks)`.execute(
    db,
  );
  await setChecks(db, BEFORE);
}
