/**
 * The element's side of the capture worker (Squoosh's worker-bridge habit): the worker starts on
 * first use, each job can be aborted, frames are transferred not copied, and the worker is
 * terminated after a quiet period (it restarts on the next job). A worker that fails (it cannot
 * load, it dies, it stops answering) fails the bridge for good: every pending and later job
 * rejects, so the caller's fallbacks run. Comlink and the watch over the worker are a lazy chunk
 * (`worker-connection.ts`), loaded with the first job.
 */
import type { WorkerConnection, WorkerJob } from './worker-connection.js';
import type {
  AnalysisInput,
  DocumentFrameAnalysis,
  EncodeAnswer,
  FaceFrameAnalysis,
  FaceFrameOptions,
  FrameInput,
} from '../../worker/types.js';

/** Options of `WorkerBridge`. */
export interface WorkerBridgeOptions {
  /** Script URL of the module worker. */
  url: URL | string;
  /** Terminate after this long without a job (ms, default 10 s). */
  idleMs?: number;
  /** How long the worker has to answer a liveness check (ms, default `workerAnswerTimeoutMs`). */
  answerTimeoutMs?: number | undefined;
  /** Hears the failure that failed the bridge, once. */
  onFailure?: (error: Error) => void;
}

/**
 * The worker took a frame to encode and could not: it handed the frame back in `frame` (the same
 * pixels, the caller's again), so the caller can encode it another way.
 */
export class FrameEncodeError extends Error {
  override readonly name = 'FrameEncodeError';

  constructor(
    message: string,
    /** The frame sent, handed back by the worker. */
    readonly frame: FrameInput,
  ) {
    super(message);
  }
}

/**
 * The frame to encode some other way after `encodeJpeg` rejected with `error`: the one the worker
 * handed back, or else `sent` itself, which is still the caller's when the worker never took it
 * (it could not start). A frame lost with the worker (aborted, crashed) comes back closed (0×0).
 */
export function frameAfterFailedEncode<T extends FrameInput>(error: unknown, sent: T): T {
  return error instanceof FrameEncodeError ? (error.frame as T) : sent;
}

/** Lazily started, idle-terminated bridge to the capture worker; failed for good once it fails. */
export class WorkerBridge {
  private connection: Promise<WorkerConnection> | undefined;
  /** The worker (its connection) that has loaded the face models, if any. */
  private faceModelsIn: Promise<WorkerConnection> | undefined;
  private failure: Error | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private running = 0;
  private readonly idleMs: number;

  constructor(private readonly options: WorkerBridgeOptions) {
    this.idleMs = options.idleMs ?? 10000;
  }

  /** True while a worker is running. */
  get started(): boolean {
    return this.connection !== undefined;
  }

  /**
   * Scores a document frame. The frame is transferred: do not use it afterwards. A `VideoFrame` is
   * scaled to the analysis size in the worker.
   */
  analyzeDocumentFrame(frame: AnalysisInput, signal?: AbortSignal): Promise<DocumentFrameAnalysis> {
    return this.run((api, send) => api.analyzeDocumentFrame(send(frame)), signal);
  }

  /** Detects the face of a frame. The frame is transferred (a `VideoFrame` too, as above). */
  analyzeFaceFrame(
    frame: AnalysisInput,
    signal?: AbortSignal,
    options: FaceFrameOptions = {},
  ): Promise<FaceFrameAnalysis> {
    return this.run((api, send) => api.analyzeFaceFrame(send(frame), options), signal);
  }

  /**
   * True once the running worker has loaded the face models (`prepareFaceDetection` answered);
   * false again when that worker stops (idle, `terminate`), as its models go with it.
   */
  get faceDetectionReady(): boolean {
    return this.connection !== undefined && this.faceModelsIn === this.connection;
  }

  /** Loads the face models ahead of use (at once when `faceDetectionReady`). */
  async prepareFaceDetection(signal?: AbortSignal): Promise<void> {
    if (this.faceDetectionReady) return;
    const loading = this.run((api) => api.prepareFaceDetection(), signal);
    // The worker that loads them (`run` has started it): it may stop before they are loaded.
    const loadingIn = this.connection;
    await loading;
    if (loadingIn === this.connection) this.faceModelsIn = loadingIn;
  }

  /**
   * Encodes a frame as a JPEG `Blob`. The frame is transferred: do not use it afterwards. When the
   * worker cannot encode it, rejects with a `FrameEncodeError` that hands the frame back.
   */
  async encodeJpeg(frame: FrameInput, quality = 0.9, signal?: AbortSignal): Promise<Blob> {
    const answer = await this.run<EncodeAnswer>(
      (api, send) => api.encodeJpeg(send(frame), quality),
      signal,
    );
    if (!answer.image) throw new FrameEncodeError(answer.reason, answer.frame);
    return new Blob([answer.image.buffer], { type: answer.image.type });
  }

  /** Stops the worker now (a failed bridge stays failed). */
  terminate(): void {
    clearTimeout(this.idleTimer);
    void this.connection?.then(
      (connection) => connection.terminate(),
      () => undefined,
    );
    this.connection = this.faceModelsIn = undefined;
  }

  /** Fails the bridge for good and tells `onFailure`, once. */
  private failed(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.options.onFailure?.(error);
  }

  private async run<T>(job: WorkerJob<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.failure) throw this.failure;
    clearTimeout(this.idleTimer);
    this.connection ??= import('./worker-connection.js').then(
      (lazy) =>
        lazy.connectWorker(
          this.options.url,
          (error) => this.failed(error),
          this.options.answerTimeoutMs,
        ),
      (error: Error) => {
        this.failed(error);
        throw error;
      },
    );
    this.running += 1;
    try {
      const result = (await this.connection).run(job);
      if (!signal) return await result;
      return await new Promise<T>((resolve, reject) => {
        const onAbort = (): void => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    } finally {
      this.running -= 1;
      if (this.running === 0) {
        this.idleTimer = setTimeout(() => this.terminate(), this.idleMs);
      }
    }
  }
}
