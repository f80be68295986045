// The bench's reading of a Chromium trace: the page's main-thread work per analysed frame.
//
// The page notes when each analysed frame's answer arrives (`idv-quality`); between two lies one
// iteration of the capture loop. The main thread's work in that window is the sum of its tasks
// (`ThreadControllerImpl::RunTask`, category `toplevel`, wall time as DevTools' `TaskDuration`
// counts it), a task across a frame's start split there. Everything the main thread did in that window counts: the
// loop, the element's re-render and layout, the page's other work (the bench's own polling too).
// Wall time is what a phone's user feels (CPU throttling stretches it, and so does a machine
// loaded by other jobs); the thread's CPU time (`tdur`) is also given, which other jobs do not
// stretch (nor, it seems, DevTools' throttling: compare the two columns).

/** Trace categories the reading needs (and no more: tracing costs the page a little). */
export const mainThreadCategories = ['-*', 'toplevel', 'blink.user_timing'];

const sorted = (values) => [...values].sort((a, b) => a - b);

/**
 * Median, mean and 90th percentile (ms) of the main thread's work per window between consecutive
 * analysed frames, wall time, and the same of its CPU time in `cpu` (undefined without two frames).
 * `frameTimes` are the page's `performance.now()` at each frame; `clockMark` names a mark the page
 * made at `clockAt` (its `startTime`), which places the page's clock on the trace's.
 * @param {Array<{name: string, cat: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number}>} traceEvents
 * @param {string} clockMark
 * @param {number} clockAt
 * @param {number[]} frameTimes
 */
export function mainThreadPerFrame(traceEvents, clockMark, clockAt, frameTimes) {
  const mark = traceEvents.find((e) => e.cat === 'blink.user_timing' && e.name === clockMark);
  if (!mark || frameTimes.length < 2) return undefined;
  // The mark is made on the page's main thread: its tasks are those of that thread.
  const { pid, tid } = mark;
  const times = sorted(frameTimes.map((at) => mark.ts + (at - clockAt) * 1000));
  // Top-level tasks only (a nested run loop's tasks lie inside their parent's).
  const tasks = [];
  for (const e of traceEvents
    .filter(
      (e) =>
        e.name === 'ThreadControllerImpl::RunTask' &&
        e.ph === 'X' &&
        e.pid === pid &&
        e.tid === tid,
    )
    .sort((a, b) => a.ts - b.ts)) {
    const last = tasks.at(-1);
    if (last && e.ts < last.end) continue;
    tasks.push({ start: e.ts, end: e.ts + (e.dur ?? 0), cpu: e.tdur ?? 0 });
  }
  const wall = [];
  const cpu = [];
  for (let i = 0; i + 1 < times.length; i += 1) {
    const from = times[i];
    const to = times[i + 1];
    let busy = 0;
    let busyCpu = 0;
    for (const task of tasks) {
      const overlap = Math.min(task.end, to) - Math.max(task.start, from);
      if (overlap <= 0) continue;
      busy += overlap;
      // A task across a frame's start: its CPU time shared in proportion to its wall time.
      busyCpu += task.end > task.start ? (task.cpu * overlap) / (task.end - task.start) : 0;
    }
    wall.push(busy / 1000);
    cpu.push(busyCpu / 1000);
  }
  return { ...stats(wall), cpu: stats(cpu) };
}

/** Median, mean, 90th percentile and count of `values`. */
function stats(values) {
  const ordered = sorted(values);
  return {
    median: ordered[Math.floor(ordered.length / 2)],
    mean: ordered.reduce((sum, v) => sum + v, 0) / ordered.length,
    p90: ordered[Math.floor(ordered.length * 0.9)],
    count: ordered.length,
  };
}
