// Every parameterized statement runs as a named prepared statement on its connection
// (client.ts, prepareStatements): parsed and planned once per connection, then executed by name.
// What PostgreSQL holds is read from pg_prepared_statements on the same connection.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../test/harness.js';
import { createDb, type DbHandle, MAX_PREPARED_PER_CONNECTION } from './client.js';

let url: string;
let drop: () => Promise<void>;
let handle: DbHandle;
beforeAll(async () => {
  const iso = await isolatedDb();
  url = iso.url;
  drop = iso.drop;
  await iso.handle.close();
  // One connection: every statement below runs on it.
  handle = await createDb({ databaseUrl: url, poolSize: 1 });
  await sql`CREATE TABLE prep_probe (id int PRIMARY KEY, label text NOT NULL)`.execute(handle.db);
  await sql`INSERT INTO prep_probe VALUES (1, 'um'), (2, 'dois')`.execute(handle.db);
});
afterAll(async () => {
  await handle.close();
  await drop();
});

const prepared = async () =>
  (
    await sql<{
      name: string;
      statement: string;
    }>`SELECT name, statement FROM pg_prepared_statements`.execute(handle.db)
  ).rows;

describe('prepared statements per connection', () => {
  it('a parameterized statement is prepared once and reused by name, with the right results', async () => {
    const byId = (id: number) =>
      handle.db
        .selectFrom('prep_probe' as never)
        .select(['label' as never])
        .where('id' as never, '=', id as never);
    expect(await byId(1).execute()).toEqual([{ label: 'um' }]);
    expect(await byId(2).execute()).toEqual([{ label: 'dois' }]);
    const text = byId(1).compile().sql;
    const same = (await prepared()).filter((p) => p.statement === text);
    expect(same).toHaveLength(1);
    expect(same[0]!.name).toMatch(/^pauta_\d+$/);
  });

  it('statements without parameters, several commands in one string and select * stay unprepared', async () => {
    await sql.raw('SELECT 1; SELECT 2').execute(handle.db);
    const star = await sql<{ id: number }>`SELECT * FROM prep_probe WHERE id = ${1}`.execute(handle.db);
    expect(star.rows).toEqual([{ id: 1, label: 'um' }]);
    const statements = (await prepared()).map((p) => p.statement);
    expect(statements.some((s) => s.includes('SELECT 1; SELECT 2'))).toBe(false);
    expect(statements.some((s) => s.includes('SELECT * FROM prep_probe'))).toBe(false);
  });

  it('a column added by a migration does not break a prepared statement with explicit columns', async () => {
    const label = () =>
      sql<{ label: string }>`SELECT label FROM prep_probe WHERE id = ${2}`.execute(handle.db);
    expect((await label()).rows).toEqual([{ label: 'dois' }]);
    await sql`ALTER TABLE prep_probe ADD COLUMN extra text`.execute(handle.db);
    expect((await label()).rows).toEqual([{ label: 'dois' }]);
  });

  it('errors leave the connection usable and the statement preparable again', async () => {
    const bad = () => sql`SELECT label FROM prep_probe WHERE id = ${'não é número'}::int`.execute(handle.db);
    await expect(bad()).rejects.toThrow();
    await expect(bad()).rejects.toThrow();
    expect((await sql<{ n: number }>`SELECT ${41}::int + 1 AS n`.execute(handle.db)).rows).toEqual([
      { n: 42 },
    ]);
  });

  it('each call is still planned for its own values (no generic plan chosen for the average case)', async () => {
    const mode = await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(handle.db);
    expect(mode.rows[0]!.plan_cache_mode).toBe('force_custom_plan');
    // Even when the URL brings PostgreSQL options of its own.
    const withOptions = new URL(url);
    withOptions.searchParams.set('options', '-c statement_timeout=5000');
    const other = await createDb({ databaseUrl: withOptions.toString(), poolSize: 1 });
    try {
      const modes = await sql<{ mode: string; timeout: string }>`
        SELECT current_setting('plan_cache_mode') AS mode, current_setting('statement_timeout') AS timeout`.execute(
        other.db,
      );
      expect(modes.rows[0]).toEqual({ mode: 'force_custom_plan', timeout: '5s' });
    } finally {
      await other.close();
    }
  });

  it(`keeps at most ${MAX_PREPARED_PER_CONNECTION} statements per connection; the rest run unnamed`, async () => {
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 20; i++) {
      const result = await sql<{ n: number }>`SELECT ${i}::int AS ${sql.id(`n${i}`)}`.execute(handle.db);
      expect(Object.values(result.rows[0]!)).toEqual([i]);
    }
    expect((await prepared()).length).toBe(MAX_PREPARED_PER_CONNECTION);
  });
});
