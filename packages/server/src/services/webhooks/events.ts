import { randomUUID } from 'node:crypto';
import { isoAt } from '../../lib/clock.js';
import { parseJsonColumn } from '../../lib/json.js';
import type { Executor, ServiceContext } from '../context.js';
import { webhookGeolocation, type StoredGeolocation } from '../verification-views.js';

/** The spec's twelve event types. */
export const VERIFICATION_EVENT_TYPES = [
  'verification.started',
  'verification.addfront.started',
  'verification.addfront.successful',
  'verification.addfront.failed',
  'verification.addback.started',
  'verification.addback.successful',
  'verification.addback.failed',
  'verification.register.started',
  'verification.register.successful',
  'verification.register.failed',
  'verification.successful',
  'verification.failed',
] as const;
export type VerificationEventType = (typeof VERIFICATION_EVENT_TYPES)[number];

/** Events whose payload carries the geolocation subset (when a location was captured). */
const WITH_GEOLOCATION: ReadonlySet<VerificationEventType> = new Set([
  'verification.successful',
  'verification.failed',
]);

/** What an event is about, as the transition that emits it has it loaded. */
export interface EventSubject {
  id: string;
  company_id: string;
  link_external_user_id: string | null;
  link_metadata: string;
  geolocation: string | null;
}

/** The webhook body: `{type, data}` (spec: Events, Payload). */
export interface WebhookPayload {
  type: VerificationEventType;
  data: {
    _verificationId: string;
    _externalUserId: string;
    _metadata: Record<string, unknown>;
    geolocation?: Partial<StoredGeolocation>;
  };
}

/** Emits an event inside the caller's transaction. */
export type Emit = (subject: EventSubject, type: VerificationEventType) => Promise<void>;

/** Builds the payload of an event from the verification as it stands. */
export function eventPayload(subject: EventSubject, type: VerificationEventType): WebhookPayload {
  const payload: WebhookPayload = {
    type,
    data: {
      _verificationId: subject.id,
      _externalUserId: subject.link_external_user_id ?? '',
      _metadata: parseJsonColumn<Record<string, unknown>>(subject.link_metadata, {}),
    },
  };
  if (WITH_GEOLOCATION.has(type) && subject.geolocation !== null) {
    const subset = webhookGeolocation(JSON.parse(subject.geolocation) as StoredGeolocation);
    if (Object.keys(subset).length > 0) payload.data.geolocation = subset;
  }
  return payload;
}

/**
 * The webhook outbox. An event is written in the same transaction as the transition that causes
 * it, with one delivery per endpoint of the account (none when it has no endpoint); the delivery
 * worker is woken once that transaction has committed.
 */
export class WebhookEventService {
  constructor(
    private readonly ctx: ServiceContext,
    /** Called after a commit that queued deliveries (wakes the local worker). */
    private readonly onQueued: () => void,
  ) {}

  /** Writes one event and its deliveries with `trx` (the transition's transaction). */
  async emit(trx: Executor, subject: EventSubject, type: VerificationEventType): Promise<number> {
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('company_id', '=', subject.company_id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (endpoints.length === 0) return 0;
    const now = this.ctx.clock.now();
    const at = isoAt(now);
    const eventId = randomUUID();
    await trx
      .insertInto('webhook_events')
      .values({
        id: eventId,
        company_id: subject.company_id,
        verification_id: subject.id,
        type,
        payload: JSON.stringify(eventPayload(subject, type)),
        created_at: at,
      })
      .execute();
    await trx
      .insertInto('webhook_deliveries')
      .values(
        endpoints.map((endpoint) => ({
          id: randomUUID(),
          event_id: eventId,
          endpoint_id: endpoint.id,
          company_id: subject.company_id,
          verification_id: subject.id,
          status: 'pending' as const,
          attempts: 0,
          // Due at once: the worker's clock decides when it is picked up.
          next_attempt_at: 0,
          lease_until: null,
          lease_owner: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    return endpoints.length;
  }

  /**
   * Runs a transition in one write transaction; `emit` writes events into that same transaction.
   * The worker is woken after the commit, so it never looks for rows that are not visible yet.
   */
  async transaction<T>(work: (trx: Executor, emit: Emit) => Promise<T>): Promise<T> {
    let queued = 0;
    const result = await this.ctx.database.writeTransaction(async (trx) => {
      queued = 0;
      return work(trx, async (subject, type) => {
        queued += await this.emit(trx, subject, type);
      });
    });
    if (queued > 0) this.onQueued();
    return result;
  }
}
