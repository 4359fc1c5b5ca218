// Test tiers, told apart by file name: *.test.ts (pure, fast), *.integration.test.ts (real
// PostgreSQL + Redis: one database and key prefix per pool slot, see docs/testing.md) and client
// component tests (jsdom).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverSide = ['core', 'db', 'networks', 'server', 'worker', 'scripts', 'test'];
/**
 * Integration files whose assertions depend on how fast the machine answers while they hold a lock
 * past STALE_CLAIM_MS (the stall scenarios): they run alone, after the parallel part (a project with
 * fileParallelism off), on their own slot database. Seen: stall (b) flagged once with another
 * process-heavy file beside it on the 2-core CI machine.
 */
const ALONE = ['worker/src/stall.integration.test.ts'];

export default defineConfig({
  test: {
    // Two files at a time on the 2-core machine, integration files too: each runs in a pool slot
    // (VITEST_POOL_ID) with the slot's own database and Redis prefix (test/integration-global-setup.ts,
    // test/harness.ts), so a worker spawned by one file never sees another file's due posts.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Time limits catch hangs, not slowness: a loaded 2-core CI machine runs these 3-5x slower.
          testTimeout: 20_000,
          include: serverSide.map((p) => `${p}/**/*.test.ts`),
          exclude: ['**/node_modules/**', '**/*.integration.test.ts'],
        },
      },
      {
        // The time-zone-sensitive logic again under a non-UTC process zone: results must not move.
        test: {
          name: 'unit-tz',
          environment: 'node',
          testTimeout: 20_000,
          include: [
            'core/src/scheduling/**/*.test.ts',
            'core/src/format/**/*.test.ts',
            'core/src/budget/**/*.test.ts',
          ],
          env: { TZ: 'America/Sao_Paulo' },
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: serverSide.map((p) => `${p}/**/*.integration.test.ts`),
          exclude: ['**/node_modules/**', ...ALONE],
          globalSetup: ['./test/integration-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration-alone',
          environment: 'node',
          include: ALONE,
          globalSetup: ['./test/integration-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: false,
        plugins: [react()],
        test: {
          name: 'client',
          root: './client',
          environment: 'jsdom',
          testTimeout: 20_000,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test-utils/setup.ts'],
        },
      },
    ],
  },
});
