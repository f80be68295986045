import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { deferredRequestLogger } from './request-logger.js';

/** A Fastify app logging at `level` into an array of parsed lines, with one route that logs. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream, redact: { paths: ['secret'], censor: '[redacted]' } },
  });
  app.setChildLoggerFactory(deferredRequestLogger);
  app.get('/log', async (request) => {
    request.log.debug({ step: 'debug' }, 'debug line');
    request.log.info({ step: 'info' }, 'info line');
    request.log.error({ step: 'error', secret: 'hunter2' }, 'error line');
    const child = request.log.child({ part: 'inner' });
    child.warn('inner line');
    return { level: request.log.level };
  });
  await app.ready();
  return { app, lines };
}

describe('deferred request logger', () => {
  it('writes the lines of enabled levels with the request id and redaction, and skips the rest', async () => {
    const { app, lines } = await appLoggingAt('warn');
    const response = await app.inject({ method: 'GET', url: '/log' });
    expect(response.json()).toEqual({ level: 'warn' });
    const reqId = lines.find((line) => line.msg === 'error line')?.reqId;
    expect(typeof reqId).toBe('string');
    expect(lines.map((line) => line.msg)).toEqual(['error line', 'inner line']);
    expect(lines[0]).toMatchObject({ level: 50, step: 'error', secret: '[redacted]', reqId });
    expect(lines[1]).toMatchObject({ level: 40, part: 'inner', reqId });
    await app.close();
  });

  it('at info, writes Fastify request lines and the route lines, all with the same request id', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/log' });
    const messages = lines.map((line) => line.msg);
    expect(messages).toEqual([
      'incoming request',
      'info line',
      'error line',
      'inner line',
      'request completed',
    ]);
    const ids = new Set(lines.map((line) => line.reqId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
    await app.close();
  });
});
