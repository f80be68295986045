import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { AccountService } from '../accounts.js';
import { DEFAULT_CIRCUIT_POLICY, type CircuitPolicy } from './circuit.js';
import type { ClaimedDelivery, DeliveryRepository } from './deliveries.js';
import { attemptDelivery } from './delivery-attempt.js';
import { sendWebhook, type SendRequest, type SendResult } from './sender.js';
import { DEFAULT_PER_COMPANY_IN_FLIGHT, WEBHOOK_WORKER_CONCURRENCY } from './worker-limits.js';

/** Settings of the delivery worker. */
export interface DeliveryWorkerOptions {
  deliveries: DeliveryRepository;
  accounts: AccountService;
  /** Time limit of one attempt, ms. */
  timeoutMs: number;
  /** How often to look for work queued by other processes, ms. */
  pollMs: number;
  allowPrivate: boolean;
  /** Attempts sent at once by this process. */
  concurrency?: number;
  /** Deliveries of one company in flight at once, across workers (`DEFAULT_PER_COMPANY_IN_FLIGHT`). */
  perCompany?: number;
  /** When an endpoint's circuit opens, and for how long (default: 20 failures in a row, 10 s doubling to 10 min). */
  circuit?: CircuitPolicy;
  /** Time source of the schedule (real time; the retry pause is 100 ms of it). */
  clock?: Clock;
  /** Receives errors of the worker itself (database unreachable…); it keeps running. */
  onError?: (error: unknown) => void;
  /** The HTTP send (tests of the worker may observe it; production uses `sendWebhook`). */
  send?: (request: SendRequest) => Promise<SendResult>;
  /**
   * Subscribes to other processes' "work queued" signal (PostgreSQL `LISTEN`, see
   * `DatabaseHandle.listen`) while the worker runs; answers the unsubscription. Without it the
   * worker learns of their work by polling only.
   */
  subscribe?: (wake: () => void) => () => void;
}

/** How long a claim outlives the attempt's own time limit, ms. */
const LEASE_MARGIN_MS = 5_000;

/**
 * Sends queued webhook deliveries, fairly between companies: at most `perCompany` deliveries of a
 * company in flight (claimed round robin across companies), and an endpoint that keeps failing
 * is held back by its circuit (see `DeliveryRepository.record`). Woken at once by the transitions of this process (after their
 * commit), by other processes' commits where the database notifies (`subscribe`: PostgreSQL
 * `LISTEN`), and every `pollMs` for work that became due or whose signal was lost; retries 100 ms
 * after a failure. Each delivery is claimed under a lease longer than an attempt can take, so no
 * two workers (of any process) ever hold it together; a worker that dies mid-attempt loses its
 * claim when the lease runs out and the delivery resumes elsewhere (or after a restart).
 */
