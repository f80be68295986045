import { SERVER_VERSION } from '../../version.js';
import type { Clock } from '../../lib/clock.js';
import type { AccountService } from '../accounts.js';
import type { CircuitPolicy } from './circuit.js';
import type { ClaimedDelivery, DeliveryRepository } from './deliveries.js';
import type { SendRequest, SendResult } from './sender.js';
import { signatureHeaders } from './signing.js';

/** The attempt error recorded when the account's webhook secret cannot be opened. */
export const UNOPENABLE_SECRET =
  'webhook secret cannot be opened (sealed with another deployment key); rotate it with PATCH /users/me/webhook-secret';

/** What one attempt needs of the worker's settings. */
export interface AttemptOptions {
  deliveries: DeliveryRepository;
  accounts: AccountService;
  clock: Clock;
  /** Time limit of the request, ms. */
  timeoutMs: number;
  allowPrivate: boolean;
  circuit: CircuitPolicy;
  send: (request: SendRequest) => Promise<SendResult>;
  onError: (error: unknown) => void;
}

/**
 * One attempt of a claimed delivery: finds its target and the company's signing secret, sends the
 * signed request, calls `sent` once the request is answered (the worker's slot frees then, while
 * recording goes on) and records the attempt. A delivery whose endpoint or secret is gone is
 * dropped; a secret that cannot be opened is recorded as a failed attempt.
 * @returns when the next attempt is due (epoch ms), or undefined when the delivery is finished.
 */
export async function attemptDelivery(
  options: AttemptOptions,
  workerId: string,
  delivery: ClaimedDelivery,
  sent: () => void,
): Promise<number | undefined> {
  const { deliveries, accounts, clock } = options;
  const [target, secret] = await Promise.all([
    delivery.target ?? deliveries.target(delivery.id),
    accounts.webhookSecretOfCompany(delivery.companyId).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
  ]);
  if (target === undefined || ('value' in secret && secret.value === undefined)) {
    await deliveries.drop(delivery.id);
    return undefined;
  }
  const startedAt = clock.now();
  if ('error' in secret) {
    // Sealed under another deployment key (IDV_SECRET_KEY changed) or damaged: nothing can be
    // signed. A failed attempt is recorded (the delivery ends after its attempts) rather than
    // leaving it leased, to be claimed and fail again forever.
    options.onError(secret.error);
    sent();
    return deliveries.record(
      delivery,
      workerId,
      startedAt,
      { statusCode: null, error: UNOPENABLE_SECRET, success: false, durationMs: 0 },
      clock.now(),
    );
  }
  const secretValue = secret.value!;
  const result = await options.send({
    url: target.url,
    body: target.payload,
    headers: {
      'content-type': 'application/json',
      'user-agent': `idv-webhooks/${SERVER_VERSION}`,
      ...signatureHeaders(secretValue, delivery.eventId, target.payload, startedAt),
    },
    timeoutMs: options.timeoutMs,
    allowPrivate: options.allowPrivate,
  });
  sent();
  return deliveries.record(delivery, workerId, startedAt, result, clock.now(), options.circuit);
}
