import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { SecretBox } from '../lib/secrets.js';

/** What every service is built from: the database, the clock, the configuration and the keys. */
export interface ServiceContext {
  readonly database: DatabaseHandle;
  readonly clock: Clock;
  readonly config: ServerConfig;
  readonly secretBox: SecretBox;
  readonly anonymizationPepper: Buffer;
}

/** A Kysely instance or a transaction: services accept either so callers can compose work atomically. */
export type Executor = Kysely<Database>;
