/**
 * `@idv/server`: the verification service as a library. The CLI (`idv-server`) is the usual entry;
 * these exports let other packages and tests build, start and drive the same app.
 */
export { API_PREFIX, buildApp, type BuildAppOptions } from './app.js';
export { ConfigError, loadConfig, type ConfigFlags, type ServerConfig } from './config.js';
export { openDatabase, type DatabaseHandle, type DialectName } from './db/database.js';
export { migrateToLatest } from './db/migrator.js';
export { ManualClock, systemClock, type Clock } from './lib/clock.js';
export { checkWebhookUrl, isPublicAddress } from './lib/ssrf.js';
export { startServer, type RunningServer } from './server.js';
export {
  LocalTestPaymentProvider,
  type PaymentProvider,
} from './services/billing/payment-provider.js';
export { type AccountCredentials } from './services/accounts.js';
export { createServices, type AppServices, type ServiceOptions } from './services/index.js';
export { publicGeolocation, webhookGeolocation } from './services/verification-views.js';
export {
  openCloudKeyAuthority,
  type CloudKeyAuthority,
  type CloudKeyAuthorityOptions,
} from './cloud-keys.js';
export { SERVER_VERSION } from './version.js';
