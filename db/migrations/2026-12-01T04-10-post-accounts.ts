// Several accounts of one network in one workspace (issue 30 item 1, docs/workspaces.md "Several
// accounts of one network"): two Instagram profiles of one client.
//
// - `suggested_posts.connected_account_id`: the account a post goes out from, in its workspace
//   (composite foreign key, like queue_account_id). Backfilled with the workspace's active account
//   of the post's network (at most one before this migration, so the backfill is exact).
// - NULL is left only where it resolves unambiguously: a BEFORE trigger pins a post written
//   without an account (AI drafts, CSV, repetitions, duplicates) to its workspace's only active
//   account of the network, and re-pins when the post changes network; with no active account it
//   stays NULL and later resolves to the only active one (db resolvePostAccount); with several it
//   stays NULL until a person picks one. Connecting a second account of a network pins the
//   network's NULL posts to the one that was alone (db upsertAccount), so a post never changes
//   account behind the person's back.
// - `connected_accounts_one_active_idx` becomes one active row per (workspace, platform,
//   platform_user_id): several active accounts per network, each network account once.
// - `suggested_posts_account_idx`: the posts of an account (what a disconnect leaves behind, the
//   account's pinning on connect).
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE suggested_posts ADD COLUMN connected_account_id uuid`.execute(db);
  await sql`ALTER TABLE suggested_posts ADD CONSTRAINT suggested_posts_connected_account_fk
    FOREIGN KEY (workspace_id, connected_account_id) REFERENCES connected_accounts (workspace_id, id)
    ON DELETE SET NULL (connected_account_id)`.execute(db);
  await sql`UPDATE suggested_posts sp SET connected_account_id = a.id
    FROM connected_accounts a
    WHERE a.workspace_id = sp.workspace_id AND a.platform = sp.platform AND a.is_active`.execute(db);
  await sql`CREATE INDEX suggested_posts_account_idx ON suggested_posts (connected_account_id)
    WHERE connected_account_id IS NOT NULL`.execute(db);

  await sql`DROP INDEX connected_accounts_one_active_idx`.execute(db);
  await sql`CREATE UNIQUE INDEX connected_accounts_one_active_idx
    ON connected_accounts (workspace_id, platform, platform_user_id) WHERE is_active`.execute(db);

  await sql`
    CREATE FUNCTION pauta_post_account() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      account_platform text;
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.platform IS DISTINCT FROM OLD.platform
         AND NEW.connected_account_id IS NOT DISTINCT FROM OLD.connected_account_id THEN
        NEW.connected_account_id := NULL;
      END IF;
      IF NEW.connected_account_id IS NOT NULL THEN
        SELECT platform INTO account_platform FROM connected_accounts
          WHERE id = NEW.connected_account_id AND workspace_id = NEW.workspace_id;
        IF account_platform IS DISTINCT FROM NEW.platform THEN
          RAISE EXCEPTION 'post account of another network' USING ERRCODE = 'check_violation',
            CONSTRAINT = 'suggested_posts_account_platform';
        END IF;
      ELSE
        SELECT CASE WHEN count(*) = 1 THEN (array_agg(id))[1] END INTO NEW.connected_account_id
          FROM connected_accounts
          WHERE workspace_id = NEW.workspace_id AND platform = NEW.platform AND is_active;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  // Named after suggested_posts_fill_workspace: BEFORE triggers run in name order, and this one
  // reads the workspace that one fills.
  await sql`CREATE TRIGGER suggested_posts_pick_account BEFORE INSERT OR UPDATE OF platform, connected_account_id
    ON suggested_posts FOR EACH ROW EXECUTE FUNCTION pauta_post_account()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER suggested_posts_pick_account ON suggested_posts`.execute(db);
  await sql`DROP FUNCTION pauta_post_account()`.execute(db);
  // One active account per network again: the newest active row of each network stays active.
  await sql`UPDATE connected_accounts a SET is_active = false
    WHERE a.is_active AND EXISTS (
      SELECT 1 FROM connected_accounts b
      WHERE b.workspace_id = a.workspace_id AND b.platform = a.platform AND b.is_active
        AND (b.updated_at, b.id) > (a.updated_at, a.id))`.execute(db);
  await sql`DROP INDEX connected_accounts_one_active_idx`.execute(db);
  await sql`CREATE UNIQUE INDEX connected_accounts_one_active_idx ON connected_accounts (workspace_id, platform) WHERE is_active`.execute(
    db,
  );
  await sql`DROP INDEX suggested_posts_account_idx`.execute(db);
  await sql`ALTER TABLE suggested_posts DROP CONSTRAINT suggested_posts_connected_account_fk`.execute(db);
  await sql`ALTER TABLE suggested_posts DROP COLUMN connected_account_id`.execute(db);
}
