import { countThemes, type Database } from '@pauta/db';
import type { Kysely } from 'kysely';

/** Spec §7 call 1: does the user have at least one theme (initial view)? */
export async function hasAnyTheme(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await countThemes(db, userId)) > 0;
}
