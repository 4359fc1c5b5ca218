// Network budgets (issue 18 item 3; docs/budgets.md).
//
// - The `network_budgets` system setting: `{}` = every network keeps its descriptor's default
//   (networks/src/<network>/index.ts `postingBudget`); an administrator's change stores that
//   network's `{ month, day, scope }`.
// - An index for counting a network's posts in a period across every user (a budget of the whole
//   installation): by platform and date, only the statuses a budget counts.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('admin_settings')
    .values({
      setting_key: 'network_budgets',
      setting_value: sql`'{}'::jsonb`,
      description:
        'Quantos posts cada rede recebe por mês e por dia; acima disso, o Pauta avisa antes de agendar.',
    })
    .onConflict((oc) => oc.column('setting_key').doNothing())
    .execute();
  await sql`CREATE INDEX suggested_posts_budget_idx ON suggested_posts (platform, scheduled_for) WHERE status IN ('scheduled','publishing','published','needs_attention')`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS suggested_posts_budget_idx`.execute(db);
  await db.deleteFrom('admin_settings').where('setting_key', '=', 'network_budgets').execute();
}
