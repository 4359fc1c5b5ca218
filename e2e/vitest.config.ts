// The e2e tier: the app built and started as a user starts it (`npm start`'s script), driven
// through Debian's Chromium by playwright-core. One app process per run, files run in sequence.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
