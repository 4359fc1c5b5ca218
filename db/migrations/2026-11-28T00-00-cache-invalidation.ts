// What a web process may keep in memory, and the notices that take it back (issue 12;
// docs/performance.md "Sessions and settings in memory").
//
// Every change that makes a cached copy wrong sends a notice on the `pauta_cache` channel, in the
// same transaction (PostgreSQL delivers it at commit, never for a rolled-back change):
// - `session:<id>`  a session was deleted (sign-out, expiry, password change, a deleted user's
//                   cascade, an administrator's removal);
// - `user:<id>`     a user's email or profile time zone changed (both are read with the session);
// - `setting:<key>` an administrator changed a system setting.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION pauta_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'auth_sessions' THEN
        PERFORM pg_notify('pauta_cache', 'session:' || OLD.id);
      ELSIF TG_TABLE_NAME = 'admin_settings' THEN
        PERFORM pg_notify('pauta_cache', 'setting:' || NEW.setting_key);
      ELSE
        PERFORM pg_notify('pauta_cache', 'user:' || NEW.id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER auth_sessions_cache_notify AFTER DELETE ON auth_sessions
    FOR EACH ROW EXECUTE FUNCTION pauta_cache_notify()`.execute(db);
  await sql`CREATE TRIGGER users_cache_notify AFTER UPDATE OF email ON users
    FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION pauta_cache_notify()`.execute(
    db,
  );
  await sql`CREATE TRIGGER profiles_cache_notify AFTER INSERT OR UPDATE OF timezone ON profiles
    FOR EACH ROW EXECUTE FUNCTION pauta_cache_notify()`.execute(db);
  await sql`CREATE TRIGGER admin_settings_cache_notify AFTER INSERT OR UPDATE ON admin_settings
    FOR EACH ROW EXECUTE FUNCTION pauta_cache_notify()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS admin_settings_cache_notify ON admin_settings`.execute(db);
  await sql`DROP TRIGGER IF EXISTS profiles_cache_notify ON profiles`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_cache_notify ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS auth_sessions_cache_notify ON auth_sessions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS pauta_cache_notify()`.execute(db);
}
