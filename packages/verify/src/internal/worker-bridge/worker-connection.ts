/**
 * One running capture worker and the watch over it (a lazy chunk: `WorkerBridge` loads it with the
 * first job). Comlink never settles a call whose worker failed to load or died, so the connection
 * notices the failure itself and rejects every pending and later call:
 *
 * - the Worker's `error` event: the script could not load (404, blocked by CSP, a syntax error) or
 *   threw an uncaught error;
 * - its `messageerror` event: an answer could not be read;
 * - silence: while a job runs, the worker must answer a liveness check (a Comlink read of
 *   `ready`) within `workerAnswerTimeoutMs`, the first one sent as the worker starts. A worker
 *   closed or killed by the browser (out of memory) fires no event at all; this is what sees it.
 *
 * A stopped connection lets go of everything, so that the element it served can be collected:
 * Comlink's proxy is released (`releaseProxy`): Comlink holds each worker strongly until its proxy
 * is collected, and the worker's listeners reach the proxy, so an unreleased proxy is never
 * collected and keeps the worker, its listeners and the element behind `onFailure` for the page's
 * lifetime. The listeners are removed too, and each job is failed through its own rejecter, not by
 * racing a promise that lives as long as the connection (which would keep every job's answer).
 */
import { releaseProxy, transfer, wrap, type Remote } from 'comlink';
import { frameTransferables } from '../../worker/transferables.js';
import type { AnalysisInput } from '../../worker/types.js';
import type { WorkerApi } from '../../worker/worker.js';

/**
 * How long the worker has to answer a liveness check (ms). Generous: the check waits behind
 * whatever the worker is computing (the first face detection on a slow phone takes seconds).
 */
export const workerAnswerTimeoutMs = 15000;
/** Pause between two liveness checks while a job runs (ms). */
export const workerCheckIntervalMs = 2000;

/** Moves a frame to the worker without copying its pixels. */
export type SendFrame = <F extends AnalysisInput>(frame: F) => F;

/** A job for the worker: calls `api`, moving frames with `send`. */
export type WorkerJob<T> = (api: Remote<WorkerApi>, send: SendFrame) => Promise<T>;

/** A running worker, watched. */
export interface WorkerConnection {
  /** Runs `job`; rejects with the worker's failure as soon as the worker fails. */
  run<T>(job: WorkerJob<T>): Promise<T>;
  /**
   * Stops the worker and lets go of it (not a failure: its pending calls are left to their abort
   * signals).
   */
  terminate(): void;
}

const send: SendFrame = (frame) => transfer(frame, frameTransferables(frame));

/**
 * Starts the worker at `url` and watches it. `onFailure` hears the first failure, once; the
 * connection then stays failed (the worker is terminated, never restarted here).
 */
export function connectWorker(
  url: URL | string,
  onFailure: (error: Error) => void,
  answerTimeoutMs = workerAnswerTimeoutMs,
): WorkerConnection {
  const worker = new Worker(url, { type: 'module', name: 'idv-verify' });
  const api = wrap<WorkerApi>(worker);
  const listening = new AbortController();
  /** The rejecters of the jobs running: the first failure rejects them all. */
  const pending = new Set<(error: Error) => void>();
  let failure: Error | undefined;
  let stopped = false;
  let running = 0;
  let checking = false;
  let answerTimer: ReturnType<typeof setTimeout> | undefined;
  let nextCheck: ReturnType<typeof setTimeout> | undefined;

  const stop = (): void => {
    clearTimeout(answerTimer);
    clearTimeout(nextCheck);
    if (stopped) return;
    stopped = true;
    listening.abort();
    api[releaseProxy]();
    worker.terminate();
  };
  const fail = (reason: string): void => {
    if (failure) return;
    failure = new Error(`The capture worker failed: ${reason}.`);
    stop();
    for (const reject of pending) reject(failure);
    pending.clear();
    onFailure(failure);
  };
  const check = (): void => {
    // One check at a time, and none while the next is already planned: a job that starts just
    // after a check does not send another (the loops start one job per frame).
    if (checking || nextCheck !== undefined || failure || stopped) return;
    checking = true;
    answerTimer = setTimeout(
      () => fail(`it did not answer within ${answerTimeoutMs} ms`),
      answerTimeoutMs,
    );
    api.ready.then(
      () => {
        clearTimeout(answerTimer);
        checking = false;
        if (running > 0 && !stopped) {
          nextCheck = setTimeout(() => {
            nextCheck = undefined;
            if (running > 0) check();
          }, workerCheckIntervalMs);
        }
      },
      (error: unknown) => fail(String(error)),
    );
  };

  const { signal } = listening;
  worker.addEventListener(
    'error',
    (event) => {
      // Handled here (the calls reject, the element falls back): not an uncaught page error.
      event.preventDefault();
      fail(event.message || 'its script could not load');
    },
    { signal },
  );
  worker.addEventListener('messageerror', () => fail('one of its answers could not be read'), {
    signal,
  });

  return {
    async run<T>(job: WorkerJob<T>): Promise<T> {
      if (failure) throw failure;
      // A stopped worker answers nothing, as one terminated during a call: left to the caller's
      // abort signal (the bridge hands no job to a connection it stopped).
      if (stopped) return new Promise<never>(() => undefined);
      running += 1;
      check();
      try {
        const answer = job(api, send);
        return await new Promise<T>((resolve, reject) => {
          pending.add(reject);
          answer.then(resolve, reject).finally(() => pending.delete(reject));
        });
      } finally {
        running -= 1;
      }
    },
    terminate: stop,
  };
}
