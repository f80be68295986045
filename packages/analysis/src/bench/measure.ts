import { loadavg } from 'node:os';
import { loadTfjs } from '../models/tfjs.js';
import { quantile } from './face-pairs.js';

/** Wall and CPU time (every thread of the process: onnxruntime, libvips, wasm) of timed calls. */
export class CallTimes {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];

  /** Runs `work`, recording its wall and CPU milliseconds. */
  async time<T>(work: () => Promise<T>): Promise<T> {
    const wallStart = performance.now();
    const cpuStart = process.cpuUsage();
    const result = await work();
    const cpu = process.cpuUsage(cpuStart);
    this.wall.push(performance.now() - wallStart);
    this.cpu.push((cpu.user + cpu.system) / 1000);
    return result;
  }

  /** `wall median … p95 … | CPU median … p95 …` */
  summary(): string {
    return `wall ${medianP95(this.wall)} | CPU ${medianP95(this.cpu)} (n=${this.wall.length})`;
  }
}

/** `median X ms, p95 Y ms` of a list of milliseconds. */
export function medianP95(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5).toFixed(0).padStart(5);
  const p95 = quantile(sorted, 0.95).toFixed(0).padStart(5);
  return `median ${median} ms, p95 ${p95} ms`;
}

/** Per-stage wall and CPU time, fed by the analyses' stage recorder. */
export class StageTimes {
  private readonly stages = new Map<string, { wall: number[]; cpu: number[] }>();

  /** A `StageRecorder` that adds to these figures. */
  readonly record = (stage: string, wallMs: number, cpuMs: number): void => {
    let entry = this.stages.get(stage);
    if (!entry) this.stages.set(stage, (entry = { wall: [], cpu: [] }));
    entry.wall.push(wallMs);
    entry.cpu.push(cpuMs);
  };

  /** One line per stage: calls, wall median/p95/mean, CPU median, in the order first seen. */
  lines(): string[] {
    const width = Math.max(...[...this.stages.keys()].map((k) => k.length));
    return [...this.stages].map(([stage, { wall, cpu }]) => {
      const mean = wall.reduce((s, v) => s + v, 0) / wall.length;
      const cpuSorted = [...cpu].sort((a, b) => a - b);
      return `${stage.padEnd(width)}  n=${String(wall.length).padStart(4)}  wall ${medianP95(wall)}, mean ${mean.toFixed(0).padStart(4)} ms | CPU median ${quantile(cpuSorted, 0.5).toFixed(0).padStart(4)} ms`;
    });
  }
}

/** The 1/5/15-minute load averages, two decimals. */
export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/**
 * RSS, V8 heap, external/array-buffer memory (wasm heaps and native buffers) and live tfjs tensors,
 * after a full garbage collection when the bench runs with `--expose-gc`.
 */
export async function memorySnapshot(label: string): Promise<string> {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  const tf = await loadTfjs();
  const tensors = tf.memory();
  const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0).padStart(5)} MB`;
  return `${label.padEnd(26)} rss ${mb(usage.rss)}  heap ${mb(usage.heapUsed)}  external ${mb(usage.external)}  arrayBuffers ${mb(usage.arrayBuffers)}  tensors ${String(tensors.numTensors).padStart(4)} (${mb(tensors.numBytes)})`;
}
