import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@pauta/core';
import { type Database, findProfile } from '@pauta/db';
import type { Kysely } from 'kysely';

/** The IANA zone of the user's profile; the default zone when it is missing or unknown here. */
export async function userTimeZone(db: Kysely<Database>, userId: string): Promise<string> {
  const zone = (await findProfile(db, userId))?.timezone;
  return isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
