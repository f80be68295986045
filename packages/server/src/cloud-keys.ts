/**
 * `@idv/server/cloud-keys`: the database-backed `ApiKeyAuthority` for the analysis services.
 *
 * @example
 * const authority = await openCloudKeyAuthority({ dataDir: '.idv-data' });
 * const decision = await authority.authorize('face', request.headers['api-key']);
 * if (!decision.ok) reply.code(decision.status).send({ message: decision.message });
 * await authority.close();
 */
import { join, resolve } from 'node:path';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { AnalysisService } from '@idv/contract';
import type { ApiKeyAuthority, ApiKeyDecision } from './services/cloud-key-usage.js';
import { CloudKeyService } from './services/cloud-keys.js';
import { createMailer, type Mailer } from './storage/mailer.js';

export type { AnalysisService, ApiKeyAuthority, ApiKeyDecision };

/** Where the key store lives (the same database as the verification server). */
export interface CloudKeyAuthorityOptions {
  /** Data directory of the SQLite database (default `IDV_DATA_DIR` or `./.idv-data`); mail goes to `<dataDir>/mail`. */
  dataDir?: string;
  /** PostgreSQL URL (default `IDV_DATABASE_URL`); SQLite in `dataDir` when absent. */
  databaseUrl?: string;
  /** SMTP URL for the 80 % notice (default `IDV_SMTP_URL`); `.eml` files when absent. */
  smtpUrl?: string;
  /** Sender of the notice (default `IDV_MAIL_FROM`). */
  mailFrom?: string;
  /** Injected clock and mailer (tests). */
  clock?: Clock;
  mailer?: Mailer;
  /** Receives errors of the background e-mail, which never fail a call. */
  onBackgroundError?: (error: unknown) => void;
}

/** An open authority; `close()` waits for pending e-mail and closes the database. */
export type CloudKeyAuthority = ApiKeyAuthority & { close(): Promise<void> };

/**
 * Opens the cloud-services key authority on the server's database: `authorize(service, key)`
 * answers `{ok: true, keyId}`, or `{ok: false, status: 401}` for a missing, unknown, paused or
 * revoked key and `{ok: false, status: 429}` once its trial calls are used up. Each accepted call
 * is counted atomically; the 80 % e-mail goes out exactly once, even under concurrency.
 */
export async function openCloudKeyAuthority(
  options: CloudKeyAuthorityOptions = {},
): Promise<CloudKeyAuthority> {
  const dataDir = resolve(options.dataDir ?? process.env.IDV_DATA_DIR ?? '.idv-data');
  const database = openDatabase({
    dataDir,
    databaseUrl: options.databaseUrl ?? (process.env.IDV_DATABASE_URL || undefined),
  });
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: options.smtpUrl ?? (process.env.IDV_SMTP_URL || undefined),
      from: options.mailFrom ?? process.env.IDV_MAIL_FROM ?? 'idv <no-reply@localhost>',
      mailDir: join(dataDir, 'mail'),
    });
  const service = new CloudKeyService({
    database,
    clock: options.clock ?? systemClock,
    mailer,
    onBackgroundError:
      options.onBackgroundError ??
      ((error) => console.error('idv cloud keys: quota notice failed:', error)),
  });
  return {
    authorize: (service_, presentedKey) => service.authorize(service_, presentedKey),
    async close() {
      await service.drain();
      await database.close();
    },
  };
}
