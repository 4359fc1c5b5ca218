// Idempotency keys (issue 11, item 4; docs/idempotency.md): one row per user action that changes
// something. The unique (user_id, key) — NULLS NOT DISTINCT, so anonymous actions share one scope —
// is what makes a double-click or a retry run the action once, across any number of web processes.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().check(sql`char_length(key) BETWEEN 16 AND 128`))
    .addColumn('procedure', 'text', (c) => c.notNull())
    /** HMAC of the procedure's input (a password in the input never sits here in a brute-forceable hash). */
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    /** Which request holds the key: the completion and the release are fenced by it. */
    .addColumn('claim_id', 'uuid', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state IN ('in_progress', 'done')`))
    /** superjson.serialize() of the procedure's result, once done. */
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_scope_key', ['user_id', 'key'], (b) => b.nullsNotDistinct())
    .addCheckConstraint(
      'idempotency_keys_done_has_response',
      sql`(state = 'done') = (response IS NOT NULL AND completed_at IS NOT NULL)`,
    )
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expiry_idx')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
