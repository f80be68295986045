import { ConfigError } from './config.js';
import { commandAccount } from './cli/account.js';
import {
  commandAnalysis,
  commandGateRules,
  commandMigrate,
  commandStart,
} from './cli/operations.js';
import { HELP, UsageError } from './cli/usage.js';
import { SERVER_VERSION } from './version.js';

// The `idv-server` entry. Commands (`cli/`) import what they need when they run, so `--help`
// and usage errors answer at once.

/** Runs the CLI with the given arguments (without `node` and the script). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'start':
        await commandStart(rest);
        return 0;
      case 'account':
        await commandAccount(rest);
        return 0;
      case 'migrate':
        await commandMigrate(rest);
        return 0;
      case 'gate-rules':
        await commandGateRules(rest);
        return 0;
      case 'analysis':
        await commandAnalysis(rest);
        return 0;
      case '--version':
      case '-v':
        process.stdout.write(`${SERVER_VERSION}\n`);
        return 0;
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(HELP);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } catch (error) {
    const usage = error instanceof UsageError || error instanceof ConfigError;
    // Checked by name: the accounts module is loaded lazily.
    if (usage || (error instanceof Error && error.name === 'AccountInputError')) {
      process.stderr.write(
        `idv-server: ${(error as Error).message}\nRun idv-server --help for usage.\n`,
      );
      return 2;
    }
    process.stderr.write(`idv-server: ${(error as Error).message}\n`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
// Servers keep the process alive; one-shot commands end with their status.
const serving =
  process.argv[2] === 'start' || (process.argv[2] === 'analysis' && process.argv[3] === 'start');
if (code !== 0 || !serving) process.exitCode = code;
