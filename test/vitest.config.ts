import { defineConfig } from 'vitest/config';

// One stack and one Chromium for the suite; sharp is a native addon: child processes, one file at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
