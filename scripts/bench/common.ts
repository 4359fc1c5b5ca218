// Shared pieces of the benchmark scripts: a throwaway PostgreSQL database and percentiles.

import { createDb, type DbHandle, migrateToLatest } from '@pauta/db';
import pg from 'pg';
import { benchEnv } from '../env.js';

/** Where every benchmark creates and drops its database (BENCH_DATABASE_ADMIN_URL, else the tests'). */
export const ADMIN_URL = benchEnv.adminUrl();

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the admin database (CREATE/DROP DATABASE). */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function benchDatabase(
  name: string,
): Promise<{ handle: DbHandle; url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 10 });
  await migrateToLatest(handle.db);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summary(samples: number[]): { p50: number; p95: number; max: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
  };
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