export class DeliveryWorker {
  /** This worker's name in leases and attempt records. */
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  readonly #options: Required<Omit<DeliveryWorkerOptions, 'onError' | 'subscribe'>> & {
    onError: (error: unknown) => void;
    subscribe: DeliveryWorkerOptions['subscribe'];
  };
  #unsubscribe: (() => void) | undefined;
  /** Every attempt not finished (sent and recorded), awaited by `stop()`. */
  readonly #inFlight = new Set<Promise<void>>();
  /** Attempts whose HTTP request is under way: what `concurrency` bounds. */
  #sending = 0;
  /** Of `#sending`, per company: what `perCompany` bounds for deliveries leased at emission. */
  readonly #sendingByCompany = new Map<string, number>();
  /** Deliveries leased to this worker when they were emitted, in emission order. */
  readonly #local: ClaimedDelivery[] = [];
  #running = false;
  #again = false;
  #started = false;
  #stopped = false;
  #poll: NodeJS.Timeout | undefined;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(options: DeliveryWorkerOptions) {
    this.#options = {
      concurrency: WEBHOOK_WORKER_CONCURRENCY,
      perCompany: DEFAULT_PER_COMPANY_IN_FLIGHT,
      circuit: DEFAULT_CIRCUIT_POLICY,
      clock: systemClock,
      send: sendWebhook,
      ...options,
      // Given as undefined (no background error handler) is the same as not given.
      onError: options.onError ?? (() => undefined),
      subscribe: options.subscribe,
    };
  }

  /** Starts polling and sends whatever is due now (deliveries left by a previous run included). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#poll = setInterval(() => this.wake(), this.#options.pollMs);
    this.#poll.unref();
    this.#unsubscribe = this.#options.subscribe?.(() => this.wake());
    this.wake();
  }

  /** Whether this worker sends now (started and not stopped): emitters may lease deliveries to it. */
  get running(): boolean {
    return this.#started && !this.#stopped;
  }

  /** The lease a claim taken at `now` gets: the attempt's time limit plus a margin. */
  leaseUntil(now: number = this.#options.clock.now()): number {
    return now + this.#options.timeoutMs + LEASE_MARGIN_MS;
  }

  /**
   * Sends deliveries that were leased to this worker in the transaction that emitted them (after
   * its commit): no claim query stands between a transition and its first attempt.
   */
  dispatch(deliveries: ClaimedDelivery[]): void {
    for (const delivery of deliveries) {
      if (this.running && this.#hasSlotFor(delivery) && this.#leaseHolds(delivery))
        this.#launch(delivery);
      else this.#local.push(delivery);
    }
    if (this.#local.length > 0) this.wake();
  }

  /** Whether a slot is free for `delivery`: one of `concurrency`, and one of its company's `perCompany`. */
  #hasSlotFor(delivery: ClaimedDelivery): boolean {
    return (
      this.#sending < this.#options.concurrency &&
      (this.#sendingByCompany.get(delivery.companyId) ?? 0) < this.#options.perCompany
    );
  }

  /** Whether an attempt started now ends (at its time limit) before its lease does. */
  #leaseHolds(delivery: ClaimedDelivery): boolean {
    return delivery.leaseUntil - this.#options.clock.now() > this.#options.timeoutMs + 1000;
  }

  /** Looks for due work now (called after a transaction queued deliveries). */
  wake(): void {
    if (!this.#started || this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    void this.#fill()
      .catch((error: unknown) => this.#options.onError(error))
      .finally(() => {
        this.#running = false;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Stops claiming, waits for the attempts in flight (at most one time limit) and records them. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    // Leased at emission but not started: give them back at once rather than at lease end.
    const unsent = this.#local.splice(0).map((delivery) => delivery.id);
    if (unsent.length > 0)
      await this.#options.deliveries.release(unsent, this.id).catch(this.#options.onError);
    if (this.#poll !== undefined) clearInterval(this.#poll);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await Promise.allSettled([...this.#inFlight]);
  }

  /** Starts an attempt in a free slot; the slot frees once the request is answered (recording goes on). */
  #launch(delivery: ClaimedDelivery): void {
    const { companyId } = delivery;
    this.#sending += 1;
    this.#sendingByCompany.set(companyId, (this.#sendingByCompany.get(companyId) ?? 0) + 1);
    let sent = false;
    const free = () => {
      if (sent) return;
      sent = true;
      this.#sending -= 1;
      const left = (this.#sendingByCompany.get(companyId) ?? 1) - 1;
      if (left > 0) this.#sendingByCompany.set(companyId, left);
      else this.#sendingByCompany.delete(companyId);
      this.wake();
    };
    const attempt = this.#attempt(delivery, free)
      .catch((error: unknown) => this.#options.onError(error))
      .finally(() => {
        free();
        this.#inFlight.delete(attempt);
      });
    this.#inFlight.add(attempt);
  }

  /**
   * Sends the deliveries leased at emission first, then claims as much due work as there are free
   * slots, until none is left. An attempt only starts while its lease outlasts its time limit, so
   * a lease never runs out under an attempt (no other worker can take the delivery meanwhile).
   */
  async #fill(): Promise<void> {
    const { concurrency, clock, deliveries, perCompany } = this.#options;
    const stale: string[] = [];
    // Leased at emission: in order, each as its company's share allows; the others wait.
    const waiting: ClaimedDelivery[] = [];
    for (const delivery of this.#local.splice(0)) {
      if (!this.#leaseHolds(delivery)) stale.push(delivery.id);
      else if (!this.#stopped && this.#hasSlotFor(delivery)) this.#launch(delivery);
      else waiting.push(delivery);
    }
    this.#local.unshift(...waiting);
    if (stale.length > 0) await deliveries.release(stale, this.id);
    for (;;) {
      if (this.#stopped) return;
      const free = concurrency - this.#sending;
      if (free <= 0) return;
      const now = clock.now();
      // A read first: the claim is a write, and most wake-ups find nothing due.
      if (!(await deliveries.anyDue(now))) return;
      const claimed = await deliveries.claim(this.id, free, now, this.leaseUntil(now), perCompany);
      if (this.#stopped) {
        await deliveries.release(
          claimed.map((d) => d.id),
          this.id,
        );
        return;
      }
      for (const delivery of claimed) this.#launch(delivery);
      if (claimed.length < free) return;
    }
  }

  async #attempt(delivery: ClaimedDelivery, sent: () => void): Promise<void> {
    const next = await attemptDelivery(this.#options, this.id, delivery, sent);
    if (next !== undefined) this.#wakeAt(next);
  }

  #wakeAt(due: number): void {
    if (this.#stopped) return;
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        this.wake();
      },
      Math.max(0, due - this.#options.clock.now()),
    );
    this.#timers.add(timer);
  }
}
