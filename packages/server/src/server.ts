import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { MINUTE_MS } from './lib/clock.js';

/** How often the upkeep runs (expiry, retention, purges). */
const MAINTENANCE_INTERVAL_MS = 5 * MINUTE_MS;

/** A listening server. */
export interface RunningServer {
  app: FastifyInstance;
  /** `http://host:port` it listens on. */
  address: string;
  close(): Promise<void>;
}

/**
 * Starts the verification service: builds the app (migrating the database), listens, runs the
 * upkeep periodically. `handleSignals` closes gracefully on SIGINT/SIGTERM (the CLI sets it).
 */
export async function startServer(
  config: ServerConfig,
  options: { handleSignals?: boolean } = {},
): Promise<RunningServer> {
  const app = await buildApp({ config });
  const maintain = async () => {
    try {
      await app.services.maintain();
    } catch (error) {
      app.log.error({ err: error }, 'maintenance failed');
    }
  };
  const timer = setInterval(() => void maintain(), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  const close = async () => {
    clearInterval(timer);
    await app.close();
  };
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await close();
    throw error;
  }
  void maintain();
  if (options.handleSignals === true) {
    closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
      if (err !== undefined) app.log.error({ err }, 'closing after an uncaught error');
      else app.log.info(`${signal ?? 'close'} received, closing`);
      await close();
    });
  }
  app.log.info(
    `idv-server ready: API ${address}/api/v1, docs ${address}/docs, data ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}`,
  );
  return { app, address, close };
}
