import { createRequire } from 'node:module';

/**
 * Keeps the engines from changing the host process. Emscripten builds (OpenCV.js, the tfjs wasm
 * backend) register process-wide `uncaughtException` and `unhandledRejection` handlers when they
 * start: OpenCV's aborts the OpenCV runtime and throws on any unhandled rejection of the process,
 * tfjs's rethrows; inside the verification server they would run before (and instead of) the
 * server's own handlers. tesseract.js leaves a `regeneratorRuntime` global behind.
 *
 * While an engine loads, every listener that the engine's own files add to `process` is taken off
 * again (a registration is attributed to the engine by its call stack, so a listener the host adds
 * at the same time stays); globals are checked around the synchronous `require` of each engine.
 */

const require = createRequire(import.meta.url);

/** Origins of the engines being loaded right now (a stack frame in a matching file). */
const loading = new Map<RegExp, number>();
/** Listeners registered by a loading engine, not yet taken off. */
const strays = new Set<{ event: string | symbol; listener: (...args: unknown[]) => void }>();

function callStack(): string {
  const holder: { stack?: string } = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  Error.captureStackTrace(holder, onNewListener);
  Error.stackTraceLimit = limit;
  return holder.stack ?? '';
}

function takeOff(stray: { event: string | symbol; listener: (...args: unknown[]) => void }): void {
  if (!strays.delete(stray)) return;
  process.removeListener(stray.event, stray.listener);
}

// 'newListener' fires before the listener is added: it is taken off once the engine's
// synchronous start-up code has run (a microtask later), or when its load ends at the latest.
function onNewListener(event: string | symbol, listener: (...args: unknown[]) => void): void {
  if (event === 'newListener' || event === 'removeListener') return;
  const stack = callStack();
  if (![...loading.keys()].some((origin) => origin.test(stack))) return;
  const stray = { event, listener };
  strays.add(stray);
  queueMicrotask(() => takeOff(stray));
}

/**
 * Runs an engine's `load` so that no listener registered on `process` by a file matching `origin`
 * (the engine's package path) outlives it. Loads may overlap; each origin is watched until its
 * own load settles.
 */
export async function loadWithoutProcessHooks<T>(
  origin: RegExp,
  load: () => Promise<T>,
): Promise<T> {
  if (loading.size === 0) process.on('newListener', onNewListener);
  loading.set(origin, (loading.get(origin) ?? 0) + 1);
  try {
    return await load();
  } finally {
    const left = (loading.get(origin) ?? 1) - 1;
    if (left > 0) loading.set(origin, left);
    else loading.delete(origin);
    for (const stray of [...strays]) takeOff(stray);
    if (loading.size === 0) process.removeListener('newListener', onNewListener);
  }
}

/**
 * `require(id)`, then deletes the globals the module defined while loading, except `keep` (globals
 * an engine needs later, such as tfjs's shared engine registry). The require is synchronous, so
 * only the module's own globals can appear in between.
 */
export function requireWithoutGlobals<T>(id: string, keep: readonly string[] = []): T {
  const before = new Set(Object.getOwnPropertyNames(globalThis));
  const loaded = require(id) as T;
  for (const name of Object.getOwnPropertyNames(globalThis))
    if (!before.has(name) && !keep.includes(name)) Reflect.deleteProperty(globalThis, name);
  return loaded;
}
