// The workspaces migration (2026-11-29T00-00-workspaces) on a populated database, on PostgreSQL
// and on PGlite: every owned row survives, in its user's personal workspace, and the composite
// keys then refuse a cross-workspace reference.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/harness.js';
import { OWNED_TABLES } from '../migrations/2026-11-29T00-00-workspaces.js';
import { createDb, type DbHandle } from './client.js';
import { migrations } from './migrations.js';
import type { Database } from './schema.js';

const BEFORE = '2026-11-28T02-00-account-protection-emails';
const USERS = 3;

function migrator(db: Kysely<Database>) {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Rows in every owned table for each user, written with the schema as it was before workspaces. */
async function populate(db: Kysely<Database>): Promise<string[]> {
  const users: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (email) VALUES (${`migra-${u}-${randomUUID().slice(0, 6)}@teste.pauta.dev`}) RETURNING id`.execute(
      db,
    );
    const userId = rows[0]!.id;
    users.push(userId);
    const account = await sql<{ id: string }>`
      INSERT INTO connected_accounts (user_id, platform, platform_user_id, access_token, account_data)
      VALUES (${userId}, 'x', ${`x-${u}`}, 'selado', '{}'::jsonb) RETURNING id`.execute(db);
    await sql`INSERT INTO pending_connections (id, user_id, platform, sealed_user_token, pages, profile, expires_at)
      VALUES (${randomUUID()}, ${userId}, 'facebook', 'selado', '[]'::jsonb, '{}'::jsonb, now() + interval '1 hour')`.execute(
      db,
    );
    for (let t = 0; t < 2; t++) {
      const theme = await sql<{ id: string }>`
        INSERT INTO themes (user_id, name, description, social_networks)
        VALUES (${userId}, ${`Tema ${t}`}, 'Descrição', ARRAY['x']) RETURNING id`.execute(db);
      const themeId = theme.rows[0]!.id;
      await sql`INSERT INTO client_approval_links (user_id, token_hash, request_key, client_name, theme_id, expires_at)
        VALUES (${userId}, ${Buffer.from(randomUUID())}, ${randomUUID()}, 'Padaria', ${themeId}, now() + interval '7 days')`.execute(
        db,
      );
      for (let p = 0; p < 3; p++) {
        const post = await sql<{ id: string }>`
          INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, scheduled_for)
          VALUES (${themeId}, ${userId}, ${`Post ${p}`}, 'Conteúdo', 'x', now() + interval '1 day') RETURNING id`.execute(
          db,
        );
        const postId = post.rows[0]!.id;
        await sql`INSERT INTO post_media (id, post_id, user_id, position, storage_key, thumb_key, mime_type, width, height, size_bytes)
          VALUES (${randomUUID()}, ${postId}, ${userId}, 0, ${randomUUID()}, ${randomUUID()}, 'image/jpeg', 10, 10, 100)`.execute(
          db,
        );
        await sql`INSERT INTO post_comments (post_id, user_id, actor, actor_user_id, body)
          VALUES (${postId}, ${userId}, 'owner', ${userId}, 'Comentário')`.execute(db);
        await sql`INSERT INTO post_stage_events (post_id, user_id, actor, actor_user_id, from_stage, to_stage)
          VALUES (${postId}, ${userId}, 'owner', ${userId}, 'draft', 'review')`.execute(db);
        // A real status change: the triggers write the delivery event and the live event.
        await sql`UPDATE suggested_posts SET status = 'publishing', claimed_at = now() WHERE id = ${postId}`.execute(
          db,
        );
        await sql`INSERT INTO failure_notices (user_id, post_id, post_title, platform, scheduled_for, error_code)
          VALUES (${userId}, ${postId}, ${`Post ${p}`}, 'x', now(), 'INTERNAL')`.execute(db);
        await sql`INSERT INTO published_posts (user_id, theme_id, suggested_post_id, connected_account_id, title, content, platform)
          VALUES (${userId}, ${themeId}, ${postId}, ${account.rows[0]!.id}, ${`Post ${p}`}, 'Conteúdo', 'x')`.execute(
          db,
        );
      }
    }
  }
  return users;
}

async function counts(db: Kysely<Database>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of OWNED_TABLES) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db);
    out[table] = rows[0]!.n;
  }
  return out;
}

async function checkMigration(db: Kysely<Database>): Promise<void> {
  const down = await migrator(db).migrateTo(BEFORE);
  expect(down.error).toBeUndefined();
  const users = await populate(db);
  const before = await counts(db);
  for (const table of OWNED_TABLES) expect(before[table], table).toBeGreaterThan(0);

  const up = await migrator(db).migrateToLatest();
  expect(up.error).toBeUndefined();
  expect(await counts(db)).toEqual(before);

  // One personal workspace per user, its id the user's, the user its owner.
  const workspaces = await db
    .selectFrom('workspaces as w')
    .innerJoin('workspace_members as m', 'm.workspace_id', 'w.id')
    .select(['w.id', 'w.personal_of', 'm.user_id', 'm.role'])
    .where('w.id', 'in', users)
    .execute();
  expect(workspaces).toHaveLength(USERS);
  for (const w of workspaces)
    expect(w).toMatchObject({ id: w.personal_of, user_id: w.personal_of, role: 'owner' });

  // Every row of every owned table is in its user's personal workspace.
  for (const table of OWNED_TABLES) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(table)} r
      LEFT JOIN workspaces w ON w.id = r.workspace_id AND w.personal_of = r.user_id
      WHERE w.id IS NULL`.execute(db);
    expect(rows[0]!.n, table).toBe(0);
  }

  // The composite keys: a post of user 0 cannot point at user 1's theme.
  const theirTheme = await db
    .selectFrom('themes')
    .select('id')
    .where('workspace_id', '=', users[1]!)
    .executeTakeFirstOrThrow();
  await expect(
    db
      .insertInto('suggested_posts')
      .values({
        workspace_id: users[0]!,
        theme_id: theirTheme.id,
        user_id: users[0]!,
        title: 't',
        content: 'c',
        platform: 'x',
      })
      .execute(),
  ).rejects.toThrow(/suggested_posts_workspace_theme_fk/);
  const theirPost = await db
    .selectFrom('suggested_posts')
    .select('id')
    .where('workspace_id', '=', users[1]!)
    .executeTakeFirstOrThrow();
  await expect(
    db
      .insertInto('post_comments')
      .values({
        workspace_id: users[0]!,
        post_id: theirPost.id,
        user_id: users[0]!,
        actor: 'owner',
        body: 'x',
      })
      .execute(),
  ).rejects.toThrow(/post_comments_workspace_post_fk/);

  // A user created afterwards gets a personal workspace; rows written without a workspace land
  // in the author's (roots) or the parent's (children).
  const created = await sql<{ id: string }>`
    INSERT INTO users (email) VALUES (${`nova-${randomUUID().slice(0, 6)}@teste.pauta.dev`}) RETURNING id`.execute(
    db,
  );
  const newUser = created.rows[0]!.id;
  const member = await db
    .selectFrom('workspace_members')
    .selectAll()
    .where('user_id', '=', newUser)
    .execute();
  expect(member).toMatchObject([{ workspace_id: newUser, role: 'owner' }]);
  const theme = await db
    .insertInto('themes')
    .values({ user_id: newUser, name: 'T', description: 'D', social_networks: ['x'] })
    .returning(['id', 'workspace_id'])
    .executeTakeFirstOrThrow();
  expect(theme.workspace_id).toBe(newUser);
  const post = await db
    .insertInto('suggested_posts')
    .values({ theme_id: theme.id, user_id: newUser, title: 't', content: 'c', platform: 'x' })
    .returning('workspace_id')
    .executeTakeFirstOrThrow();
  expect(post.workspace_id).toBe(newUser);

  // And back: down() restores the schema before workspaces with every row.
  const back = await migrator(db).migrateTo(BEFORE);
  expect(back.error).toBeUndefined();
  const again = await migrator(db).migrateToLatest();
  expect(again.error).toBeUndefined();
}

describe('the workspaces migration on a populated database', () => {
  let pglite: DbHandle | undefined;
  let postgres: DbHandle | undefined;
  let dropPostgres: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await pglite?.close();
    await postgres?.close();
    await dropPostgres?.();
  });

  it('moves every row into its personal workspace on PGlite', async () => {
    pglite = await createDb({});
    await checkMigration(pglite.db);
  }, 120_000);

  it('moves every row into its personal workspace on PostgreSQL', async () => {
    const { default: pg } = await import('pg');
    const base = new URL(testDatabaseUrl());
    const name = `${base.pathname.slice(1)}_ws_${randomUUID().slice(0, 6)}`;
    const admin = new URL(base);
    admin.pathname = '/postgres';
    const run = async (query: string) => {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };
    await run(`CREATE DATABASE ${name}`);
    dropPostgres = () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    postgres = await createDb({ databaseUrl: url.toString(), poolSize: 2, applicationName: 'pauta-test' });
    await checkMigration(postgres.db);
  }, 120_000);
});
