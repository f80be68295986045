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
 */
import { transfer, wrap, type Remote } from 'comlink';
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
  /** Stops the worker (not a failure: its pending calls are left to their abort signals). */
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
  let failure: Error | undefined;
  let rejectAll: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (rejectAll = reject));
  failed.catch(() => undefined);
  let running = 0;
  let checking = false;
  let answerTimer: ReturnType<typeof setTimeout> | undefined;
  let nextCheck: ReturnType<typeof setTimeout> | undefined;

  const stop = (): void => {
    clearTimeout(answerTimer);
    clearTimeout(nextCheck);
    worker.terminate();
  };
  const fail = (reason: string): void => {
    if (failure) return;
    failure = new Error(`The capture worker failed: ${reason}.`);
    stop();
    rejectAll(failure);
    onFailure(failure);
  };
  const check = (): void => {
    // One check at a time, and none while the next is already planned: a job that starts just
    // after a check does not send another (the loops start one job per frame).
    if (checking || nextCheck !== undefined || failure) return;
    checking = true;
    answerTimer = setTimeout(
      () => fail(`it did not answer within ${answerTimeoutMs} ms`),
      answerTimeoutMs,
    );
    api.ready.then(
      () => {
        clearTimeout(answerTimer);
        checking = false;
        if (running > 0) {
          nextCheck = setTimeout(() => {
            nextCheck = undefined;
            if (running > 0) check();
          }, workerCheckIntervalMs);
        }
      },
      (error: unknown) => fail(String(error)),
    );
  };

  worker.addEventListener('error', (event) => {
    // Handled here (the calls reject, the element falls back): not an uncaught page error.
    event.preventDefault();
    fail(event.message || 'its script could not load');
  });
  worker.addEventListener('messageerror', () => fail('one of its answers could not be read'));

  return {
    async run(job) {
      if (failure) throw failure;
      running += 1;
      check();
      try {
        return await Promise.race([job(api, send), failed]);
      } finally {
        running -= 1;
      }
    },
    terminate: stop,
  };
}
