// `npm run bench:themes`: creating a theme with its calendar — 15 suggestions on 4 networks (60
// scheduled posts) — excluding the AI call (drafts come back instantly), p50/p95 over 100 themes,
// plus the number of SQL statements one creation runs.

import type { Database } from '@pauta/db';
import { createUser } from '@pauta/db';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { templatePosts } from '../../server/src/ai/index.js';
import { createLogger } from '../../server/src/logger.js';
import { createQueueGateway } from '../../server/src/queue/queue-gateway.js';
import { createThemeWithCalendar } from '../../server/src/themes/themes.service.js';
import { benchEnv } from '../env.js';
import { benchDatabase, ms, summary } from './common.js';

const RUNS = benchEnv.runs();
const bench = await benchDatabase('pauta_bench_themes');
try {
  let statements = 0;
  const pool = new pg.Pool({ connectionString: bench.url, max: 10 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') statements++;
    },
  });
  const logger = createLogger({ level: 'silent', pretty: false });
  const queue = createQueueGateway({ redisUrl: null, prefix: 'bench', logger });
  await db
    .updateTable('admin_settings')
    .set({ setting_value: JSON.stringify(RUNS + 10) })
    .where('setting_key', '=', 'max_themes_per_user')
    .execute();
  const user = await createUser(db, { email: 'themes@pauta.dev', passwordHash: null });
  const values = {
    name: 'Marketing digital',
    description: 'Dicas práticas de marketing para pequenos negócios',
    toneOfVoice: ['professional' as const],
    avoidTopics: [],
    socialNetworks: ['linkedin' as const, 'facebook' as const, 'x' as const, 'instagram' as const],
    frequency: 'weekly' as const,
    colorPalette: 'blue',
  };
  const generate = async (_theme: unknown, count: number) => ({
    posts: templatePosts({
      themeName: values.name,
      themeDescription: values.description,
      platforms: values.socialNetworks,
      count,
      random: Math.random,
    }),
    source: 'ai' as const,
  });
  const times: number[] = [];
  let perCreation = 0;
  for (let i = 0; i < RUNS; i++) {
    const before = statements;
    const t = performance.now();
    const { outcome } = await createThemeWithCalendar(
      { db, queue, logger, generate },
      { workspaceId: user.id, userId: user.id, values },
    );
    times.push(performance.now() - t);
    perCreation = statements - before;
    if (outcome.kind !== 'ai' || outcome.postsCreated !== 60)
      throw new Error(`unexpected outcome ${JSON.stringify(outcome)}`);
  }
  const s = summary(times);
  process.stdout.write(
    `theme + 15 suggestions × 4 networks = 60 posts, AI excluded (${RUNS} runs): p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}; ${perCreation} SQL statements per creation\n`,
  );
  await db.destroy();
} finally {
  await bench.drop();
}
