// The opt-in real-PDS test only (npm run test:bluesky-real); the workspace's configs never include it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tools/bluesky-real/*.real.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
