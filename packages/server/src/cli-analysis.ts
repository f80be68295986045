/**
 * `idv-server analysis start`: the analysis services (`@idv/analysis`: /id, /face, /antispoofing)
 * on their own port, authenticating callers with the cloud-services keys account holders create on
 * this server (the same database). The analysis package knows nothing of the server; the server,
 * which depends on it, joins the two here.
 */
import { openCloudKeyAuthority } from './cloud-keys.js';

/** The options of `analysis start`, as parsed and checked by the CLI. */
export interface AnalysisStartOptions {
  port: number;
  host: string;
  /** Data directory of the server's SQLite database (`IDV_DATA_DIR` when absent). */
  dataDir?: string;
  /** Analyses run at once; beyond, 503 with `Retry-After`. */
  maxConcurrent: number;
}

/**
 * Serves the analysis services until SIGINT or SIGTERM; resolves once listening. The models are
 * loaded before the port opens, so the first call is not slow.
 */
export async function startAnalysisServices(options: AnalysisStartOptions): Promise<void> {
  const { buildAnalysisApp, createAnalysisEngine } = await import('@idv/analysis');
  const authority = await openCloudKeyAuthority(
    options.dataDir === undefined ? {} : { dataDir: options.dataDir },
  );
  const engine = createAnalysisEngine();
  try {
    await engine.warmUp();
    const app = await buildAnalysisApp({
      engine,
      authority,
      maxConcurrent: options.maxConcurrent,
      logger: { level: 'info' },
    });
    const address = await app.listen({ port: options.port, host: options.host });
    process.stdout.write(`idv-server analysis services listening on ${address}\n`);
    const stop = async (): Promise<void> => {
      await app.close();
      await engine.close();
      await authority.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  } catch (error) {
    await engine.close();
    await authority.close();
    throw error;
  }
}
