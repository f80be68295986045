import { join } from 'node:path';
import type { ServerConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { DAY_MS, isoAt, systemClock, type Clock } from '../lib/clock.js';
import { deriveDeploymentKeys, loadDeploymentKey } from '../lib/deployment-key.js';
import { SecretBox } from '../lib/secrets.js';
import { AccountService } from './accounts.js';
import { ActivityLogService } from './activity-log.js';
import { BillingService } from './billing.js';
import { LocalTestPaymentProvider, type PaymentProvider } from './billing/payment-provider.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { CloudKeyService } from './cloud-keys.js';
import { CompanyService } from './companies.js';
import { ContactRequestService } from './contact-requests.js';
import type { ServiceContext } from './context.js';
import { FingerprintSignals } from './fingerprint-signals.js';
import { FlowSessionService } from './flow-sessions.js';
import { analysisProvider, type AnalysisProvider } from './pipeline/analysis-engine.js';
import { CapturePipeline } from './pipeline/capture-pipeline.js';
import { GateRuleService } from './gate-rules.js';
import { ImageService } from './images.js';
import { LinkService } from './links.js';
import { LogoService } from './logos.js';
import { createMailer, type Mailer } from '../storage/mailer.js';
import { purgeExpiredPortalRows } from '../portal/cleanup.js';
import { DatabaseRateCounter } from '../storage/rate-limit-store.js';
import { RetentionService } from './retention.js';
import { StatsService } from './stats.js';
import { TokenService } from './tokens.js';
import { AuthFailureGuard } from './auth-failures.js';
import { ProcessingSlots } from './processing-slots.js';
import { VerificationService } from './verifications.js';
import { WebhookEndpointService } from './webhook-endpoints.js';
import { DeliveryRepository } from './webhooks/deliveries.js';
import { DeliveryWorker } from './webhooks/delivery-worker.js';
import { WebhookEventService } from './webhooks/events.js';

/** Every application service, built once per process and shared by routes, CLI and jobs. */
export interface AppServices {
  readonly context: ServiceContext;
  readonly accounts: AccountService;
  readonly activity: ActivityLogService;
  readonly billing: BillingService;
  readonly blobs: BlobStore;
  readonly cloudKeys: CloudKeyService;
  readonly companies: CompanyService;
  readonly contactRequests: ContactRequestService;
  readonly gateRules: GateRuleService;
  readonly images: ImageService;
  readonly links: LinkService;
  readonly logos: LogoService;
  readonly mailer: Mailer;
  readonly rateCounter: DatabaseRateCounter;
  readonly retention: RetentionService;
  readonly stats: StatsService;
  readonly tokens: TokenService;
  readonly verifications: VerificationService;
  readonly webhookEndpoints: WebhookEndpointService;
  /** The webhook outbox (events written inside transitions). */
  readonly events: WebhookEventService;
  readonly deliveries: DeliveryRepository;
  /** Sends queued deliveries; not running until `start()` (the server starts it, the CLI commands do not). */
  readonly deliveryWorker: DeliveryWorker;
  /** Device sessions of the flow API. */
  readonly flowSessions: FlowSessionService;
  /** Verification of forwarded connection fingerprints. */
  readonly fingerprints: FingerprintSignals;
  /** The capture pipeline (analysis in-process or over HTTP). */
  readonly captures: CapturePipeline;
  readonly analysis: AnalysisProvider;
  /** Failed authentications per client address (429 beyond the budget). */
  readonly authFailures: AuthFailureGuard;
  /** Process-wide budget of concurrent capture decodes and analyses (503 beyond it). */
  readonly captureSlots: ProcessingSlots;
  /**
   * Runs the periodic upkeep once: expiry of overdue verifications, retention, purges. Every step
   * runs even when another fails; then it rejects with an `AggregateError` of the failures.
   */
  maintain(): Promise<void>;
  /** Waits for background work and closes the database. */
  close(): Promise<void>;
}

/** Inputs of `createServices`; everything but the configuration has a production default. */
export interface ServiceOptions {
  config: ServerConfig;
  clock?: Clock;
  paymentProvider?: PaymentProvider;
  mailer?: Mailer;
  /** An already open database (otherwise opened from the configuration). */
  database?: DatabaseHandle;
  /** Run migrations first (default true). */
  migrate?: boolean;
  /** Wraps the configured blob store (tests make a delete fail, or watch the writes). */
  wrapBlobStore?: ((configured: BlobStore) => BlobStore) | undefined;
  /** Receives errors of background work that must not fail a request. */
  onBackgroundError?: (error: unknown) => void;
}

/** Opens the database, migrates it, loads the deployment key, and wires the services. */
export async function createServices(options: ServiceOptions): Promise<AppServices> {
  const { config } = options;
  const database =
    options.database ?? openDatabase({ ...config, onBackgroundError: options.onBackgroundError });
  try {
    if (options.migrate !== false) await migrateToLatest(database);
    const keys = deriveDeploymentKeys(loadDeploymentKey(config.dataDir, config.secretKey));
    const clock = options.clock ?? systemClock;
    const context: ServiceContext = {
      database,
      clock,
      config,
      secretBox: new SecretBox(keys.encryptionKey),
      anonymizationPepper: keys.anonymizationPepper,
    };
    const mailer =
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        mailDir: join(config.dataDir, 'mail'),
      });
    const configuredBlobs = createBlobStore(config.blobStore);
    const blobs = options.wrapBlobStore?.(configuredBlobs) ?? configuredBlobs;
    const activity = new ActivityLogService(context);
    const gateRules = new GateRuleService(context);
    const companies = new CompanyService(context, gateRules);
    const billing = new BillingService(
      context,
      options.paymentProvider ??
        (config.paymentProvider === 'local-test' ? new LocalTestPaymentProvider() : undefined),
      activity,
    );
    const accounts = new AccountService(context, billing);
    const deliveries = new DeliveryRepository(context);
    const deliveryWorker = new DeliveryWorker({
      deliveries,
      accounts,
      timeoutMs: config.webhookTimeoutMs,
      pollMs: config.webhookPollMs,
      perCompany: config.webhookPerCompany,
      allowPrivate: config.webhookAllowPrivate,
      onError: options.onBackgroundError,
      subscribe: (wake) => database.listen('webhooks', wake),
    });
    const events = new WebhookEventService(context, deliveryWorker);
    const verifications = new VerificationService(context, companies, activity, events);
    const images = new ImageService(context, blobs, verifications);
    const cloudKeys = new CloudKeyService({
      database,
      clock,
      mailer,
      onBackgroundError: options.onBackgroundError,
    });
    const rateCounter = new DatabaseRateCounter(database, clock, options.onBackgroundError);
    const flowSessions = new FlowSessionService(context, verifications, companies, events);
    const analysis = analysisProvider(config.analysis);
    const retention = new RetentionService(context, blobs);
    const tokens = new TokenService(context);
    return {
      context,
      accounts,
      activity,
      billing,
      blobs,
      cloudKeys,
      companies,
      contactRequests: new ContactRequestService(context, companies, activity),
      gateRules,
      images,
      links: new LinkService(context, companies, verifications, gateRules),
      logos: new LogoService(context, activity, companies),
      mailer,
      rateCounter,
      retention,
      stats: new StatsService(context, companies),
      tokens,
      verifications,
      webhookEndpoints: new WebhookEndpointService(context, activity),
      events,
      deliveries,
      deliveryWorker,
      flowSessions,
      fingerprints: new FingerprintSignals(context),
      captures: new CapturePipeline(context, verifications, flowSessions, images, events, analysis),
      analysis,
      authFailures: new AuthFailureGuard(rateCounter, config.authFailuresPerIp, config.rateLimits),
      captureSlots: new ProcessingSlots(config.captureConcurrency, config.captureRetryAfterSeconds),
      async maintain() {
        // Each step on its own: one that fails never stops the others (issue 19).
        const steps: [string, () => Promise<unknown>][] = [
          ['expiry', () => verifications.expireOverdue()],
          ['retention', () => retention.run()],
          ['tokens', () => tokens.purgeExpired()],
          ['rate limits', () => rateCounter.purge()],
          [
            'deliveries',
            () => deliveries.purge(isoAt(clock.now() - config.retentionDays * DAY_MS)),
          ],
          ['portal sessions and links', () => purgeExpiredPortalRows(database, clock)],
        ];
        const failures: unknown[] = [];
        for (const [name, step] of steps) {
          try {
            await step();
          } catch (error) {
            failures.push(new Error(`maintenance step "${name}" failed`, { cause: error }));
          }
        }
        if (failures.length > 0)
          throw new AggregateError(failures, `maintenance: ${failures.length} step(s) failed`);
      },
      async close() {
        // Written before the database closes, so no hit counted here is lost.
        await rateCounter.close().catch((error: unknown) => options.onBackgroundError?.(error));
        await deliveryWorker.stop();
        await analysis.close();
        await cloudKeys.drain();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
