import { randomUUID } from 'node:crypto';
import {
  EVENTS_WITH_GEOLOCATION,
  type DocumentTypeChoice,
  type VerificationEventType,
  type WebhookEventData,
  type WebhookFinalEventData,
  type WebhookPayload,
} from '@idv/contract';
import { isoAt } from '../../lib/clock.js';
import { parseJsonColumn } from '../../lib/json.js';
import type { Executor, ServiceContext } from '../context.js';
import type { ClaimedDelivery } from './deliveries.js';
import { webhookGeolocation, type StoredGeolocation } from '../verification-views.js';

/** Events whose payload carries the geolocation subset (when a location was captured). */
type FinalEventType = (typeof EVENTS_WITH_GEOLOCATION)[number];
const isFinal = (type: VerificationEventType): type is FinalEventType =>
  (EVENTS_WITH_GEOLOCATION as readonly VerificationEventType[]).includes(type);

/** What an event is about, as the transition that emits it has it loaded. */
export interface EventSubject {
  id: string;
  company_id: string;
  link_external_user_id: string | null;
  /** Who gave the identifier: `api` (the account holder) or `identify` (typed by the person). */
  link_external_user_id_source: 'api' | 'identify' | null;
  link_metadata: string;
  geolocation: string | null;
  /** The document the person shows, once known (DESIGN §9). */
  document_type?: DocumentTypeChoice | null;
}

/** Emits an event inside the caller's transaction. */
export type Emit = (subject: EventSubject, type: VerificationEventType) => Promise<void>;

/** Builds the payload of an event from the verification as it stands (typed by the contract). */
export function eventPayload(subject: EventSubject, type: VerificationEventType): WebhookPayload {
  const data: WebhookEventData = {
    _verificationId: subject.id,
    _externalUserId: subject.link_external_user_id ?? '',
    _metadata: parseJsonColumn<Record<string, unknown>>(subject.link_metadata, {}),
  };
  if (subject.link_external_user_id !== null && subject.link_external_user_id_source !== null)
    data.externalUserIdSource = subject.link_external_user_id_source;
  if (subject.document_type !== undefined && subject.document_type !== null)
    data.documentType = subject.document_type;
  if (!isFinal(type)) return { type, data };
  const final: WebhookFinalEventData = data;
  if (subject.geolocation !== null) {
    const subset = webhookGeolocation(JSON.parse(subject.geolocation) as StoredGeolocation);
    if (Object.keys(subset).length > 0) final.geolocation = subset;
  }
  return { type, data: final };
}

/** The local delivery worker, as the outbox sees it. */
export interface LocalDeliveries {
  /** This worker's name in leases. */
  readonly id: string;
  /** Whether it sends now (deliveries may be leased to it at emission). */
  readonly running: boolean;
  leaseUntil(now?: number): number;
  /** After the commit: deliveries leased to it at emission. */
  dispatch(deliveries: ClaimedDelivery[]): void;
  /** After the commit: look for due work. */
  wake(): void;
}

/** What one transition's emissions queued. */
interface Queued {
  leased: ClaimedDelivery[];
  unleased: number;
  /** `endpoint/verification` pairs that already have a delivery in this transaction. */
  pairs: Set<string>;
}

/**
 * The webhook outbox. An event is written in the same transaction as the transition that causes
 * it, with one delivery per endpoint of the account (none when it has no endpoint). When this
 * process's worker runs, a delivery that nothing earlier of its verification waits before is
 * leased to it right there and handed over after the commit (no claim query in between); the
 * others wait for the worker's claim, which keeps each verification's events in order.
 */
export class WebhookEventService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly worker: LocalDeliveries,
  ) {}

  /** Writes one event and its deliveries with `trx` (the transition's transaction). */
  async emit(
    trx: Executor,
    subject: EventSubject,
    type: VerificationEventType,
    queued: Queued = { leased: [], unleased: 0, pairs: new Set() },
  ): Promise<Queued> {
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'url'])
      .where('company_id', '=', subject.company_id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (endpoints.length === 0) return queued;
    const now = this.ctx.clock.now();
    const at = isoAt(now);
    const eventId = randomUUID();
    const payload = JSON.stringify(eventPayload(subject, type));
    const waiting = new Set(
      (
        await trx
          .selectFrom('webhook_deliveries')
          .select('endpoint_id')
          .where('verification_id', '=', subject.id)
          .where('status', '=', 'pending')
          .execute()
      ).map((row) => row.endpoint_id),
    );
    const deliveries = endpoints.map((endpoint) => {
      const pair = `${endpoint.id}/${subject.id}`;
      const lease = this.worker.running && !waiting.has(endpoint.id) && !queued.pairs.has(pair);
      queued.pairs.add(pair);
      const id = randomUUID();
      const leaseUntil = lease ? this.worker.leaseUntil() : null;
      if (lease)
        queued.leased.push({
          id,
          eventId,
          companyId: subject.company_id,
          attempts: 0,
          leaseUntil: leaseUntil!,
          target: { url: endpoint.url, payload },
        });
      else queued.unleased += 1;
      return {
        id,
        event_id: eventId,
        endpoint_id: endpoint.id,
        company_id: subject.company_id,
        verification_id: subject.id,
        status: 'pending' as const,
        attempts: 0,
        // Due at once: the worker's clock decides when it is picked up.
        next_attempt_at: 0,
        lease_until: leaseUntil,
        lease_owner: lease ? this.worker.id : null,
        created_at: at,
        updated_at: at,
      };
    });
    await trx
      .insertInto('webhook_events')
      .values({
        id: eventId,
        company_id: subject.company_id,
        verification_id: subject.id,
        type,
        payload,
        created_at: at,
      })
      .execute();
    await trx.insertInto('webhook_deliveries').values(deliveries).execute();
    // Deliveries no worker holds yet: every process's worker is told at the commit (PostgreSQL
    // NOTIFY; one per transaction however many events it emits).
    if (deliveries.some((delivery) => delivery.lease_owner === null))
      await this.ctx.database.notify(trx, 'webhooks');
    return queued;
  }

  /**
   * Runs a transition in one write transaction; `emit` writes events into that same transaction.
   * The worker is woken after the commit, so it never looks for rows that are not visible yet.
   */
  async transaction<T>(work: (trx: Executor, emit: Emit) => Promise<T>): Promise<T> {
    let queued: Queued = { leased: [], unleased: 0, pairs: new Set() };
    const result = await this.ctx.database.writeTransaction(async (trx) => {
      queued = { leased: [], unleased: 0, pairs: new Set() };
      return work(trx, async (subject, type) => {
        await this.emit(trx, subject, type, queued);
      });
    });
    this.handOver(queued.leased, queued.unleased);
    return result;
  }

  /**
   * The lease a delivery emitted now takes for this process's worker (see `emit`), or undefined
   * when the worker does not run: for a statement that writes its deliveries itself.
   */
  emissionLease(): { owner: string; leaseUntil: number } | undefined {
    return this.worker.running
      ? { owner: this.worker.id, leaseUntil: this.worker.leaseUntil() }
      : undefined;
  }

  /**
   * After the commit that queued deliveries: hands those leased at emission to this process's
   * worker, or wakes it when only unleased ones were queued.
   */
  handOver(leased: ClaimedDelivery[], unleased: number): void {
    if (leased.length > 0) this.worker.dispatch(leased);
    else if (unleased > 0) this.worker.wake();
  }
}
