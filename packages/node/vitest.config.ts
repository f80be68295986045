import { defineConfig } from 'vitest/config';

// Each test file starts its own idv-server process; files run in parallel child processes.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
