#!/usr/bin/env node
import { parseCli, USAGE } from './lib/config/cli-options.js';
import { startFingerprintServer } from './lib/server/fingerprint-server.js';

const logger = {
  info: (message: string) => console.log(`[idv-fingerprint] ${message}`),
  warn: (message: string) => console.warn(`[idv-fingerprint] ${message}`),
  error: (message: string) => console.error(`[idv-fingerprint] ${message}`),
};

const cli = parseCli(process.argv.slice(2), process.env);
if (cli.command === 'help') {
  process.stdout.write(USAGE);
} else if (cli.command === 'error') {
  process.stderr.write(`${cli.message}\n\n${USAGE}`);
  process.exitCode = 2;
} else {
  try {
    const server = await startFingerprintServer({ ...cli.options, logger });
    if (server.selfSignedCertificate) {
      logger.info(
        'using the self-signed certificate of the data directory (--cert/--key for a real one)',
      );
    }
    const stop = (): void => {
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    logger.error(`cannot start: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
