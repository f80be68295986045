#!/usr/bin/env node
// Runs after `tsc --build`: records the build identifier answered by `GET /version`
// (dist/build-info.json: short commit + UTC build time) and makes the CLI executable, so
// `npx idv-fingerprint` works straight from the workspace.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
} catch {
  // not a git checkout (e.g. an installed tarball): keep "unknown"
}
const build = `${commit}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
writeFileSync(join(root, 'dist', 'build-info.json'), `${JSON.stringify({ build })}\n`);
const cli = join(root, 'dist', 'cli.js');
if (existsSync(cli)) chmodSync(cli, 0o755);
