import type { FastifyRequest } from 'fastify';

/**
 * The analysis calls that may run at once. A call takes its slot in its first hook, before its key
 * is asked (so a call refused as busy is never counted against the key, and the caller's retry
 * counts once) and before a byte of its body is buffered (so memory holds at most `max` bodies).
 * Its handler holds the slot until the analysis ends; a call that never reaches its handler (key
 * refused, body refused, client gone) gives it back when it ends.
 */
export class CallSlots {
  readonly #max: number;
  /** Calls holding a slot: `waiting` for their handler, or `running` in it. */
  readonly #held = new Map<FastifyRequest, 'waiting' | 'running'>();

  constructor(max: number) {
    this.#max = max;
  }

  /** Takes a slot for `request`; false when every slot is taken. */
  take(request: FastifyRequest): boolean {
    if (this.#held.size >= this.#max) return false;
    this.#held.set(request, 'waiting');
    return true;
  }

  /** Runs the handler's `work` in the slot `request` took, and frees the slot when it ends. */
  async run<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    if (this.#held.has(request)) this.#held.set(request, 'running');
    try {
      return await work();
    } finally {
      this.#held.delete(request);
    }
  }

  /** Frees the slot of a call that ended before its handler ran; a running call keeps its slot. */
  release(request: FastifyRequest): void {
    if (this.#held.get(request) === 'waiting') this.#held.delete(request);
  }
}
