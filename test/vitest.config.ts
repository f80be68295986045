import { defineConfig } from 'vitest/config';

// One stack and one Chromium for the suite; sharp is a native addon: child processes, one file at a time.
// A FULL FLOW walks seven screens with real analyses: on a loaded 2-core machine it takes up to
// 90 s, hence the 3-minute bound (a stuck step still fails on its own 20–60 s waits first).
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts', 'contracts/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 90_000,
  },
});
