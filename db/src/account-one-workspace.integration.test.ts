// One network account, one workspace (issue 25 item 7; docs/workspaces.md "One account, one
// workspace"): the migration resolves existing duplicates deterministically (PGlite and
// PostgreSQL), upsertAccount refuses an account active in another workspace and writes nothing,
// two connects of the same account in two workspaces at once leave exactly one active, and the
// person moves an account by disconnecting it first.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../test/harness.js';
import { createDb, type DbHandle } from './client.js';
import { parseKeyring } from './crypto.js';
import { migrations } from './migrations.js';
import {
  AccountInOtherWorkspaceError,
  deactivateAccount,
  upsertAccount,
} from './repositories/accounts.repository.js';
import { createWorkspace } from './repositories/workspaces.repository.js';
import type { Database } from './schema.js';

const BEFORE = '2026-11-29T00-30-template-sample-values';
const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);

async function newUser(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO users (email) VALUES (${`conta-${randomUUID().slice(0, 8)}@teste.pauta.dev`}) RETURNING id`.execute(
    db,
  );
  return rows[0]!.id;
}

async function newWorkspace(db: Kysely<Database>, ownerId: string, name: string): Promise<string> {
  const created = await createWorkspace(db, { ownerId, name, max: 100 });
  return created!.id;
}

const account = (userId: string, workspaceId: string, platformUserId: string) => ({
  userId,
  workspaceId,
  platform: 'linkedin' as const,
  platformUserId,
  platformUsername: 'Padaria',
  accountData: {},
  accessToken: `token-${randomUUID()}`,
  refreshToken: null,
  accessTokenExpiresAt: null,
});

async function activeRows(db: Kysely<Database>, platformUserId: string) {
  return db
    .selectFrom('connected_accounts')
    .select(['id', 'workspace_id'])
    .where('platform_user_id', '=', platformUserId)
    .where('is_active', '=', true)
    .execute();
}

/** Duplicates written before the rule, then the migration: the row renewed last stays active. */
async function checkMigration(db: Kysely<Database>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo(BEFORE);
  expect(down.error).toBeUndefined();
  const ana = await newUser(db);
  const padaria = await newWorkspace(db, ana, 'Padaria');
  const clinica = await newWorkspace(db, ana, 'Clínica');
  const insert = (workspaceId: string, pid: string, updatedAt: string, platform = 'linkedin') =>
    sql<{ id: string }>`
      INSERT INTO connected_accounts (workspace_id, user_id, platform, platform_user_id, access_token, account_data, updated_at)
      VALUES (${workspaceId}, ${ana}, ${platform}, ${pid}, 'selado', '{}'::jsonb, ${updatedAt}::timestamptz) RETURNING id`
      .execute(db)
      .then((r) => r.rows[0]!.id);
  const older = await insert(ana, 'li-dup', '2026-11-01T10:00:00Z');
  const newest = await insert(padaria, 'li-dup', '2026-11-20T10:00:00Z');
  const middle = await insert(clinica, 'li-dup', '2026-11-10T10:00:00Z');
  const alone = await insert(padaria, 'x-alone', '2026-11-01T10:00:00Z', 'x');

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  expect((await activeRows(db, 'li-dup')).map((r) => r.id)).toEqual([newest]);
  expect((await activeRows(db, 'x-alone')).map((r) => r.id)).toEqual([alone]);
  // The others are disconnected, not deleted: their rows and sealed tokens stay for a reconnect.
  const all = await db
    .selectFrom('connected_accounts')
    .select(['id', 'is_active'])
    .where('id', 'in', [older, middle])
    .execute();
  expect(all.map((r) => r.is_active)).toEqual([false, false]);
  // The index now refuses a second active row whatever writes it.
  await expect(
    sql`UPDATE connected_accounts SET is_active = true WHERE id = ${older}`.execute(db),
  ).rejects.toThrow(/connected_accounts_one_workspace_idx/);
  // down() then up() again.
  expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
}

describe('the migration', () => {
  let pglite: DbHandle | undefined;
  let postgres: { handle: DbHandle; drop(): Promise<void> } | undefined;
  afterAll(async () => {
    await pglite?.close();
    await postgres?.handle.close();
    await postgres?.drop();
  });

  it('keeps the account renewed last active on PGlite', async () => {
    pglite = await createDb({});
    await checkMigration(pglite.db);
  }, 120_000);

  it('keeps the account renewed last active on PostgreSQL', async () => {
    postgres = await isolatedDb();
    await checkMigration(postgres.handle.db);
  }, 120_000);
});

describe('upsertAccount', () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('refuses an account active in another workspace, writes nothing, and takes it once disconnected there', async () => {
    ({ handle, drop } = await isolatedDb());
    const db = handle.db;
    const ana = await newUser(db);
    const padaria = await newWorkspace(db, ana, 'Padaria');
    const first = await upsertAccount(db, keyring, account(ana, ana, 'li-ana'));
    const before = await db.selectFrom('connected_accounts').selectAll().orderBy('id').execute();

    const refused = await upsertAccount(db, keyring, account(ana, padaria, 'li-ana')).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AccountInOtherWorkspaceError);
    expect((refused as AccountInOtherWorkspaceError).workspaceId).toBe(ana);
    expect(await db.selectFrom('connected_accounts').selectAll().orderBy('id').execute()).toEqual(before);

    // Reconnecting it where it is still works (the same row, renewed).
    const again = await upsertAccount(db, keyring, account(ana, ana, 'li-ana'));
    expect(again.id).toBe(first.id);

    // Moving it: disconnect there, connect here.
    expect(await deactivateAccount(db, ana, first.id)).toBe(true);
    const moved = await upsertAccount(db, keyring, account(ana, padaria, 'li-ana'));
    expect((await activeRows(db, 'li-ana')).map((r) => r.workspace_id)).toEqual([padaria]);
    // And back again is refused while it is active in the Padaria.
    await expect(upsertAccount(db, keyring, account(ana, ana, 'li-ana'))).rejects.toBeInstanceOf(
      AccountInOtherWorkspaceError,
    );
    expect(moved.id).not.toBe(first.id);
  }, 120_000);

  it('two connects of one account in two workspaces at once: exactly one is active, the other refused', async () => {
    const db = handle.db;
    for (let round = 0; round < 5; round++) {
      const ana = await newUser(db);
      const padaria = await newWorkspace(db, ana, 'Padaria');
      const pid = `li-corrida-${round}-${randomUUID().slice(0, 6)}`;
      const results = await Promise.allSettled([
        upsertAccount(db, keyring, account(ana, ana, pid)),
        upsertAccount(db, keyring, account(ana, padaria, pid)),
      ]);
      const fulfilled = results.filter((r) => r.status === 'fulfilled');
      const rejected = results.filter((r) => r.status === 'rejected');
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(1);
      expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(AccountInOtherWorkspaceError);
      const rows = await db
        .selectFrom('connected_accounts')
        .select('is_active')
        .where('platform_user_id', '=', pid)
        .execute();
      expect(rows).toEqual([{ is_active: true }]);
    }
  }, 120_000);
});
