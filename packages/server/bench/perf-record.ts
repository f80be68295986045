/**
 * `perf record` of the benchmark server, for `bench/profile.ts` with `BENCH_PROFILER=perf`.
 *
 * `--cpu-prof` samples wall time: a sample taken while the process waits in the kernel (a
 * `writev` to a loopback socket that wakes the receiver, on a busy machine the scheduler running
 * someone else) is charged to the function that made the call, so socket writes looked like a
 * third of the server's time. `perf record -e cpu-clock` counts only time on a CPU, kernel work
 * included (the loopback TCP send runs in the sender's system call), with JavaScript frames named
 * through `node --perf-basic-prof-only-functions`.
 */
import { spawn, spawnSync } from 'node:child_process';

/** Node options the server needs so that `perf report` names its JavaScript functions. */
export const PERF_NODE_OPTIONS = ['--perf-basic-prof-only-functions'];

/** A running `perf record`. */
export interface PerfRecording {
  /** Stops recording (SIGINT, as perf expects) and answers once the data file is written. */
  stop(): Promise<void>;
}

/** Starts `perf record -e cpu-clock -g` of process `pid` into `file`; throws when perf is missing. */
export async function recordPerf(pid: number, file: string): Promise<PerfRecording> {
  const perf = spawn(
    'perf',
    ['record', '-e', 'cpu-clock', '-F', '999', '-g', '-o', file, '-p', `${pid}`],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve, reject) => {
    perf.once('error', reject);
    perf.once('exit', () => resolve());
  });
  // perf needs a moment to attach before the load starts.
  await Promise.race([new Promise((resolve) => setTimeout(resolve, 300)), exited]);
  if (perf.exitCode !== null) throw new Error(`perf record exited with ${perf.exitCode}`);
  return {
    async stop() {
      perf.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * The functions with the most time inclusive of their callees (`perf report --children`):
 * JavaScript frames (`JS:`), the socket system calls and the compiler and collector threads.
 */
export function perfSummary(file: string, count = 60): string {
  const report = spawnSync(
    'perf',
    ['report', '-i', file, '--children', '--sort', 'sym', '-g', 'none', '--percent-limit', '0.5'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (report.status !== 0) throw new Error(`perf report failed: ${report.stderr}`);
  return report.stdout
    .split('\n')
    .filter((line) => /%/.test(line) && !line.startsWith('#'))
    .filter((line) => /JS:|writev|read$|Compile|GC|Scavenge|sha256|llhttp/.test(line))
    .slice(0, count)
    .join('\n');
}
