/**
 * The element's side of the capture worker (Squoosh's worker-bridge habit): the worker starts on
 * first use, each job can be aborted, frames are transferred not copied, and the worker is
 * terminated after a quiet period (it restarts on the next job).
 */
import { transfer, wrap, type Remote } from 'comlink';
import type {
  DocumentFrameAnalysis,
  EncodedImage,
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

function transferablesOf(frame: FrameInput): Transferable[] {
  return 'data' in frame ? [frame.data.buffer as ArrayBuffer] : [frame];
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
      (api) => api.analyzeDocumentFrame(transfer(frame, transferablesOf(frame))),
      signal,
    );
  }

  /** Detects the face of a frame. The frame is transferred. */
  analyzeFaceFrame(frame: FrameInput, signal?: AbortSignal): Promise<FaceFrameAnalysis> {
    return this.run((api) => api.analyzeFaceFrame(transfer(frame, transferablesOf(frame))), signal);
  }

  /** Loads the face models ahead of use. */
  prepareFaceDetection(signal?: AbortSignal): Promise<void> {
    return this.run((api) => api.prepareFaceDetection(), signal);
  }

  /** Encodes a frame as a JPEG `Blob`. The frame is transferred. */
  async encodeJpeg(frame: FrameInput, quality = 0.9, signal?: AbortSignal): Promise<Blob> {
    const image: EncodedImage = await this.run(
      (api) => api.encodeJpeg(transfer(frame, transferablesOf(frame)), quality),
      signal,
    );
    return new Blob([image.buffer], { type: image.type });
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
