// Test tiers, told apart by file name: *.test.ts (pure, fast), *.integration.test.ts (real
// PostgreSQL + Redis, one database and key prefix per run) and client component tests (jsdom).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverSide = ['core', 'db', 'networks', 'server', 'worker', 'scripts', 'test'];
/** Integration files on a database of their own (isolatedDb) that use no Redis: safe beside any other. */
const OWN_DATABASE = [
  'test/security/access-matrix.integration.test.ts',
  'test/security/fuzz.integration.test.ts',
  'test/security/idempotency.integration.test.ts',
];

export default defineConfig({
  test: {
    // Two files at a time (Vitest 4 ran one at a time on the 2-core machine: 21 minutes). The
    // integration files that share the run's database stay one at a time among themselves: a file
    // that runs a worker there would pick up another file's due posts (seen: a spawned worker sent
    // a post of a concurrent file). Vitest runs those after the parallel files; the heavy security
    // files, each on a database of its own and without Redis, run in the parallel part.
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
          exclude: ['**/node_modules/**', ...OWN_DATABASE],
          globalSetup: ['./test/integration-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'integration-own-db',
          environment: 'node',
          include: OWN_DATABASE,
          globalSetup: ['./test/integration-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
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
