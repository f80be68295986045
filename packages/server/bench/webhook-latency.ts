/**
 * The webhook figure of `npm run bench`: time from a transition (opening a link's flow, which
 * emits `verification.started`) to the first delivery attempt reaching a receiver on loopback.
 * Two clocks: end to end (the client's request start → the receiver's arrival, an upper bound)
 * and server side (the event's `created_at` → the attempt's `started_at`, from the database).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../dist/index.js';

/** Figures of one run. */
export interface LatencyFigures {
  samples: number;
  endToEnd: { median: number; p95: number };
  serverSide: { median: number; p95: number };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Runs `count` transitions, `concurrency` at a time, and measures their first delivery attempts. */
export async function measureWebhookLatency(options: {
  appUrl: string;
  token: string;
  dataDir: string;
  count: number;
  concurrency: number;
}): Promise<LatencyFigures> {
  const arrivals = new Map<string, number>();
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { _verificationId: string };
      };
      if (!arrivals.has(body.data._verificationId))
        arrivals.set(body.data._verificationId, performance.timeOrigin + performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const auth = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  const endpoint = (await (
    await fetch(`${options.appUrl}/api/v1/webhook-endpoints`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ url, description: 'bench' }),
    })
  ).json()) as { _id: string };

  const started = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < options.count) {
      next += 1;
      const link = (await (
        await fetch(`${options.appUrl}/api/v1/links`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ type: 'ID ONLY' }),
        })
      ).json()) as { linkId: string; verificationId: string };
      const at = performance.timeOrigin + performance.now();
      const opened = await fetch(`${options.appUrl}/api/v1/flow/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ linkId: link.linkId }),
      });
      await opened.arrayBuffer();
      if (opened.status !== 201) throw new Error(`opening answered ${opened.status}`);
      started.set(link.verificationId, at);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  for (let i = 0; i < 200 && arrivals.size < started.size; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
  receiver.close();

  const endToEnd = [...started].flatMap(([id, at]) => {
    const arrived = arrivals.get(id);
    return arrived === undefined ? [] : [arrived - at];
  });
  const database = openDatabase({
    dataDir: options.dataDir,
    databaseUrl: process.env.IDV_DATABASE_URL || undefined,
  });
  const rows = await database.db
    .selectFrom('webhook_attempts')
    .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .select(['webhook_events.created_at', 'webhook_attempts.started_at'])
    .where('webhook_deliveries.endpoint_id', '=', endpoint._id)
    .where('webhook_attempts.attempt', '=', 1)
    .execute();
  await database.close();
  await fetch(`${options.appUrl}/api/v1/webhook-endpoints/${endpoint._id}`, {
    method: 'DELETE',
    headers: { authorization: auth.authorization },
  });
  const serverSide = rows.map((row) => Date.parse(row.started_at) - Date.parse(row.created_at));
  return {
    samples: endToEnd.length,
    endToEnd: { median: percentile(endToEnd, 50), p95: percentile(endToEnd, 95) },
    serverSide: { median: percentile(serverSide, 50), p95: percentile(serverSide, 95) },
  };
}
