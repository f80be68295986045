/** The operator's commands of `idv-server`: serving, migrating, gate rules, analysis services. */
import { readFileSync } from 'node:fs';
import { configFrom, dataDirOption, HELP, parse, UsageError } from './usage.js';

/** `idv-server start`: migrations, then the API, the docs and the pages. */
export async function commandStart(args: string[]): Promise<void> {
  const { values } = parse(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    ...dataDirOption,
  });
  if (values.help === true) return void process.stdout.write(HELP);
  const config = configFrom(values);
  const { startServer } = await import('../server.js');
  await startServer(config, { handleSignals: true });
}

/** `idv-server migrate`: brings the database schema up to date. */
export async function commandMigrate(args: string[]): Promise<void> {
  const { values } = parse(args, dataDirOption);
  if (values.help === true) return void process.stdout.write(HELP);
  const config = configFrom(values);
  const { openDatabase } = await import('../db/database.js');
  const { migrateToLatest } = await import('../db/migrator.js');
  const database = openDatabase(config);
  try {
    const applied = await migrateToLatest(database);
    process.stdout.write(
      applied.length === 0 ? 'database is up to date\n' : `applied: ${applied.join(', ')}\n`,
    );
  } finally {
    await database.close();
  }
}

/** `idv-server gate-rules set FILE`: the default gate-rule template. */
export async function commandGateRules(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, dataDirOption);
  if (values.help === true) return void process.stdout.write(HELP);
  if (positionals[0] !== 'set' || positionals.length !== 2)
    throw new UsageError('expected: idv-server gate-rules set FILE');
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(positionals[1]!, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read ${positionals[1]}: ${(error as Error).message}`);
  }
  const { Value } = await import('typebox/value');
  const { GateRuleSetSchema } = await import('@idv/contract');
  if (!Value.Check(GateRuleSetSchema, document)) {
    const first = [...Value.Errors(GateRuleSetSchema, document)][0];
    throw new UsageError(
      `invalid gate rules: ${first?.instancePath || '/'} ${first?.message ?? ''}`,
    );
  }
  const { createServices } = await import('../services/index.js');
  const services = await createServices({ config: configFrom(values) });
  try {
    await services.gateRules.setDefaultTemplate(document);
    process.stdout.write(
      `default gate-rule template is now version ${document.version} (${document.rules.length} rules)\n`,
    );
  } finally {
    await services.close();
  }
}

/** `idv-server analysis start`: the analysis services with this server's cloud-services keys. */
export async function commandAnalysis(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    concurrency: { type: 'string' },
    ...dataDirOption,
  });
  if (values.help === true) return void process.stdout.write(HELP);
  if (positionals[0] !== 'start' || positionals.length !== 1)
    throw new UsageError('expected: idv-server analysis start');
  const portText = (values.port as string | undefined) ?? process.env.IDV_ANALYSIS_PORT ?? '8090';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new UsageError(`--port must be 0 to 65535 (got ${portText})`);
  const concurrencyText =
    (values.concurrency as string | undefined) ?? process.env.IDV_ANALYSIS_CONCURRENCY ?? '4';
  const maxConcurrent = Number(concurrencyText);
  if (!/^\d+$/.test(concurrencyText) || maxConcurrent < 1 || maxConcurrent > 256)
    throw new UsageError(`--concurrency must be 1 to 256 (got ${concurrencyText})`);
  const dataDir = values['data-dir'] as string | undefined;
  const { startAnalysisServices } = await import('../cli-analysis.js');
  await startAnalysisServices({
    port,
    host: (values.host as string | undefined) ?? process.env.IDV_HOST ?? '127.0.0.1',
    maxConcurrent,
    ...(dataDir === undefined ? {} : { dataDir }),
  });
}
