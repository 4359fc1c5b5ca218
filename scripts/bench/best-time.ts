// `npm run bench:best-time`: "Melhores horários" (docs/best-time.md) on 620,000 published posts —
// 300 users with 2,000 posts each over two years and one heavy user with 20,000 — the whole
// grid (4 networks, one aggregate statement + the model in JS) for a typical and for the heavy
// user, p50/p95 over `BENCH_RUNS` runs, plus the plan (it must read published_posts_best_time_idx).
import { sql } from 'kysely';
import { readBestTimeModels } from '../../server/src/best-time/best-time.service.js';
import { benchEnv } from '../env.js';
import { benchDatabase, ms, summary } from './common.js';

const RUNS = benchEnv.runs();
const print = (line: string) => process.stdout.write(`${line}\n`);
const ZONE = 'America/Sao_Paulo';
const NOW = new Date('2027-01-01T00:00:00Z');
const bench = await benchDatabase('pauta_bench_best_time');
try {
  const db = bench.handle.db;
  await sql`INSERT INTO users (email) SELECT 'u' || g || '@bench.pauta.dev' FROM generate_series(1, 301) g`.execute(
    db,
  );
  const posts = (userFilter: string, perUser: number) =>
    sql`INSERT INTO published_posts (user_id, title, content, platform, published_at, engagement_rate, reach, likes_count, comments_count)
      SELECT u.id, 'P', 'C', (ARRAY['x','linkedin','facebook','instagram'])[1 + g % 4],
        timestamptz '2025-01-01' + (random() * interval '730 days'),
        CASE WHEN g % 10 = 0 THEN NULL ELSE round((random() * 12)::numeric, 2) END,
        1000, (random() * 100)::int, (random() * 20)::int
      FROM users u, generate_series(1, ${perUser}) g WHERE ${sql.raw(userFilter)}`.execute(db);
  await posts(`u.email <> 'u301@bench.pauta.dev'`, 2000);
  await posts(`u.email = 'u301@bench.pauta.dev'`, 20_000);
  await sql`VACUUM ANALYZE published_posts`.execute(db);
  const idOf = async (email: string) =>
    (await sql<{ id: string }>`SELECT id FROM users WHERE email = ${email}`.execute(db)).rows[0]!.id;
  const typical = await idOf('u7@bench.pauta.dev');
  const heavy = await idOf('u301@bench.pauta.dev');

  const time = async (userId: string) => {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await readBestTimeModels(db, { workspaceId: userId, timeZone: ZONE, now: NOW });
      samples.push(performance.now() - start);
    }
    return summary(samples);
  };
  const floorSamples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await sql`SELECT 1`.execute(db);
    floorSamples.push(performance.now() - start);
  }
  const floor = summary(floorSamples);
  const t = await time(typical);
  const h = await time(heavy);
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS)
    SELECT platform, published_at, engagement_rate, likes_count, comments_count FROM published_posts
     WHERE user_id = ${heavy} AND published_at >= ${new Date('2026-01-01T00:00:00Z')} AND published_at < ${new Date('2026-12-31T00:00:00Z')}`.execute(
    db,
  );
  print(`floor (SELECT 1, same pool, same run): p50 ${ms(floor.p50)}, p95 ${ms(floor.p95)}`);
  print(`bestTime.grid, typical user (2,000 posts, ~1,000 in the year): p50 ${ms(t.p50)}, p95 ${ms(t.p95)}`);
  print(`bestTime.grid, heavy user (20,000 posts, ~10,000 in the year): p50 ${ms(h.p50)}, p95 ${ms(h.p95)}`);
  for (const row of plan.rows) print(`  plan: ${row['QUERY PLAN']}`);
  const usesIndex = plan.rows.some((row) => row['QUERY PLAN'].includes('published_posts_best_time_idx'));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  print(`meta: typical user p95 < 25 ms — ${met(t.p95 < 25)}`);
  print(`meta: heavy user p95 < 250 ms — ${met(h.p95 < 250)}`);
  print(`meta: plan reads published_posts_best_time_idx — ${met(usesIndex)}`);
  if (!usesIndex) process.exitCode = 1;
} finally {
  await bench.drop();
}
