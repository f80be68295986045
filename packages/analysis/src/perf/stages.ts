/**
 * Per-stage timing of the analyses (decode, outline, OCR, barcodes, face models…), collected only
 * while a recorder is installed: the bench installs one to show where a call's time goes. Without
 * a recorder a stage costs one branch.
 */

/** Receives the wall and CPU time (all threads of the process) of each finished stage. */
export type StageRecorder = (stage: string, wallMs: number, cpuMs: number) => void;

let recorder: StageRecorder | undefined;

/** Installs (or, with `undefined`, removes) the process-wide stage recorder. */
export function recordStages(next: StageRecorder | undefined): void {
  recorder = next;
}

/** Runs `work` as the stage `name`, timed when a recorder is installed. */
export async function stage<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const sink = recorder;
  if (!sink) return work();
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  try {
    return await work();
  } finally {
    const cpu = process.cpuUsage(cpuStart);
    sink(name, performance.now() - wallStart, (cpu.user + cpu.system) / 1000);
  }
}
