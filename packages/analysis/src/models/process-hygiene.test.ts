import { describe, expect, it } from 'vitest';

// Nothing of the engine is imported statically: the snapshot must be taken before any engine loads.
const HANDLER_EVENTS = [
  'uncaughtException',
  'uncaughtExceptionMonitor',
  'unhandledRejection',
  'rejectionHandled',
  'warning',
  'beforeExit',
  'exit',
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
] as const;

function processState() {
  return {
    listeners: Object.fromEntries(
      HANDLER_EVENTS.map((event) => [event, (process as NodeJS.EventEmitter).listeners(event)]),
    ),
    globals: Object.getOwnPropertyNames(globalThis).sort(),
    fetch: globalThis.fetch,
    exit: process.exit,
    console: { ...console },
  };
}

describe('process hygiene', () => {
  it('loading and running every engine leaves the process handlers and globals as they were', async () => {
    const before = processState();
    // A handler the host adds while the engines load is the host's: it must stay.
    const hostHandler = (): void => undefined;
    const { createAnalysisEngine } = await import('../engine.js');
    const engine = createAnalysisEngine();
    const warming = engine.warmUp();
    process.on('unhandledRejection', hostHandler);
    await warming;
    try {
      expect(process.listeners('unhandledRejection')).toContain(hostHandler);
      process.removeListener('unhandledRejection', hostHandler);
      const { faceCapture } = await import('../testing/faces.js');
      const spoof = await engine.detectSpoof([await faceCapture(1, { seed: 'hygiene' })]);
      expect(spoof.reason).toBeNull();
      const after = processState();
      expect(after.listeners).toEqual(before.listeners);
      for (const event of HANDLER_EVENTS)
        after.listeners[event]?.forEach((listener, i) =>
          expect(listener).toBe(before.listeners[event]?.[i]),
        );
      // tfjs keeps its one engine (shared by Human and face-api) in two globals; nothing else is added.
      expect(after.globals.filter((name) => !before.globals.includes(name))).toEqual([
        '_tfGlobals',
        '_tfengine',
      ]);
      expect(after.fetch).toBe(before.fetch);
      expect(after.exit).toBe(before.exit);
      expect(after.console).toEqual(before.console);
    } finally {
      process.removeListener('unhandledRejection', hostHandler);
      await engine.close();
    }
  });
});
