// Google Business Profile joins the networks (issue 31) as `google_business`: the `platform IN (…)`
// checks of the initial schema (suggested_posts, connected_accounts, published_posts,
// publishing_logs), the themes' `social_networks` check, and pending_connections' (the location
// picker keeps the person's sealed tokens there while they choose). The shape of the Mastodon and
// LinkedIn Pages migrations; 'pinterest', added in parallel, is listed too (listing a network no
// row uses changes nothing).
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
];
// Pinterest's board picker may use pending_connections too (its migration runs in parallel).
const PICKERS_BEFORE = ['facebook', 'instagram', 'linkedin_page', 'pinterest'];

// biome-ignore lint/suspicious/noExplicitAny: see setChecks().
export async function up(db: Kysely<any>): Promise<void> {
  await setChecks(db, [...BEFORE, 'google_business'], [...PICKERS_BEFORE, 'google_business']);
}

/**
 * Back to the networks before: what Google Business Profile had goes (its pending choices, logs,
 * published posts, posts and accounts; 'google_business' leaves the themes' networks, and a theme
 * that had only it goes with its posts).
 */
// biome-ignore lint/suspicious/noExplicitAny: see setChecks().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'pending_connections',
    'publishing_logs',
    'published_posts',
    'suggested_posts',
    'connected_accounts',
  ])
    await sql`DELETE FROM ${sql.table(table)} WHERE platform = 'google_business'`.execute(db);
  await sql`UPDATE themes SET social_networks = array_remove(social_networks, 'google_business') WHERE 'google_business' = ANY(social_networks)`.execute(
    db,
  );
  await sql`DELETE FROM themes WHERE cardinality(social_networks) = 0`.execute(db);
  await setChecks(db, BEFORE, PICKERS_BEFORE);
}
