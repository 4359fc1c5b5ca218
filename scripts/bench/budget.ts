// `npm run bench:budget`: the network budget counts (docs/budgets.md) on 200,000 posts of 200 users
// over a year on 4 networks with mixed statuses — the composer/calendar month usage (one network,
// the whole installation, grouped by local day) and the save check (one day) — p50/p95 over
// `BENCH_RUNS` runs, plus the plan (it must use suggested_posts_budget_idx).
import { countBudgetPosts, countBudgetPostsByDay } from '@pauta/db';
import { sql } from 'kysely';
import { monthWindowOf } from '../../core/src/index.js';
import { benchEnv } from '../env.js';
import { benchDatabase, ms, summary } from './common.js';

const RUNS = benchEnv.runs();
const print = (line: string) => process.stdout.write(`${line}\n`);
const ZONE = 'America/Sao_Paulo';
const bench = await benchDatabase('pauta_bench_budget');
try {
  const db = bench.handle.db;
  await sql`INSERT INTO users (email) SELECT 'u' || g || '@bench.pauta.dev' FROM generate_series(1, 200) g`.execute(
    db,
  );
  await sql`INSERT INTO themes (user_id, name, description, social_networks, color_palette)
    SELECT id, 'Tema', 'Descrição', ARRAY['x'], 'blue' FROM users`.execute(db);
  await sql`INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, scheduled_for, status)
    SELECT t.id, t.user_id, 'T', 'C', (ARRAY['x','linkedin','facebook','instagram'])[1 + g % 4],
      timestamptz '2027-01-01' + (random() * interval '365 days'),
      (ARRAY['scheduled','published','failed','needs_attention','missed'])[1 + (g / 4) % 5]
    FROM themes t, generate_series(1, 1000) g`.execute(db);
  await sql`ANALYZE suggested_posts`.execute(db);

  const month = monthWindowOf(2027, 3, ZONE);
  const usage: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await countBudgetPostsByDay(db, { platform: 'x', from: month.start, before: month.end, timeZone: ZONE });
    usage.push(performance.now() - start);
  }
  const check: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await countBudgetPosts(db, {
      platform: 'x',
      from: new Date('2027-03-10T03:00:00Z'),
      before: new Date('2027-03-11T03:00:00Z'),
      excludePostId: '00000000-0000-4000-8000-000000000000',
    });
    check.push(performance.now() - start);
  }
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT count(*) FROM suggested_posts
    WHERE platform = 'x' AND status IN ('scheduled','publishing','published','needs_attention')
      AND scheduled_for >= ${month.start} AND scheduled_for < ${month.end}`.execute(db);
  const u = summary(usage);
  const c = summary(check);
  print(`posts.budget month usage (200k posts, installation-wide): p50 ${ms(u.p50)}, p95 ${ms(u.p95)}`);
  print(`budget check of one day: p50 ${ms(c.p50)}, p95 ${ms(c.p95)}`);
  const usesIndex = plan.rows.some((row) => row['QUERY PLAN'].includes('suggested_posts_budget_idx'));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  print(`meta: month usage p95 < 25 ms — ${met(u.p95 < 25)}`);
  print(`meta: one-day check p95 < 10 ms — ${met(c.p95 < 10)}`);
  print(`meta: plan uses suggested_posts_budget_idx — ${met(usesIndex)}`);
  if (!usesIndex) process.exitCode = 1;
} finally {
  await bench.drop();
}
