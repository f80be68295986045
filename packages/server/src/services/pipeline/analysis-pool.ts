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

/** Whether a failed call may be sent again to another worker: the worker, not the input, failed. */
function workerFailed(error: unknown): boolean {
  if (!(error instanceof AnalysisServiceError)) return false;
  // 0: unreachable, connection cut mid-request, or timed out; 5xx: crashed, busy (503) or broken.
  // 401/429 are the key's answers, the same on every worker.
  return error.status === 0 || error.status >= 500;
}

/**
 * A pool of remote `idv-analysis` processes behind the one {@link AnalysisEngine} the pipeline
 * calls. Each call goes to the healthy worker with the fewest calls of this process in flight
 * (ties: the next in turn). A call whose worker fails (unreachable, killed mid-request, timed
 * out, 5xx) is sent again to each other worker in turn before the failure reaches the capture
 * (a 503 then): the analyses are pure functions of their images, so sending one twice is safe.
 * Every worker's `GET /health` is checked every `healthIntervalMs`; a worker that fails a call or
 * a check gets no call until a check answers again (when every worker is down, all are tried).
 * Cloud-services keys count each call a worker authorizes, so a retried call counts twice.
 */
export class AnalysisPool implements AnalysisEngine {
  readonly #members: Member[];
  readonly #timer: NodeJS.Timeout;
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
    if (this.#closed) throw new AnalysisServiceError(0, 'The analysis pool is closed.');
    let lastError: unknown;
    for (const member of this.#order()) {
      member.inFlight += 1;
      try {
        const result = await run(member.engine);
        member.healthy = true;
        return result;
      } catch (error) {
        if (!workerFailed(error)) throw error;
        member.healthy = false;
        lastError = error;
      } finally {
        member.inFlight -= 1;
      }
    }
    throw lastError;
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
