#!/usr/bin/env node
// Starts the whole stack on its embedded defaults (what `npm start` runs after scripts/setup.mjs):
//   - the verification server on :8080 (API /api/v1, end-user app /v/{linkId}, demo /demo/, docs
//     /docs), with the capture analyses in-process (unless IDV_*_ANALYSIS_URL point elsewhere),
//     webhook delivery, and SQLite in ./.idv-data;
//   - the connection fingerprint service on :8443 (HTTPS, self-signed certificate generated into
//     ./.idv-data/fingerprint on first start, which the server trusts for /publicKey), allowing the
//     server's origin;
//   - the analysis services on :8090 (/id, /face, /antispoofing) for account holders' own calls:
//     they accept the cloud-services keys the holders create on the server (same data directory).
//   - the account-holder portal at /app/ of the server: on the first start (no
//     ./.idv-data/portal-demo.json yet) a demo company and its owner are created, and the owner's
//     one-time sign-in link is printed.
// Every setting has its environment twin (see README.md); this script only supplies defaults.
// When one service exits, the others are stopped and the script exits with its code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const dataDir = resolve(root, env.IDV_DATA_DIR ?? '.idv-data');
const port = env.IDV_PORT ?? '8080';
const fingerprintPort = env.IDV_FINGERPRINT_PORT ?? '8443';
const analysisPort = env.IDV_ANALYSIS_PORT ?? '8090';
const publicAppUrl = env.IDV_PUBLIC_APP_URL ?? `http://localhost:${port}`;
const fingerprintUrl = env.IDV_FINGERPRINT_URL ?? `https://localhost:${fingerprintPort}`;
const allowedOrigins =
  env.IDV_FINGERPRINT_ALLOW_ORIGINS ?? `${publicAppUrl},http://127.0.0.1:${port}`;

const DEMO_EMAIL = 'demo@example.com';
const demoMarker = join(dataDir, 'portal-demo.json');

/**
 * The demo account of the first start: a Pro company whose owner is DEMO_EMAIL, made by the
 * server's own CLI (which migrates the database first). Answers the owner's one-time sign-in link,
 * or undefined when the demo exists already. The marker keeps the e-mail only, never a secret.
 */
function createDemoAccount() {
  if (existsSync(demoMarker)) return undefined;
  mkdirSync(dataDir, { recursive: true });
  const created = spawnSync(
    process.execPath,
    [
      join(root, 'packages/server/bin/idv-server.js'),
      'account',
      'create',
      '--company',
      'Demo company',
      '--plan',
      'pro',
      '--email',
      DEMO_EMAIL,
      '--data-dir',
      dataDir,
      '--json',
    ],
    { cwd: root, env: { ...env, IDV_PUBLIC_APP_URL: publicAppUrl }, encoding: 'utf8' },
  );
  if (created.status !== 0) {
    console.error(`[start] the demo account could not be created:\n${created.stderr}`);
    return undefined;
  }
  const { signInLink } = JSON.parse(created.stdout.trim().split('\n').pop());
  writeFileSync(demoMarker, `${JSON.stringify({ email: DEMO_EMAIL })}\n`);
  return signInLink;
}

const demoSignInLink = createDemoAccount();

/** The services of the stack: name, entry point (the package's CLI launcher) and arguments. */
const services = [
  {
    name: 'server',
    bin: join(root, 'packages/server/bin/idv-server.js'),
    args: ['start', '--port', port, '--data-dir', dataDir],
    env: { IDV_PUBLIC_APP_URL: publicAppUrl, IDV_FINGERPRINT_URL: fingerprintUrl },
  },
  {
    name: 'fingerprint',
    bin: join(root, 'packages/fingerprint/bin/idv-fingerprint.js'),
    args: [
      'start',
      '--port',
      fingerprintPort,
      '--data-dir',
      join(dataDir, 'fingerprint'),
      ...allowedOrigins.split(',').flatMap((origin) => ['--allow-origin', origin.trim()]),
    ],
    env: {},
  },
  {
    name: 'analysis',
    // The server's command: the analysis services behind the server database's cloud-services keys.
    bin: join(root, 'packages/server/bin/idv-server.js'),
    args: ['analysis', 'start', '--port', analysisPort, '--data-dir', dataDir],
    env: {},
  },
];

const children = services.map((service) => {
  const child = spawn(process.execPath, [service.bin, ...service.args], {
    cwd: root,
    env: { ...env, ...service.env },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    console.log(`[start] ${service.name} exited (${signal ?? code})`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
console.log(
  `[start] verification server ${publicAppUrl} (API ${publicAppUrl}/api/v1, docs ${publicAppUrl}/docs, demo ${publicAppUrl}/demo/)`,
);
console.log(`[start] account-holder portal ${publicAppUrl}/app/`);
if (demoSignInLink !== undefined)
  console.log(
    `[start] demo account ${DEMO_EMAIL}: open this one-time link to choose its password and sign in:\n        ${demoSignInLink}`,
  );
else if (existsSync(demoMarker))
  console.log(
    `[start] demo account ${DEMO_EMAIL} (a new sign-in link: npx idv-server account sign-in-link --email ${DEMO_EMAIL} --data-dir ${dataDir})`,
  );
console.log(`[start] fingerprint service ${fingerprintUrl}`);
console.log(
  `[start] analysis services http://127.0.0.1:${analysisPort} (/id, /face, /antispoofing; Api-Key: a cloud-services key)`,
);
