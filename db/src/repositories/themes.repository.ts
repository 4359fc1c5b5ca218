import type { Kysely } from 'kysely';
import type { Database, Frequency, Platform, Theme } from '../schema.js';

export interface ThemeFields {
  name: string;
  description: string;
  toneOfVoice: string[];
  avoidTopics: string[];
  socialNetworks: Platform[];
  frequency: Frequency;
  colorPalette: string;
}

export async function insertTheme(db: Kysely<Database>, userId: string, fields: ThemeFields): Promise<Theme> {
  return db
    .insertInto('themes')
    .values({
      user_id: userId,
      name: fields.name,
      description: fields.description,
      tone_of_voice: fields.toneOfVoice,
      avoid_topics: fields.avoidTopics,
      social_networks: fields.socialNetworks,
      frequency: fields.frequency,
      color_palette: fields.colorPalette,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listThemes(db: Kysely<Database>, userId: string): Promise<Theme[]> {
  return db
    .selectFrom('themes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function countThemes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('themes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes one of the caller's themes (its suggested posts go with it). False when not theirs. */
export async function deleteTheme(db: Kysely<Database>, userId: string, themeId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('themes')
    .where('id', '=', themeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
