#!/usr/bin/env node
// Launcher for the `idv-server` CLI: runs the compiled entry point (build first with `npm run build`).
import('../dist/cli.js').catch((error) => {
  if (
    error &&
    error.code === 'ERR_MODULE_NOT_FOUND' &&
    String(error.message).includes('dist/cli.js')
  ) {
    console.error('idv-server is not built yet: run `npm run build` at the repository root first.');
    process.exit(1);
  }
  throw error;
});
