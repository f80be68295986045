import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { notifyExpression } from '../db/pg-notifications.js';
import { preparedQuery } from '../db/prepared.js';
import type { Database } from '../db/schema.js';
import type { VerificationJoinRow } from './verification-views.js';
import type { VerificationService } from './verifications.js';
import type { ClaimedDelivery } from './webhooks/deliveries.js';
import { eventPayload, type WebhookEventService } from './webhooks/events.js';

/** A link's verification as the opening reads it, with whether a device session is bound to it. */
export type OpeningRow = VerificationJoinRow & { bound_session: string | null };

/** What the opening statement needs (all resolved in Node from the row in hand). */
export interface OpeningValues {
  verificationId: string;
  companyId: string;
  linkId: string;
  tokenHash: string;
  method: string | null;
  operationGuid: string;
  at: string;
  eventId: string;
  payload: string;
  /** This process's worker, when it runs: deliveries nothing earlier waits before are leased to it. */
  leaseOwner: string | null;
  leaseUntil: number | null;
}

/**
 * What the opening statement answers: one row per delivery it queued (one row of nulls when it
 * queued none), each with whether the verification was started (1) or had left `pending` (0).
 */
interface QueuedRow {
  started: number;
  id: string | null;
  url: string | null;
  lease_until: string | number | null;
  lease_owner: string | null;
}

/**
 * The first opening of a link on PostgreSQL (`FlowSessionService.open`, the transition that emits
 * `verification.started`) in two round trips instead of twelve: one read of the link's
 * verification with its bound session, then one statement that binds the session, starts the
 * verification, writes the event and its deliveries, and notifies the other processes' workers
 * of the deliveries it did not lease, all in its own implicit transaction (named statements,
 * parsed and planned once per connection).
 *
 * The statement keeps the rules of the transactional path: the session insert fails on the
 * primary key when a concurrent opening bound the link first (the caller answers 409); the
 * verification starts only while still `pending` (the event is written only then, from the updated
 * row); there is one delivery per endpoint of the company as the statement sees them; a delivery is
 * leased to this process's worker only when no earlier delivery of the same verification to the
 * same endpoint is pending (events in order), else it waits for a claim and a `NOTIFY` wakes the
 * workers at the commit.
 */
export class PostgresFlowOpening {
  readonly #read;
  readonly #open;

  constructor(
    db: Kysely<Database>,
    verifications: VerificationService,
    private readonly events: WebhookEventService,
  ) {
    this.#read = preparedQuery(db, ['linkId'], (p) =>
      verifications
        .joined(db)
        .leftJoin('flow_sessions', 'flow_sessions.verification_id', 'verifications.id')
        .select('flow_sessions.verification_id as bound_session')
        .where('links.id', '=', p.linkId)
        // The link names its verification: the primary key finds it.
        .whereRef('verifications.id', '=', 'links.verification_id'),
    );
    const names = [
      'verificationId',
      'companyId',
      'linkId',
      'tokenHash',
      'at',
      'method',
      'operationGuid',
      'eventId',
      'payload',
      'leaseOwner',
      'leaseUntil',
    ] as const;
    this.#open = preparedQuery(db, names, (p) => ({
      compile: () =>
        sql<QueuedRow>`with input as (
  select ${p.verificationId}::text as verification_id, ${p.companyId}::text as company_id,
    ${p.linkId}::text as link_id, ${p.tokenHash}::text as token_hash, ${p.at}::text as at,
    ${p.method}::text as method, ${p.operationGuid}::text as operation_guid,
    ${p.eventId}::text as event_id, ${p.payload}::text as payload,
    ${p.leaseOwner}::text as lease_owner, ${p.leaseUntil}::bigint as lease_until
), session as (
  insert into flow_sessions (verification_id, company_id, link_id, token_hash, handoff_token_hash,
    handoff_expires_at, capture_lock_until, created_at, updated_at)
  select verification_id, company_id, link_id, token_hash, null, null, null, at, at from input
  returning verification_id
), started as (
  update verifications v
  set status = 'started', method = input.method, operation_guid = input.operation_guid,
    updated_at = input.at
  from session, input
  where v.id = session.verification_id and v.status = 'pending'
  returning v.id, v.company_id
), event as (
  insert into webhook_events (id, company_id, verification_id, type, payload, created_at)
  select input.event_id, started.company_id, started.id, 'verification.started', input.payload,
    input.at
  from started, input
  where exists (select 1 from webhook_endpoints ep where ep.company_id = started.company_id)
  returning id, company_id, verification_id, created_at
), lease as (
  select ep.id as endpoint_id, ep.url,
    input.lease_owner is not null and not exists (
      select 1 from webhook_deliveries w
      where w.endpoint_id = ep.id and w.verification_id = event.verification_id
        and w.status = 'pending') as leased
  from event inner join webhook_endpoints ep on ep.company_id = event.company_id, input
), delivery as (
  insert into webhook_deliveries (id, event_id, endpoint_id, company_id, verification_id, status,
    attempts, next_attempt_at, lease_until, lease_owner, created_at, updated_at)
  select gen_random_uuid()::text, event.id, lease.endpoint_id, event.company_id,
    event.verification_id, 'pending', 0, 0,
    case when lease.leased then input.lease_until end,
    case when lease.leased then input.lease_owner end,
    event.created_at, event.created_at
  from event, lease, input
  returning id, endpoint_id, lease_owner, lease_until
), wake as (
  select ${notifyExpression('webhooks')}
  where exists (select 1 from delivery where lease_owner is null)
)
select (select count(*) from started)::int as started, queued.id, queued.url, queued.lease_until,
  queued.lease_owner
from input
left join (
  select delivery.id, lease.url, delivery.lease_until, delivery.lease_owner
  from delivery inner join lease on lease.endpoint_id = delivery.endpoint_id
) queued on true
left join wake on true`.compile(db),
    }));
  }

  /** The verification of a link with its link and bound session (no expiry applied), or undefined. */
  async read(linkId: string): Promise<OpeningRow | undefined> {
    const [row] = (await this.#read({ linkId })) as OpeningRow[];
    return row;
  }

  /**
   * Binds the session and starts the verification of `row` (read by `read`, `pending`, unbound),
   * emitting `verification.started`; hands the deliveries leased here to this process's worker.
   * Answers whether the verification was started (false: it had left `pending` meanwhile, the
   * session is bound all the same, as the transactional path does).
   * @throws the primary-key violation when a concurrent opening bound the link first.
   */
  async open(
    row: OpeningRow,
    values: Pick<OpeningValues, 'tokenHash' | 'method' | 'operationGuid' | 'at'>,
  ): Promise<boolean> {
    const eventId = randomUUID();
    const payload = JSON.stringify(eventPayload(row, 'verification.started'));
    const lease = this.events.emissionLease();
    const queued = await this.#open({
      verificationId: row.id,
      companyId: row.company_id,
      linkId: row.link_id,
      eventId,
      payload,
      leaseOwner: lease?.owner ?? null,
      leaseUntil: lease?.leaseUntil ?? null,
      ...values,
    });
    const leased: ClaimedDelivery[] = [];
    let unleased = 0;
    for (const delivery of queued) {
      if (delivery.id === null || delivery.url === null) continue;
      if (delivery.lease_owner === null) unleased += 1;
      else
        leased.push({
          id: delivery.id,
          eventId,
          companyId: row.company_id,
          attempts: 0,
          leaseUntil: Number(delivery.lease_until),
          target: { url: delivery.url, payload },
        });
    }
    this.events.handOver(leased, unleased);
    return queued[0]?.started === 1;
  }
}
