/**
 * The circuit breaker of webhook endpoints: an endpoint that keeps failing is held back for a
 * growing cool-down, so its deliveries spend no attempts while it is down.
 */
import type { Executor } from '../context.js';

/** When an endpoint's circuit opens and for how long (see `DeliveryRepository.record`). */
export interface CircuitPolicy {
  /** Consecutive failed attempts of an endpoint that open its circuit. */
  threshold: number;
  /** First cool-down, ms; doubles with each further failure. */
  cooldownMs: number;
  /** Longest cool-down, ms. */
  maxCooldownMs: number;
}

/**
 * 20 failed attempts in a row open the circuit for 10 s; every further 20 failures without a
 * success double the cool-down, up to 10 minutes. One success closes it.
 */
export const DEFAULT_CIRCUIT_POLICY: CircuitPolicy = {
  threshold: 20,
  cooldownMs: 10_000,
  maxCooldownMs: 10 * 60_000,
};

/**
 * The cool-down after an endpoint's `streak`-th failure in a row: 0 under the threshold, then
 * `cooldownMs`, doubled for each further `threshold` failures (attempts already in flight when the
 * circuit opens cannot lengthen it much), at most `maxCooldownMs`.
 */
export function circuitCooldown(streak: number, policy: CircuitPolicy): number {
  if (streak < policy.threshold) return 0;
  const doublings = Math.min(Math.floor((streak - policy.threshold) / policy.threshold), 20);
  return Math.min(policy.cooldownMs * 2 ** doublings, policy.maxCooldownMs);
}

/**
 * Moves the circuit of a delivery's endpoint after an attempt, inside the attempt's transaction:
 * a success closes it; a failure lengthens the endpoint's failure streak and, from
 * `circuit.threshold` failures in a row, opens it for {@link circuitCooldown}.
 */
export async function moveCircuit(
  trx: Executor,
  deliveryId: string,
  success: boolean,
  now: number,
  circuit: CircuitPolicy,
): Promise<void> {
  const endpointOf = trx
    .selectFrom('webhook_deliveries')
    .select('endpoint_id')
    .where('id', '=', deliveryId);
  if (success) {
    await trx
      .updateTable('webhook_endpoints')
      .set({ failure_streak: 0, circuit_open_until: null })
      .where('id', '=', endpointOf)
      .where('failure_streak', '>', 0)
      .execute();
    return;
  }
  const counted = await trx
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failure_streak: eb('failure_streak', '+', 1) }))
    .where('id', '=', endpointOf)
    .returning(['id', 'failure_streak'])
    .executeTakeFirst();
  if (counted === undefined) return;
  const cooldown = circuitCooldown(Number(counted.failure_streak), circuit);
  if (cooldown > 0)
    await trx
      .updateTable('webhook_endpoints')
      .set({ circuit_open_until: now + cooldown })
      .where('id', '=', counted.id)
      .execute();
}
