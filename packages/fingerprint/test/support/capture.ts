import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

let captures = 0;

/** A running loopback capture of one TCP port by Debian's `dumpcap`. */
export interface Capture {
  /** Stops the capture (by the process we started) and resolves with the pcapng file. */
  stop(): Promise<string>;
}

/**
 * Starts `dumpcap -i lo -f "tcp port PORT"` writing into `dir`; resolves once it is capturing.
 * Prefer {@link captureDuring}, which always stops the capture.
 */
export async function startCapture(port: number, dir: string): Promise<Capture> {
  const file = join(dir, `capture-${port}-${++captures}.pcapng`);
  const child: ChildProcess = spawn(
    'dumpcap',
    ['-q', '-i', 'lo', '-f', `tcp port ${port}`, '-w', file],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dumpcap did not start: ${stderr}`)), 10_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('Capturing on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dumpcap exited (${code}): ${stderr}`));
    });
  });
  // The interface is open; give the kernel filter a moment before traffic starts.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    async stop() {
      // Let the last segments reach the ring buffer before stopping.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      return file;
    },
  };
}

/** Captures the traffic `run` causes on `port`; resolves with `run`'s result and the pcapng file. */
export async function captureDuring<T>(
  port: number,
  dir: string,
  run: () => Promise<T>,
): Promise<{ result: T; pcapFile: string }> {
  const capture = await startCapture(port, dir);
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await capture.stop();
    throw error;
  }
  return { result, pcapFile: await capture.stop() };
}
