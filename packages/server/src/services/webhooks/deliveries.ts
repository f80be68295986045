import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAY_MS } from '@idv/contract/limits';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isoAt } from '../../lib/clock.js';
import type { PageRequest } from '../../lib/paging.js';
import type { ServiceContext } from '../context.js';
import { DEFAULT_CIRCUIT_POLICY, moveCircuit, type CircuitPolicy } from './circuit.js';
import { readDeliveryPage, type DeliveryPage } from './delivery-history.js';
import { postgresDeliverySuccess } from './delivery-success-postgres.js';
import type { SendResult } from './sender.js';

/** Attempts per delivery, and the pause between two (spec: Delivery): the contract's limits. */
export const MAX_ATTEMPTS = WEBHOOK_MAX_ATTEMPTS;
export const RETRY_DELAY_MS = WEBHOOK_RETRY_DELAY_MS;

export { DEFAULT_PER_COMPANY_IN_FLIGHT } from './worker-limits.js';
import { DEFAULT_PER_COMPANY_IN_FLIGHT } from './worker-limits.js';

/** A delivery claimed by a worker, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  companyId: string;
  attempts: number;
  leaseUntil: number;
  /** URL and body, when the claimer already has them (deliveries leased at emission). */
  target?: { url: string; payload: string };
}

/**
 * The delivery table: claiming due work (leases; `FOR UPDATE SKIP LOCKED` on PostgreSQL, so
 * several processes share the work and never hold the same delivery), recording attempts (the
 * endpoint's circuit: `circuit.ts`), and the holder's read of them (`delivery-history.ts`).
 */
export class DeliveryRepository {
  /** PostgreSQL: a successful attempt recorded in one statement (`postgresDeliverySuccess`). */
  readonly #recordSuccessOnPostgres;

  constructor(private readonly ctx: ServiceContext) {
    this.#recordSuccessOnPostgres =
      ctx.database.dialect === 'postgres' ? postgresDeliverySuccess(ctx.database.db) : undefined;
  }

