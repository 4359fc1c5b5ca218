// Follow-up of issue 30 item 9 (docs/commemorative-dates.md): the commemorative dates picked for a
// theme are stored with it, so Editar Tema shows them and "Gerar 5 Posts" passes them to the AI.
//
// - `themes.commemorative_dates`: the picked keys ('black-friday-2026'), at most 10 (core's
//   MAX_COMMEMORATIVE_DATES; the schema refuses first with the pt-BR reason); existing themes get
//   none.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE themes
      ADD COLUMN commemorative_dates text[] NOT NULL DEFAULT '{}'
        CONSTRAINT themes_commemorative_dates_max CHECK (cardinality(commemorative_dates) <= 10)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE themes DROP COLUMN IF EXISTS commemorative_dates`.execute(db);
}
