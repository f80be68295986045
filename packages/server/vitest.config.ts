import { defineConfig } from 'vitest/config';

// better-sqlite3 and sharp are native addons: run test files in child processes, not worker threads.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
