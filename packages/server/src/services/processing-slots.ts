import { Errors } from '../lib/errors.js';

/** Gives a slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

/**
 * A process-wide budget of concurrent heavy work: decoding capture images and analysing them
 * (in-process models, or the wait on a remote analysis service). Never queues: when every slot is
 * taken the caller is refused at once with 503 and `Retry-After`, so a burst of uploads cannot
 * pile up decoded images in memory or stall the event loop for everyone else.
 */
export class ProcessingSlots {
  #busy = 0;

  constructor(
    /** Slots of this process (`IDV_CAPTURE_CONCURRENCY`). */
    readonly capacity: number,
    /** What a refused caller is told to wait, seconds (`IDV_CAPTURE_RETRY_AFTER`). */
    readonly retryAfterSeconds: number,
  ) {}

  /** Slots taken now. */
  get busy(): number {
    return this.#busy;
  }

  /** Throws the 503 a caller gets when no slot is free (checked before reading an upload). */
  ensureAvailable(): void {
    if (this.#busy >= this.capacity) throw this.#refusal();
  }

  /**
   * Takes a slot.
   * @throws {ApiError} 503 with `Retry-After` when every slot is taken.
   */
  acquire(): ReleaseSlot {
    this.ensureAvailable();
    this.#busy += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#busy -= 1;
    };
  }

  #refusal() {
    return Errors.unavailable(
      'the server is busy analysing other captures; retry later',
      this.retryAfterSeconds,
    );
  }
}
