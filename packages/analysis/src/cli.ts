#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { createAnalysisEngine } from './engine.js';
import { buildAnalysisApp } from './http/app.js';
import { staticKeyAuthority } from './keys.js';

const HELP = `Usage: idv-analysis start [options]

Serves ID analysis (/id), face analysis (/face) and anti-spoofing (/antispoofing).

Options (environment twin in brackets):
  --port N          port to listen on (IDV_PORT; default 8090)
  --host HOST       address to bind (IDV_HOST; default 127.0.0.1)
  --api-key KEY     static Api-Key for all three services (IDV_ANALYSIS_API_KEY)
  --concurrency N   calls analysed at once, beyond: 503 + Retry-After (IDV_ANALYSIS_CONCURRENCY; default 4)
  --help            show this help

With the cloud-services keys of a verification server instead of one static key, run the server's
command on its data directory: idv-server analysis start --data-dir DIR (package @idv/server).
`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || positionals[0] !== 'start') {
    process.stdout.write(HELP);
    return values.help ? 0 : 1;
  }
  const port = Number(values.port ?? process.env['IDV_PORT'] ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`idv-analysis: invalid port ${values.port ?? process.env['IDV_PORT']}\n`);
    return 1;
  }
  const concurrencyText = values.concurrency ?? process.env['IDV_ANALYSIS_CONCURRENCY'] ?? '4';
  const maxConcurrent = Number(concurrencyText);
  if (!/^\d+$/.test(concurrencyText) || maxConcurrent < 1 || maxConcurrent > 256) {
    process.stderr.write(`idv-analysis: --concurrency must be 1 to 256 (got ${concurrencyText})\n`);
    return 1;
  }
  const host = values.host ?? process.env['IDV_HOST'] ?? '127.0.0.1';
  const apiKey = values['api-key'] ?? process.env['IDV_ANALYSIS_API_KEY'];
  if (!apiKey) {
    process.stderr.write(
      'idv-analysis: give --api-key (or IDV_ANALYSIS_API_KEY); to accept the cloud-services keys of a ' +
        'verification server, run `idv-server analysis start --data-dir DIR` instead.\n',
    );
    return 1;
  }
  const authority = staticKeyAuthority(apiKey);
  const engine = createAnalysisEngine();
  await engine.warmUp();
  const app = await buildAnalysisApp({
    engine,
    authority,
    maxConcurrent,
    logger: { level: 'info' },
  });
  const address = await app.listen({ port, host });
  process.stdout.write(`idv-analysis listening on ${address}\n`);
  const stop = async (): Promise<void> => {
    await app.close();
    await engine.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`idv-analysis: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
