// Mastodon joins the networks (issue 31): the `platform IN (…)` checks of the initial schema
// (suggested_posts, connected_accounts, published_posts, publishing_logs) and the themes'
// `social_networks` check take 'mastodon' (the Threads migration's shape; the networks other
// engineers add before it are listed too, harmless where their migration already ran). Mastodon
// has no installation-wide app: each instance issues Pauta's client id and secret when its first
// account connects (POST /api/v1/apps), kept in `network_instances`, one row per instance host
// (the secret sealed, AAD `network_instances:<platform>/<host>:sealed_client_secret`), with the
// redirect URI it was registered with and the instance's limits as last read.
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

const BEFORE = ['linkedin', 'facebook', 'x', 'instagram', 'threads', 'bluesky', 'linkedin_page'];

// biome-ignore lint/suspicious/noExplicitAny: see setChecks().
export async function up(db: Kysely<any>): Promise<void> {
  await setChecks(db, [...BEFORE, 'mastodon']);
  await db.schema
    .createTable('network_instances')
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform IN ('mastodon')`))
    .addColumn('host', 'text', (c) => c.notNull().check(sql`host ~ '^[a-z0-9.-]{4,253}$'`))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('sealed_client_secret', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('pkce', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('limits', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('network_instances_pkey', ['platform', 'host'])
    .execute();
}

/**
 * Back to the networks before: what Mastodon had goes (its logs, published posts, posts and
 * accounts; 'mastodon' leaves the themes' networks, and a theme that had only Mastodon goes with its
 * posts), and the instances' apps with it.
 */
// biome-ignore lint/suspicious/noExplicitAny: see setChecks().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('network_instances').ifExists().execute();
  for (const table of ['publishing_logs', 'published_posts', 'suggested_posts', 'connected_accounts'])
    await sql`DELETE FROM ${sql.table(table)} WHERE platform = 'mastodon'`.execute(db);
  await sql`UPDATE themes SET social_networks = array_remove(social_networks, 'mastodon') WHERE 'mastodon' = ANY(social_networks)`.execute(
    db,
  );
  await sql`DELETE FROM themes WHERE cardinality(social_networks) = 0`.execute(db);
  await setChecks(db, BEFORE);
}
