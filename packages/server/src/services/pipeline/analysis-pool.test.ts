import { createServer } from 'node:net';
import type { FrontAnalysis } from '@idv/analysis';
import { generateIdentity, renderDocument } from '@idv/analysis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnalysisProcess, type AnalysisProcess } from '../../testing/analysis-processes.js';
import { TEST_DATABASE_URL } from '../../testing/harness.js';
import { AnalysisPool } from './analysis-pool.js';

const API_KEY = 'pool-test-key';
const keys = { id: API_KEY, face: API_KEY, antispoofing: API_KEY };
/** What a call must answer: the document read as the reference call read it. */
const same = (result: FrontAnalysis, reference: FrontAnalysis) =>
  expect({ reason: result.reason, fields: result.fields }).toEqual({
    reason: reference.reason,
    fields: reference.fields,
  });

/** An address where nothing listens (a port taken and released). */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/**
 * Issue 17: a pool of two real `idv-analysis` processes, one killed mid-request. It uses no
 * database, so it runs in the SQLite pass of the suite only (`.ci/run` runs the suite again on
 * PostgreSQL, where it would only load the models of two more processes).
 */
describe.skipIf(TEST_DATABASE_URL !== undefined)('analysis pool', () => {
  let a: AnalysisProcess;
  let b: AnalysisProcess;
  let front: Buffer;
  let expected: FrontAnalysis;
  const pools: AnalysisPool[] = [];
  const pool = (urls: string[]) => {
    const made = new AnalysisPool({ urls, keys, healthIntervalMs: 200 });
    pools.push(made);
    return made;
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([
      startAnalysisProcess({ apiKey: API_KEY }),
      // One analysis at a time: beyond it this worker answers 503 "busy".
      startAnalysisProcess({
        apiKey: API_KEY,
        env: { ...process.env, IDV_ANALYSIS_CONCURRENCY: '1' },
      }),
    ]);
    front = (await renderDocument(generateIdentity(31), { kind: 'id-card', side: 'front' })).image;
    expected = await pool([b.url]).analyzeFront(front);
    expect(expected.reason).toBeNull();
  }, 400_000);
  afterAll(async () => {
    for (const made of pools) made.close();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('sends concurrent calls to the least busy worker', async () => {
    const both = pool([a.url, b.url]);
    const calls = [both.analyzeFront(front), both.analyzeFront(front)];
    // Both in flight at once, one on each worker.
    expect(both.members.map((member) => member.inFlight)).toEqual([1, 1]);
    const results = await Promise.all(calls);
    for (const result of results) same(result, expected);
    expect(both.members.map((member) => member.inFlight)).toEqual([0, 0]);
  }, 120_000);

  it('waits for a busy worker (503 at its own limit) instead of failing the call', async () => {
    const one = pool([b.url]);
    const results = await Promise.all([0, 1, 2].map(() => one.analyzeFront(front)));
    for (const result of results) same(result, expected);
    expect(one.members[0]).toMatchObject({ healthy: true, inFlight: 0 });
  }, 120_000);

  it('skips a worker that does not answer its health check, and never fails a call for it', async () => {
    const dead = await deadAddress();
    const withDead = pool([dead, b.url]);
    await withDead.checkHealth();
    expect(withDead.members.map((member) => member.healthy)).toEqual([false, true]);
    same(await withDead.analyzeFront(front), expected);
    // Even before a check says so, a call that cannot reach a worker goes on to the next one.
    const unchecked = pool([dead, b.url]);
    same(await unchecked.analyzeFront(front), expected);
    expect(unchecked.members.map((member) => member.healthy)).toEqual([false, true]);
  }, 120_000);

  it('retries a call on another worker when its worker is killed mid-request', async () => {
    const both = pool([a.url, b.url]);
    // The first call of a fresh pool goes to the first worker (all idle, its turn).
    const call = both.analyzeFront(front);
    expect(both.members[0]).toMatchObject({ url: a.url, inFlight: 1 });
    // Let the request reach the worker (its analysis takes far longer than this), then kill it.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await a.kill();
    same(await call, expected);
    expect(both.members[0]).toMatchObject({ healthy: false, inFlight: 0 });
    // Later calls go to the survivor while the killed one fails its checks.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(both.members.map((member) => member.healthy)).toEqual([false, true]);
    same(await both.analyzeFront(front), expected);
  }, 120_000);
});
