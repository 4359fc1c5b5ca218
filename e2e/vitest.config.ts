// The e2e tier: the app built and started as a user starts it (`npm start`'s script), driven
// through Debian's Chromium by playwright-core. E2E_WORKERS files at a time (default 2), each pool
// slot with an app of its own (global-setup.ts, env.ts); see docs/testing.md, "The e2e tier".
import { defineConfig } from 'vitest/config';

/** Files at a time, and so apps started: `E2E_WORKERS=1` runs the files one after another. */
function e2eWorkers(value = process.env.E2E_WORKERS): number {
  if (value === undefined || value === '') return 2;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`E2E_WORKERS deve ser um inteiro ≥ 1 (recebido: "${value}")`);
  return n;
}

/**
 * Files that must not run beside another file, each with its reason: they run after the parallel
 * part (a project with fileParallelism off, with an app of its own), with nothing beside them.
 */
const ALONE: string[] = [];

const shared = {
  root: import.meta.dirname,
  globalSetup: ['./src/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // An `expect.poll` waits for what a person sees, like a locator's wait: the same 15 s as the
  // browser contexts' actions (browser.ts), not Vitest's 1 s, which two apps and two Chromiums on
  // the loaded 2-core machine overran (a video cover's upload, a toast's closing transition). A
  // poll that passes returns at once; a bound a test asserts on is given explicitly.
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  test: {
    maxWorkers: e2eWorkers(),
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['src/**/*.e2e.test.ts'],
          exclude: ALONE,
        },
      },
      ...(ALONE.length > 0
        ? [{ test: { ...shared, name: 'e2e-alone', include: ALONE, fileParallelism: false } }]
        : []),
    ],
  },
});
