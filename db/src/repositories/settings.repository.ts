import type { Kysely } from 'kysely';
import type { AdminSetting, Database, SettingValue } from '../schema.js';

export async function listSettings(db: Kysely<Database>): Promise<AdminSetting[]> {
  return db.selectFrom('admin_settings').selectAll().orderBy('setting_key').execute();
}

export async function getSetting(db: Kysely<Database>, key: string): Promise<SettingValue | undefined> {
  const row = await db
    .selectFrom('admin_settings')
    .select('setting_value')
    .where('setting_key', '=', key)
    .executeTakeFirst();
  return row?.setting_value;
}

export async function getBooleanSetting(
  db: Kysely<Database>,
  key: string,
  fallback: boolean,
): Promise<boolean> {
  const value = await getSetting(db, key);
  return typeof value === 'boolean' ? value : fallback;
}

export async function getNumberSetting(db: Kysely<Database>, key: string, fallback: number): Promise<number> {
  const value = await getSetting(db, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
