// The owner's pt-BR explanation of a publishing failure (issue 18, item 2): the network's error
// table (networks/src/<network>/errors.ts) picks it when the failure is recorded, so the post, the
// publishing log and the failure email say the same thing. last_error keeps the ErrorCode.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('suggested_posts').addColumn('last_error_message', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('suggested_posts').dropColumn('last_error_message').execute();
}
