/**
 * Handshake throughput of the fingerprint service beside a plain Node TLS server, in one run.
 *
 *   npm run bench -w packages/fingerprint [-- --seconds 3 --rounds 3 --concurrency 16]
 *
 * Each server runs alone in its own child process (same certificate, same ALPN list); the load
 * generator is this process: fresh TLS 1.3 connections (no resumption) offering h2 and http/1.1,
 * closed as soon as the handshake completes. Phases alternate plain / fingerprint for `rounds`.
 * Printed per server: handshakes per wall-clock second, and handshakes per second of the server
 * process's own CPU time (the client shares this 2-core machine, so the CPU-normalized figure is
 * the one that measures the server). Target: fingerprint/plain ≥ 0.8. A last phase measures
 * signed `GET /` answers per second over HTTP/2 (RSA-4096 signature per answer, the `GET /`
 * budgets off) and the server's event-loop delay meanwhile (p99 and max): signatures run on
 * libuv's thread pool, so the loop stays free for other connections.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect as http2Connect } from 'node:http2';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { connect as tlsConnect, createServer as createTlsServer } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startFingerprintServer } from '../src/server.js';
import { SELF_SIGNED_CERT_FILE, SELF_SIGNED_KEY_FILE } from '../src/lib/keys/tls-certificate.js';

type Kind = 'plain' | 'fingerprint';
type ChildMessage =
  { port: number } | { cpuMicros: number } | { loopP99Ms: number; loopMaxMs: number };

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    'data-dir': { type: 'string' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '16' },
  },
});

if (values.serve) {
  await serve(values.serve as Kind, values['data-dir']!);
} else {
  await main();
}

/** Child side: one server, reporting its port and, on request, its CPU time. */
async function serve(kind: Kind, dataDir: string): Promise<void> {
  let port: number;
  if (kind === 'fingerprint') {
    port = (
      await startFingerprintServer({
        dataDir,
        port: 0,
        requestLimits: { perAddress: 0, perConnection: 0 },
      })
    ).port;
  } else {
    const server = createTlsServer({
      cert: await readFile(join(dataDir, SELF_SIGNED_CERT_FILE), 'utf8'),
      key: await readFile(join(dataDir, SELF_SIGNED_KEY_FILE), 'utf8'),
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    server.on('tlsClientError', () => {});
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  }
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  process.on('message', (message) => {
    if (message === 'loop-reset') return loop.reset();
    if (message === 'loop') {
      process.send?.({ loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 });
      return;
    }
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  });
  process.send?.({ port });
}

async function main(): Promise<void> {
  const seconds = Number(values.seconds);
  const rounds = Number(values.rounds);
  const concurrency = Number(values.concurrency);
  const dataDir = await mkdtemp(join(tmpdir(), 'idv-fp-bench-'));
  // Generates the signing key and the certificate both servers present.
  await (await startFingerprintServer({ dataDir, port: 0 })).close();

  const children = new Map<Kind, { child: ChildProcess; port: number }>();
  for (const kind of ['plain', 'fingerprint'] as const) {
    const child = fork(fileURLToPath(import.meta.url), ['--serve', kind, '--data-dir', dataDir], {
      execArgv: process.execArgv,
    });
    const [message] = (await once(child, 'message')) as [ChildMessage];
    children.set(kind, { child, port: (message as { port: number }).port });
  }
  const cpuOf = async (child: ChildProcess): Promise<number> => {
    child.send('cpu');
    const [message] = (await once(child, 'message')) as [ChildMessage];
    return (message as { cpuMicros: number }).cpuMicros;
  };

  console.log(
    `handshake benchmark: ${rounds} rounds x ${seconds}s per server, concurrency ${concurrency}, ` +
      `load average before ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const totals = new Map<Kind, { handshakes: number; wallSeconds: number; cpuSeconds: number }>();
  for (let round = 1; round <= rounds; round++) {
    for (const kind of ['plain', 'fingerprint'] as const) {
      const { child, port } = children.get(kind)!;
      const cpuBefore = await cpuOf(child);
      const started = process.hrtime.bigint();
      const handshakes = await handshakeLoad(port, seconds * 1000, concurrency);
      const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const cpuSeconds = ((await cpuOf(child)) - cpuBefore) / 1e6;
      const total = totals.get(kind) ?? { handshakes: 0, wallSeconds: 0, cpuSeconds: 0 };
      totals.set(kind, {
        handshakes: total.handshakes + handshakes,
        wallSeconds: total.wallSeconds + wallSeconds,
        cpuSeconds: total.cpuSeconds + cpuSeconds,
      });
      console.log(
        `  round ${round} ${kind.padEnd(11)} ${String(handshakes).padStart(6)} handshakes  ` +
          `${(handshakes / wallSeconds).toFixed(0).padStart(6)}/s wall  ` +
          `${(handshakes / cpuSeconds).toFixed(0).padStart(6)}/s per server CPU-second`,
      );
    }
  }
  const rate = (kind: Kind) => {
    const t = totals.get(kind)!;
    return { wall: t.handshakes / t.wallSeconds, cpu: t.handshakes / t.cpuSeconds };
  };
  const plain = rate('plain');
  const fingerprint = rate('fingerprint');
  console.log(
    `plain Node TLS server:   ${plain.wall.toFixed(0)} handshakes/s wall, ${plain.cpu.toFixed(0)}/s per server CPU-second`,
  );
  console.log(
    `fingerprint service:     ${fingerprint.wall.toFixed(0)} handshakes/s wall, ${fingerprint.cpu.toFixed(0)}/s per server CPU-second`,
  );
  console.log(
    `ratio fingerprint/plain: ${(fingerprint.wall / plain.wall).toFixed(3)} wall, ` +
      `${(fingerprint.cpu / plain.cpu).toFixed(3)} per server CPU-second (target >= 0.8)`,
  );

  const fingerprintChild = children.get('fingerprint')!;
  fingerprintChild.child.send('loop-reset');
  const cpuBefore = await cpuOf(fingerprintChild.child);
  const started = process.hrtime.bigint();
  const answers = await signedAnswerLoad(fingerprintChild.port, seconds * 1000, 8);
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuSeconds = ((await cpuOf(fingerprintChild.child)) - cpuBefore) / 1e6;
  console.log(
    `signed GET / over HTTP/2:  ${(answers / wallSeconds).toFixed(0)} answers/s wall, ` +
      `${(answers / cpuSeconds).toFixed(0)}/s per server CPU-second (RSA-4096 signature each)`,
  );
  fingerprintChild.child.send('loop');
  const [loop] = (await once(fingerprintChild.child, 'message')) as [
    { loopP99Ms: number; loopMaxMs: number },
  ];
  console.log(
    `server event-loop delay during signed GET /: p99 ${loop.loopP99Ms.toFixed(1)} ms, ` +
      `max ${loop.loopMaxMs.toFixed(1)} ms`,
  );
  console.log(
    `load average after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  for (const { child } of children.values()) child.kill();
  await rm(dataDir, { recursive: true, force: true });
}

/** Completed TLS handshakes in `durationMs`, `concurrency` connections in flight. */
function handshakeLoad(port: number, durationMs: number, concurrency: number): Promise<number> {
  return countDuring(durationMs, concurrency, () => ({
    step: () =>
      new Promise<boolean>((resolve) => {
        const socket = connectClient(port, ['h2', 'http/1.1']);
        socket.once('secureConnect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      }),
  }));
}

/** Signed `GET /` answers in `durationMs` over `sessions` HTTP/2 connections, one request each at a time. */
function signedAnswerLoad(port: number, durationMs: number, sessions: number): Promise<number> {
  return countDuring(durationMs, sessions, () => {
    const session = http2Connect(`https://localhost:${port}`, {
      createConnection: () => connectClient(port, ['h2']),
    });
    return {
      step: () =>
        new Promise<boolean>((resolve) => {
          const stream = session.request({ ':path': '/' });
          stream.on('data', () => {});
          stream.on('end', () => resolve(true));
          stream.on('error', () => resolve(false));
          stream.end();
        }),
      end: () => session.close(),
    };
  });
}

/** Runs `concurrency` loops, each repeating its `step` until `durationMs` passed; counts successes. */
async function countDuring(
  durationMs: number,
  concurrency: number,
  start: () => { step: () => Promise<boolean>; end?: () => void },
): Promise<number> {
  const deadline = Date.now() + durationMs;
  let succeeded = 0;
  const loop = async (): Promise<void> => {
    const { step, end } = start();
    while (Date.now() < deadline) if (await step()) succeeded++;
    end?.();
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return succeeded;
}

/** A fresh TLS 1.3 client connection (no session reuse) to the loopback server. */
function connectClient(port: number, alpn: string[]) {
  return tlsConnect({
    host: '127.0.0.1',
    port,
    servername: 'localhost',
    ALPNProtocols: alpn,
    rejectUnauthorized: false,
  });
}
