// YouTube joins the networks (issue 26): the `platform IN (…)` checks (suggested_posts,
// connected_accounts, published_posts, publishing_logs) and the themes' `social_networks` check
// take 'youtube'. YouTube has no picker (the account is the person's own channel), so
// pending_connections' check keeps its networks. The shape of the Pinterest migration; 'tiktok',
// added in parallel by another engineer (2026-11-30T05-10-tiktok-platform), is listed in every
// check too: listing a network no row uses changes nothing, and leaving it out would undo that
// migration wherever this one runs after it.
import { type Kysely, sql } from 'kysely';

const TABLES = ['suggested_posts', 'connected_accounts', 'published_posts', 'publishing_logs'] as const;

async function setChecks(
  // biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
  db: Kysely<any>,
  platforms: readonly string[],
  pickers: readonly string[],
): Promise<void> {
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
  const pickerList = sql.join(pickers.map((p) => sql.lit(p)));
  await sql`ALTER TABLE pending_connections DROP CONSTRAINT IF EXISTS pending_connections_platform_check`.execute(
    db,
  );
  await sql`ALTER TABLE pending_connections ADD CONSTRAINT pending_connections_platform_check CHECK (platform IN (${pickerList}))`.execute(
    db,
  );
}

const BEFORE = [
  'linkedin',
  'facebook',
  'x',
  'instagram',
  'threads',
  'linkedin_page',
  'mastodon',
  'bluesky',
  'pinterest',
  'google_business',
  'tiktok',
];
const PICKERS = ['facebook', 'instagram', 'linkedin_page', 'pinterest', 'google_business'];

// biome-ignore lint/suspicious/noExplicitAny: see setChecks().
export async function up(db: Kysely<any>): Promise<void> {
  await setChecks(db, [...BEFORE, 'youtube'], PICKERS);
}

/**
 * Back to the networks before: what YouTube had goes (its logs, published videos, posts and
 * accounts; 'youtube' leaves the themes' networks, and a theme that had only it goes with its posts).
 */
// biome-ignore lint/suspicious/noExplicitAny: see setChecks().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['publishing_logs', 'published_posts', 'suggested_posts', 'connected_accounts'])
    await sql`DELETE FROM ${sql.table(table)} WHERE platform = 'youtube'`.execute(db);
  await sql`UPDATE themes SET social_networks = array_remove(social_networks, 'youtube') WHERE 'youtube' = ANY(social_networks)`.execute(
    db,
  );
  await sql`DELETE FROM themes WHERE cardinality(social_networks) = 0`.execute(db);
  await setChecks(db, BEFORE, PICKERS);
}
