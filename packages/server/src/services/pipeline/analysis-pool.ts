import {
  AnalysisServiceError,
  createAnalysisClient,
  type AnalysisEngine,
  type AnalysisService,
} from '@idv/analysis';

/** How often each worker's `GET /health` is asked, ms. */
export const POOL_HEALTH_INTERVAL_MS = 2_000;
/** Time limit of one health check, ms. */
const HEALTH_TIMEOUT_MS = 1_000;
/** How long a call waits, in all, for a worker while every live one answers "busy" (503), ms. */
export const POOL_BUSY_WAIT_MS = 30_000;

/** Options of {@link AnalysisPool}. */
export interface AnalysisPoolOptions {
  /** Base addresses of the `idv-analysis` processes (each serves `/id`, `/face`, `/antispoofing`, `/health`). */
  urls: string[];
  /** `Api-Key` of each service (the same on every worker). */
  keys: Record<AnalysisService, string>;
  /** Time limit of one analysis call, ms (default 60 s, the client's). */
  timeoutMs?: number;
  /** Health check period, ms (default {@link POOL_HEALTH_INTERVAL_MS}). */
  healthIntervalMs?: number;
  /** Longest wait while every live worker is busy, ms (default {@link POOL_BUSY_WAIT_MS}). */
  busyWaitMs?: number;
}

/** One worker of the pool as the pool tracks it. */
interface Member {
  url: string;
  engine: AnalysisEngine;
  /** Calls of this process in flight on it: the "busy" of the least-busy choice. */
  inFlight: number;
  /** Last health verdict (a failed call also marks it down until a check answers again). */
  healthy: boolean;
}

/**
 * What a failed call says of its worker: `busy` (503: every analysis slot of that process taken;
 * it is alive), `failed` (unreachable, cut off mid-request, timed out, or another 5xx), or
 * `input` (the input or the key was refused: 4xx, the same answer on every worker).
 */
function verdict(error: unknown): 'busy' | 'failed' | 'input' {
  if (!(error instanceof AnalysisServiceError)) return 'input';
  if (error.status === 503) return 'busy';
  return error.status === 0 || error.status >= 500 ? 'failed' : 'input';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A pool of remote `idv-analysis` processes behind the one {@link AnalysisEngine} the pipeline
 * calls. Each call goes to the healthy worker with the fewest calls of this process in flight
 * (ties: the next in turn). A call whose worker fails (unreachable, killed mid-request, timed
 * out, 5xx) is sent again to each other worker in turn before the failure reaches the capture
 * (a 503 then): the analyses are pure functions of their images, so sending one twice is safe.
 * A worker that answers "busy" (503: its own concurrency limit) stays healthy; when every live
 * worker is busy the call waits (100 ms, doubling to 1 s) and tries again, for `busyWaitMs` in
 * all: the server's capture slots already bound how many calls wait.
 * Every worker's `GET /health` is checked every `healthIntervalMs`; a worker that fails a call or
 * a check gets no call until a check answers again (when every worker is down, all are tried).
 * Cloud-services keys: a worker takes a call's slot before it asks the key, so a "busy" answer
 * is not counted and a call retried after it counts once; a call retried because its worker
 * failed mid-call (after the key was counted there) counts on both workers.
 */
export class AnalysisPool implements AnalysisEngine {
  readonly #members: Member[];
  readonly #timer: NodeJS.Timeout;
  readonly #busyWaitMs: number;
  #turn = 0;
  #closed = false;

  constructor(options: AnalysisPoolOptions) {
    if (options.urls.length === 0) throw new Error('an analysis pool needs at least one address');
    this.#members = options.urls.map((url) => {
      const base = url.replace(/\/+$/, '');
      return {
        url: base,
        engine: createAnalysisClient({
          idUrl: `${base}/id`,
          faceUrl: `${base}/face`,
          antispoofingUrl: `${base}/antispoofing`,
          keys: options.keys,
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        }),
        inFlight: 0,
        healthy: true,
      };
    });
    this.#timer = setInterval(
      () => void this.checkHealth(),
      options.healthIntervalMs ?? POOL_HEALTH_INTERVAL_MS,
    );
    this.#timer.unref();
    this.#busyWaitMs = options.busyWaitMs ?? POOL_BUSY_WAIT_MS;
  }

  /** Each worker's address, health and calls in flight (for logs and tests). */
  get members(): { url: string; healthy: boolean; inFlight: number }[] {
    return this.#members.map(({ url, healthy, inFlight }) => ({ url, healthy, inFlight }));
  }

  /** Asks every worker's `/health` now and records the answers. */
  async checkHealth(): Promise<void> {
    await Promise.all(
      this.#members.map(async (member) => {
        try {
          const response = await fetch(`${member.url}/health`, {
            signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
          });
          await response.body?.cancel();
          member.healthy = response.ok;
        } catch {
          member.healthy = false;
        }
      }),
    );
  }

  /** The workers in the order a call tries them: healthy least-busy first, then the others. */
  #order(): Member[] {
    const start = this.#turn++ % this.#members.length;
    const rotated = [...this.#members.slice(start), ...this.#members.slice(0, start)];
    const rank = (member: Member) => (member.healthy ? 0 : 1_000_000) + member.inFlight;
    // A stable sort: among equals the turn decides, so idle workers share the calls.
    return rotated.sort((a, b) => rank(a) - rank(b));
  }

  async #call<T>(run: (engine: AnalysisEngine) => Promise<T>): Promise<T> {
    const started = Date.now();
    let lastError: unknown;
    for (let round = 0; ; round += 1) {
      if (this.#closed) throw new AnalysisServiceError(0, 'The analysis pool is closed.');
      let busy = false;
      for (const member of this.#order()) {
        member.inFlight += 1;
        try {
          const result = await run(member.engine);
          member.healthy = true;
          return result;
        } catch (error) {
          const said = verdict(error);
          if (said === 'input') throw error;
          if (said === 'busy') busy = true;
          else member.healthy = false;
          lastError = error;
        } finally {
          member.inFlight -= 1;
        }
      }
      if (!busy || Date.now() - started >= this.#busyWaitMs) throw lastError;
      await sleep(Math.min(1000, 100 * 2 ** round));
    }
  }

  analyzeFront: AnalysisEngine['analyzeFront'] = (image) =>
    this.#call((engine) => engine.analyzeFront(image));

  analyzeBack: AnalysisEngine['analyzeBack'] = (image, front) =>
    this.#call((engine) => engine.analyzeBack(image, front));

  compareFaces: AnalysisEngine['compareFaces'] = (images) =>
    this.#call((engine) => engine.compareFaces(images));

  detectSpoof: AnalysisEngine['detectSpoof'] = (frames, signals) =>
    this.#call((engine) => engine.detectSpoof(frames, signals));

  /** Stops the health checks. */
  close(): void {
    this.#closed = true;
    clearInterval(this.#timer);
  }
}
