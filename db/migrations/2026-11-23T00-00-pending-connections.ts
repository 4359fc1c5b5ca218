// A Facebook connection waiting for the user to pick one of several Pages: the long-lived user
// token stays here, sealed (AAD pending_connections:<id>:sealed_user_token), for 10 minutes.
// The browser only ever sees the row id and the Pages' ids and names.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform IN ('facebook')`))
    .addColumn('sealed_user_token', 'text', (c) => c.notNull())
    .addColumn('pages', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('profile', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('pending_connections_user_idx')
    .on('pending_connections')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('pending_connections_expiry_idx')
    .on('pending_connections')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_connections').ifExists().execute();
}
