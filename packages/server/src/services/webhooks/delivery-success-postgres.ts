import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

/** What one successful attempt records (`DeliveryRepository.record`). */
export interface SuccessValues {
  deliveryId: string;
  /** The worker that holds the delivery's lease and sent the attempt. */
  owner: string;
  /** Attempts recorded before this one (the attempt is number `attempts + 1`). */
  attempts: number;
  attemptId: string;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  updatedAt: string;
}

/**
 * A successful delivery attempt recorded on PostgreSQL in one prepared statement (its own implicit
 * transaction), instead of `BEGIN`, three unnamed writes and `COMMIT`: the delivery is marked
 * succeeded and its lease given up only while `owner` still holds it with `attempts` recorded;
 * then, from that updated row only, the attempt is written and the endpoint's circuit closed
 * (its failure streak back to 0, as `moveCircuit` does on a success). Failed attempts, which may
 * open the circuit, keep the transactional path. Answers a function that records one and answers
 * whether the lease still held (false: nothing was written).
 */
export function postgresDeliverySuccess(
  db: Kysely<Database>,
): (values: SuccessValues) => Promise<boolean> {
  const names = [
    'deliveryId',
    'owner',
    'attempts',
    'attemptId',
    'startedAt',
    'durationMs',
    'statusCode',
    'updatedAt',
  ] as const;
  const statement = preparedQuery(db, names, (p) => ({
    compile: () =>
      sql<{ recorded: number }>`with input as (
  select ${p.deliveryId}::text as delivery_id, ${p.owner}::text as owner,
    ${p.attempts}::integer as attempts, ${p.attemptId}::text as attempt_id,
    ${p.startedAt}::text as started_at, ${p.durationMs}::integer as duration_ms,
    ${p.statusCode}::integer as status_code, ${p.updatedAt}::text as updated_at
), updated as (
  update webhook_deliveries d
  set attempts = input.attempts + 1, status = 'succeeded', next_attempt_at = 0,
    lease_until = null, lease_owner = null, updated_at = input.updated_at
  from input
  where d.id = input.delivery_id and d.lease_owner = input.owner and d.attempts = input.attempts
  returning d.id, d.endpoint_id
), attempt as (
  insert into webhook_attempts (id, delivery_id, attempt, worker, started_at, duration_ms,
    status_code, error, success)
  select input.attempt_id, updated.id, input.attempts + 1, input.owner, input.started_at,
    input.duration_ms, input.status_code, null, 1
  from updated, input
), circuit as (
  update webhook_endpoints ep set failure_streak = 0, circuit_open_until = null
  from updated
  where ep.id = updated.endpoint_id and ep.failure_streak > 0
)
select count(*)::int as recorded from updated`.compile(db),
  }));
  return async (values) => (await statement(values))[0]?.recorded === 1;
}
