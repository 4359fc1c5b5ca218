// `npm run bench:ai`: theme creation's AI drafting — 15 posts × 4 networks — against the sandbox
// Anthropic stand-in generating at BENCH_AI_TOKENS_PER_SECOND (default 60, a real model's typical
// speed) with ANTHROPIC_TIMEOUT_MS = BENCH_AI_TIMEOUT_MS (default 45 000): once as one request
// (the behaviour before chunking) and once chunked (server/src/ai/chunks.ts). Prints, for each, how
// long it took, how many calls it made and how many posts are the AI's text (the rest: templates).
// The stand-in writes ~280 output tokens a post for 4 networks where a real model writes ~700–850:
// divide the speed by ~3 (e.g. 20) to imitate real post sizes at 60 tokens/s; scale speed up and
// timeout down by the same factor to run faster with the same proportions.

import { createUser } from '@pauta/db';
import { startSandbox } from '@pauta/networks/sandbox';
import { createAiClient } from '../../server/src/ai/ai-client.js';
import { generatePosts } from '../../server/src/ai/generate-posts.js';
import { createLogger } from '../../server/src/logger.js';
import { benchEnv } from '../env.js';
import { benchDatabase } from './common.js';

const SPEED = benchEnv.aiTokensPerSecond();
const TIMEOUT_MS = benchEnv.aiTimeoutMs();
const HOST = 'api.anthropic.com';

const bench = await benchDatabase('pauta_bench_ai');
const sandbox = await startSandbox({ anthropic: { outputTokensPerSecond: SPEED } });
try {
  const logger = createLogger({ level: 'silent', pretty: false });
  const ai = createAiClient(
    {
      apiKey: 'sk-ant-bench',
      baseURL: `${sandbox.url}/${HOST}`,
      model: 'claude-sonnet-5-5',
      timeoutMs: TIMEOUT_MS,
    },
    logger,
  );
  const theme = {
    name: 'Marketing digital',
    description: 'Dicas práticas de marketing para pequenos negócios que querem crescer nas redes.',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['linkedin' as const, 'facebook' as const, 'x' as const, 'instagram' as const],
  };
  process.stdout.write(`speed ${SPEED} tokens/s, timeout ${TIMEOUT_MS} ms, 15 posts × 4 networks\n`);
  for (const [label, chunkOutputTokens] of [
    ['one request (before)', Number.POSITIVE_INFINITY],
    ['chunked (after)', undefined],
  ] as const) {
    const user = await createUser(bench.handle.db, {
      email: `ai-${Date.now()}@pauta.dev`,
      passwordHash: null,
    });
    sandbox.clearRequests();
    const started = performance.now();
    const result = await generatePosts(
      { db: bench.handle.db, logger, ai, ...(chunkOutputTokens === undefined ? {} : { chunkOutputTokens }) },
      { userId: user.id, theme, count: 15, mode: 'creation' },
    );
    const seconds = (performance.now() - started) / 1000;
    const requests = sandbox.requests({ host: HOST, pathPrefix: '/v1/messages' }).length;
    process.stdout.write(
      `${label.padEnd(22)} ${seconds.toFixed(1).padStart(6)} s  calls ${String(requests).padStart(2)}  ` +
        `source ${result.source}${result.fallbackReason ? ` (${result.fallbackReason})` : ''}  ` +
        `AI posts ${result.aiPosts ?? 0}/${result.posts.length}\n`,
    );
  }
} finally {
  await sandbox.close();
  await bench.drop();
}
