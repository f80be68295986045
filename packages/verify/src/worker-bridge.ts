/**
 * The element's side of the capture worker (Squoosh's worker-bridge habit): the worker starts on
 * first use, each job can be aborted, frames are transferred not copied, and the worker is
 * terminated after a quiet period (it restarts on the next job).
 */
import { transfer, wrap, type Remote } from 'comlink';
import { frameTransferables } from './worker/transferables.js';
import type {
  DocumentFrameAnalysis,
  EncodeAnswer,
  FaceFrameAnalysis,
  FrameInput,
} from './worker/types.js';
import type { WorkerApi } from './worker/worker.js';

/** Options of `WorkerBridge`. */
export interface WorkerBridgeOptions {
  /** Script URL of the module worker. */
  url: URL | string;
  /** Terminate after this long without a job (ms, default 10 s). */
  idleMs?: number;
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

/** Lazily started, idle-terminated Comlink bridge to the capture worker. */
export class WorkerBridge {
  private worker: Worker | undefined;
  private remote: Remote<WorkerApi> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private running = 0;
  private readonly idleMs: number;

  constructor(private readonly options: WorkerBridgeOptions) {
    this.idleMs = options.idleMs ?? 10000;
  }

  /** True while a worker is running. */
  get started(): boolean {
    return this.worker !== undefined;
  }

  /** Scores a document frame. The frame is transferred: do not use it afterwards. */
  analyzeDocumentFrame(frame: FrameInput, signal?: AbortSignal): Promise<DocumentFrameAnalysis> {
    return this.run(
      (api) => api.analyzeDocumentFrame(transfer(frame, frameTransferables(frame))),
      signal,
    );
  }

  /** Detects the face of a frame. The frame is transferred. */
  analyzeFaceFrame(frame: FrameInput, signal?: AbortSignal): Promise<FaceFrameAnalysis> {
    return this.run(
      (api) => api.analyzeFaceFrame(transfer(frame, frameTransferables(frame))),
      signal,
    );
  }

  /** Loads the face models ahead of use. */
  prepareFaceDetection(signal?: AbortSignal): Promise<void> {
    return this.run((api) => api.prepareFaceDetection(), signal);
  }

  /**
   * Encodes a frame as a JPEG `Blob`. The frame is transferred: do not use it afterwards. When the
   * worker cannot encode it, rejects with a `FrameEncodeError` that hands the frame back.
   */
  async encodeJpeg(frame: FrameInput, quality = 0.9, signal?: AbortSignal): Promise<Blob> {
    const answer = await this.run<EncodeAnswer>(
      (api) => api.encodeJpeg(transfer(frame, frameTransferables(frame)), quality),
      signal,
    );
    if (!answer.image) throw new FrameEncodeError(answer.reason, answer.frame);
    return new Blob([answer.image.buffer], { type: answer.image.type });
  }

  /** Stops the worker now. */
  terminate(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    this.remote = undefined;
  }

  private async run<T>(
    job: (api: Remote<WorkerApi>) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    signal?.throwIfAborted();
    clearTimeout(this.idleTimer);
    if (!this.remote) {
      this.worker = new Worker(this.options.url, { type: 'module', name: 'idv-verify' });
      this.remote = wrap<WorkerApi>(this.worker);
    }
    this.running += 1;
    try {
      const result = job(this.remote);
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
