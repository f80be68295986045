import { defineConfig } from 'vitest/config';

// onnxruntime-node is a native addon and the wasm backends keep large heaps: run each test file in
// its own forked process so the models load once per file and never leak between files.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
