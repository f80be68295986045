import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { MINUTE_MS } from './lib/clock.js';

/** How often the upkeep runs (expiry, retention, purges). */
const MAINTENANCE_INTERVAL_MS = 5 * MINUTE_MS;
/** How often verifications past their link window are moved to `expired`. */
const SWEEP_INTERVAL_MS = 30_000;

/** A listening server. */
export interface RunningServer {
  app: FastifyInstance;
  /** `http://host:port` it listens on. */
  address: string;
  close(): Promise<void>;
}

/**
 * Starts the verification service: builds the app (migrating the database), listens, starts the
 * webhook delivery worker, runs the expiry sweeper and the upkeep periodically. `handleSignals` closes gracefully on SIGINT/SIGTERM (the CLI sets it).
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
  // The sweeper: reads expire what they show anyway; this makes the stored status catch up.
  const sweeper = setInterval(() => {
    app.services.verifications
      .expireOverdue()
      .catch((error: unknown) => app.log.error({ err: error }, 'expiry sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  const close = async () => {
    clearInterval(timer);
    clearInterval(sweeper);
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
  // Sends webhooks queued by this process at once, and those left by earlier runs or other processes.
  app.services.deliveryWorker.start();
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