  /**
   * Takes up to `limit` due deliveries for `owner` until `leaseUntil`. A delivery is due when
   * pending, its next attempt time has come, no live lease holds it, its endpoint's circuit is not
   * open, and no earlier delivery of the same verification to the same endpoint is still pending
   * (events arrive in order). Fair between companies: at most `perCompany` deliveries of a company
   * are leased at once (live leases of every worker count), and the claim takes companies round
   * robin (each company's oldest first, then each one's second…), so a company with a long queue
   * or a slow endpoint cannot hold every slot.
   */
  async claim(
    owner: string,
    limit: number,
    now: number,
    leaseUntil: number,
    perCompany: number = DEFAULT_PER_COMPANY_IN_FLIGHT,
  ): Promise<ClaimedDelivery[]> {
    const { database } = this.ctx;
    const rows = await database.singleWrite(async (db) => {
      const fair = sql<{ seq: number }>`select ranked.seq from (
          select d.seq, d.company_id,
            row_number() over (partition by d.company_id order by d.seq) as rank_in_company
          from webhook_deliveries d
          inner join webhook_endpoints ep on ep.id = d.endpoint_id
          where d.status = 'pending'
            and d.next_attempt_at <= ${now}
            and (d.lease_until is null or d.lease_until < ${now})
            and (ep.circuit_open_until is null or ep.circuit_open_until <= ${now})
            and not exists (
              select 1 from webhook_deliveries e
              where e.endpoint_id = d.endpoint_id and e.verification_id = d.verification_id
                and e.status = 'pending' and e.seq < d.seq)
        ) ranked
        left join (
          select company_id, count(*) as leased from webhook_deliveries
          where status = 'pending' and lease_until >= ${now}
          group by company_id
        ) busy on busy.company_id = ranked.company_id
        where ranked.rank_in_company + coalesce(busy.leased, 0) <= ${perCompany}
        order by ranked.rank_in_company, ranked.seq
        limit ${limit}`;
      // PostgreSQL: lock the chosen rows (a window query cannot be locked itself); rows another
      // worker holds are skipped. The lease is tested again on the locked row itself: a worker
      // that committed its claim after this statement's snapshot leaves a row that is free to
      // lock but no longer due, and only a condition on the locked table is re-checked
      // against the row's newest version (READ COMMITTED), not the window subquery.
      const due =
        database.dialect === 'postgres'
          ? sql<{ seq: number }>`select seq from webhook_deliveries
              where seq in (${fair}) and status = 'pending'
                and (lease_until is null or lease_until < ${now})
              for update skip locked`
          : fair;
      return db
        .updateTable('webhook_deliveries')
        .set({ lease_until: leaseUntil, lease_owner: owner })
        .where(sql<boolean>`seq in (${due})`)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .returning(['id', 'event_id', 'company_id', 'attempts', 'lease_until'])
        .execute();
    });
    return rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      companyId: row.company_id,
      attempts: row.attempts,
      leaseUntil: Number(row.lease_until),
    }));
  }

  /** Whether any delivery could be claimed now (a read: cheap, no write lock). */
  async anyDue(now: number): Promise<boolean> {
    const row = await this.ctx.database.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .select('webhook_deliveries.seq')
      .where('webhook_deliveries.status', '=', 'pending')
      .where('webhook_deliveries.next_attempt_at', '<=', now)
      .where((eb) =>
        eb.or([
          eb('webhook_deliveries.lease_until', 'is', null),
          eb('webhook_deliveries.lease_until', '<', now),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('webhook_endpoints.circuit_open_until', 'is', null),
          eb('webhook_endpoints.circuit_open_until', '<=', now),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The endpoint URL and body of a claimed delivery (undefined when the endpoint was deleted meanwhile). */
  async target(deliveryId: string): Promise<{ url: string; payload: string } | undefined> {
    return this.ctx.database.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
      .select(['webhook_endpoints.url', 'webhook_events.payload'])
      .where('webhook_deliveries.id', '=', deliveryId)
      .executeTakeFirst();
  }

  /**
   * Records one attempt and moves the delivery on: done on success, dropped after the third
   * failure, else due again `RETRY_DELAY_MS` later. Only while `owner` still holds the lease.
   * Also moves the endpoint's circuit: a success closes it; a failure lengthens the streak, and
   * from `circuit.threshold` failures in a row holds every delivery of the endpoint back for a
   * cool-down (`circuitCooldown`). Held deliveries stay pending and spend no attempt: each still
   * gets its 3 attempts once the endpoint is tried again.
   * @returns when the next attempt is due (epoch ms), or undefined when the delivery is finished.
   */
  async record(
    delivery: ClaimedDelivery,
    owner: string,
    startedAt: number,
    result: SendResult,
    now: number,
    circuit: CircuitPolicy = DEFAULT_CIRCUIT_POLICY,
  ): Promise<number | undefined> {
    const attempt = delivery.attempts + 1;
    const finished = result.success || attempt >= MAX_ATTEMPTS;
    const nextAttemptAt = now + RETRY_DELAY_MS;
    if (this.#recordSuccessOnPostgres !== undefined && result.success && result.error === null) {
      await this.#recordSuccessOnPostgres({
        deliveryId: delivery.id,
        owner,
        attempts: delivery.attempts,
        attemptId: randomUUID(),
        startedAt: isoAt(startedAt),
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        updatedAt: isoAt(this.ctx.clock.now()),
      });
      return undefined;
    }
    await this.ctx.database.writeTransaction(async (trx) => {
      const updated = await trx
        .updateTable('webhook_deliveries')
        .set({
          attempts: attempt,
          status: result.success ? 'succeeded' : finished ? 'failed' : 'pending',
          next_attempt_at: finished ? 0 : nextAttemptAt,
          lease_until: null,
          lease_owner: null,
          updated_at: isoAt(this.ctx.clock.now()),
        })
        .where('id', '=', delivery.id)
        .where('lease_owner', '=', owner)
        .where('attempts', '=', delivery.attempts)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return;
      await trx
        .insertInto('webhook_attempts')
        .values({
          id: randomUUID(),
          delivery_id: delivery.id,
          attempt,
          worker: owner,
          started_at: isoAt(startedAt),
          duration_ms: result.durationMs,
          status_code: result.statusCode,
          error: result.error,
          success: result.success ? 1 : 0,
        })
        .execute();
      await moveCircuit(trx, delivery.id, result.success, now, circuit);
    });
    return finished ? undefined : nextAttemptAt;
  }

  /** Gives claimed deliveries back without an attempt (worker stopping before it sent them). */
  async release(deliveryIds: string[], owner: string): Promise<void> {
    if (deliveryIds.length === 0) return;
    const { database } = this.ctx;
    await database.writeTransaction(async (trx) => {
      await trx
        .updateTable('webhook_deliveries')
        .set({ lease_until: null, lease_owner: null })
        .where('id', 'in', deliveryIds)
        .where('lease_owner', '=', owner)
        .execute();
      // Free again: the other processes' workers may take them at once (PostgreSQL NOTIFY).
      await database.notify(trx, 'webhooks');
    });
  }

  /** Marks a delivery whose endpoint is gone as finished (nothing to send to). */
  async drop(deliveryId: string): Promise<void> {
    await this.ctx.database.singleWrite((db) =>
      db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', lease_until: null, lease_owner: null })
        .where('id', '=', deliveryId)
        .execute(),
    );
  }

  /** `GET /webhook-endpoints/{id}/deliveries`: newest first; 404 for another company's endpoint. */
  page(companyId: string, endpointId: string, page: PageRequest): Promise<DeliveryPage> {
    return readDeliveryPage(this.ctx, companyId, endpointId, page);
  }

  /** Deletes events (with their deliveries and attempts) created before `before` that are no longer pending. */
  async purge(before: string): Promise<void> {
    await this.ctx.database.db
      .deleteFrom('webhook_events')
      .where('created_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_deliveries')
              .select(sql`1`.as('one'))
              .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id')
              .where('webhook_deliveries.status', '=', 'pending'),
          ),
        ),
      )
      .execute();
  }
}
