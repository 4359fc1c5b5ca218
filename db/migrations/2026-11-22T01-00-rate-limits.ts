// Attempt counters for sign-in, sign-up and other abuse-prone actions. Kept in PostgreSQL so the
// limits hold across web processes and in embedded mode without Redis.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('blocked_until', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('rate_limits_window_idx')
    .on('rate_limits')
    .column('window_started_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
