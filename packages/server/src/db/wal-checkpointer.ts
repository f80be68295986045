import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Outcome of one checkpoint, as `PRAGMA wal_checkpoint` reports it. */
interface CheckpointResult {
  ok: boolean;
  busy?: number;
  log?: number;
  checkpointed?: number;
  error?: string;
}

/**
 * The checkpointing thread: its own better-sqlite3 connection to the database file, running a
 * PASSIVE checkpoint (never waits for, nor blocks, readers and writers) on each message.
 * CommonJS because an `eval` worker is one; the driver's path comes from the main thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 10000 });
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, ...row });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error && error.message ? error.message : error) });
  }
});
`;

/** Settings of the checkpointer. */
export interface WalCheckpointerOptions {
  /** A checkpoint runs once the write-ahead log holds this much (bytes) not yet checkpointed. */
  thresholdBytes?: number;
  /** How often the log's size is looked at, ms. */
  intervalMs?: number;
  /** Receives the errors of a checkpoint (the next one is tried at the next look). */
  onError?: (error: Error) => void;
}

/**
 * Checkpoints a SQLite database's write-ahead log in a worker thread. SQLite's automatic
 * checkpoint runs inside the commit that crosses its threshold, on the committing (here: the
 * only, event-loop) connection: copying thousands of pages and an fsync stalled every request
 * for up to ~150 ms and took two thirds of the commit time of link creation. The connection of
 * the server then keeps only a far larger automatic threshold, as a backstop.
 *
 * The worker starts at the first checkpoint needed (most databases, e.g. of tests, never grow
 * that much) and is ended by `close()`, before the main connection closes (whose close, being
 * the last, folds the rest of the log in).
 */
export class WalCheckpointer {
  readonly #walFile: string;
  readonly #thresholdBytes: number;
  readonly #onError: (error: Error) => void;
  readonly #timer: NodeJS.Timeout;
  #worker: Worker | undefined;
  #pending: ((result: CheckpointResult) => void) | undefined;
  /** Modification time of the log when a checkpoint last copied all of it. */
  #settledAt = -1;
  #closed = false;

  constructor(
    private readonly file: string,
    options: WalCheckpointerOptions = {},
  ) {
    this.#walFile = `${file}-wal`;
    this.#thresholdBytes = options.thresholdBytes ?? 4 * 1024 * 1024;
    this.#onError = options.onError ?? (() => undefined);
    this.#timer = setInterval(() => void this.#look(), options.intervalMs ?? 200);
    this.#timer.unref();
  }

  /** Looks at the log and checkpoints it when it is due (and no checkpoint is under way). */
  async #look(): Promise<void> {
    if (this.#closed || this.#pending !== undefined) return;
    let size: number;
    let modified: number;
    try {
      const stat = statSync(this.#walFile);
      size = stat.size;
      modified = stat.mtimeMs;
    } catch {
      return; // no log (yet, or any more)
    }
    if (size < this.#thresholdBytes || modified === this.#settledAt) return;
    const result = await this.checkpoint();
    if (!result.ok) this.#onError(new Error(`WAL checkpoint failed: ${result.error}`));
    else if (result.log === result.checkpointed) this.#settledAt = modified;
  }

  /** Runs one PASSIVE checkpoint in the worker (started on first use). */
  checkpoint(): Promise<CheckpointResult> {
    if (this.#closed) return Promise.resolve({ ok: false, error: 'closed' });
    const worker = (this.#worker ??= this.#start());
    return new Promise((resolve) => {
      this.#pending = (result) => {
        this.#pending = undefined;
        resolve(result);
      };
      worker.postMessage('checkpoint');
    });
  }

  #start(): Worker {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, file: this.file },
    });
    worker.unref();
    worker.on('message', (result: CheckpointResult) => this.#pending?.(result));
    worker.on('error', (error) => {
      this.#pending?.({ ok: false, error: error.message });
      this.#worker = undefined;
      this.#onError(error);
    });
    worker.on('exit', () => {
      this.#pending?.({ ok: false, error: 'checkpoint worker exited' });
      this.#worker = undefined;
    });
    return worker;
  }

  /** Stops looking and ends the worker (its connection closed first). */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    const worker = this.#worker;
    if (worker === undefined) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    await exited;
  }
}
