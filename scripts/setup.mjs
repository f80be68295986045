#!/usr/bin/env node
// Idempotent set-up used by `npm start` and `npm test` (their pre-scripts), so that both README
// commands work on a fresh machine: installs the npm dependencies when they are missing or stale,
// installs the Debian packages the chosen purpose needs (only when missing; apt-get as root),
// then builds every package incrementally.
//
// Usage: node scripts/setup.mjs <start|test> [--no-build]
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const purpose = process.argv[2] ?? 'start';
const skipBuild = process.argv.includes('--no-build');

/** Debian packages each purpose needs, with the command that proves each is present. */
const systemPackages = {
  start: [],
  test: [
    {
      pkg: 'chromium',
      probe: '/usr/bin/chromium',
      why: 'browser tests (Web Test Runner, end-to-end)',
    },
    { pkg: 'imagemagick', probe: '/usr/bin/convert-im6.q16', why: 'synthetic document rendering' },
    {
      pkg: 'fonts-ocr-b',
      probe: '/usr/share/fonts/opentype/ocr-b/OCRB.otf',
      why: 'MRZ font for synthetic documents',
    },
    {
      pkg: 'fonts-dejavu-core',
      probe: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
      why: 'printed fields of synthetic documents',
    },
    {
      pkg: 'tshark',
      probe: '/usr/bin/tshark',
      why: 'independent JA3 / HTTP2 oracle for the fingerprint tests',
    },
    {
      pkg: 'wireshark-common',
      probe: '/usr/bin/dumpcap',
      why: 'loopback capture (dumpcap) for the fingerprint oracle tests',
    },
    {
      pkg: 'curl',
      probe: '/usr/bin/curl',
      why: 'HTTP/1.1 and HTTP/2 client of the fingerprint oracle tests',
    },
    {
      pkg: 'openssl',
      probe: '/usr/bin/openssl',
      why: 'independent signature check (openssl dgst -verify) in the fingerprint tests',
    },
  ],
};

function log(message) {
  console.log(`[setup] ${message}`);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(
      `[setup] ${cmd} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`,
    );
    process.exit(result.status ?? 1);
  }
}

function npmDependenciesStale() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (!existsSync(marker)) return true;
  if (!existsSync(lock)) return false;
  return statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
}

function ensureNpmDependencies() {
  if (!npmDependenciesStale()) return;
  const lock = existsSync(join(root, 'package-lock.json'));
  log(lock ? 'installing npm dependencies (npm ci)' : 'installing npm dependencies (npm install)');
  run('npm', [lock ? 'ci' : 'install', '--no-audit', '--no-fund']);
}

function ensureSystemPackages() {
  const needed = (systemPackages[purpose] ?? []).filter(({ probe }) => !existsSync(probe));
  if (needed.length === 0) return;
  const names = needed.map(({ pkg }) => pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `[setup] missing Debian packages: ${names.join(' ')}\n` +
        needed.map(({ pkg, why }) => `  ${pkg}: ${why}`).join('\n') +
        `\nInstall them with: sudo apt-get install -y ${names.join(' ')}`,
    );
    process.exit(1);
  }
  log(`installing Debian packages: ${names.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { env });
}

ensureNpmDependencies();
ensureSystemPackages();
if (!skipBuild) {
  log('building');
  run('npm', ['run', 'build', '--silent']);
}
log('ready');
