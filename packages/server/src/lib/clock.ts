/** Source of the current time. Services take one instead of calling `Date.now()`, so tests can move time. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock that moves only when told to: lets tests cross a window (token lifetime, link expiry,
 * retention) without sleeping.
 */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: number | Date = Date.now()) {
    this.#now = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.#now;
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.#now += ms;
  }

  /** Sets the clock to an absolute time. */
  set(time: number | Date): void {
    this.#now = typeof time === 'number' ? time : time.getTime();
  }
}

/** ISO 8601 UTC string of an epoch-milliseconds time (the storage format of every timestamp). */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
