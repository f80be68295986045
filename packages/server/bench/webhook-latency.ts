/**
 * The webhook figure of `npm run bench`: time from a transition (opening a link's flow, which
 * emits `verification.started`) to the first delivery attempt reaching a receiver on loopback.
 * Two clocks: end to end (the client's request start → the receiver's arrival, an upper bound)
 * and server side (the event's `created_at` → the attempt's `started_at`, from the database).
 *
 * Each transition comes from a loopback address of its own (127.0.0.2, 127.0.0.3, …), as that many
 * devices would: the flow API's budget is 120 requests a minute per address, which the benchmark's
 * transitions would otherwise exhaust when rate limits are on. The link is created over the same
 * keep-alive connection first, so the timed request does not pay for the connection.
 */
import { Agent, createServer, request as httpRequest } from 'node:http';
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

/** POSTs JSON over a keep-alive agent bound to one local address; answers status and body. */
function postJson(
  agent: Agent,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

/** The next unused loopback address (127.0.0.2 onwards; 127/8 is loopback on Linux). */
let addressesUsed = 0;
function nextLoopbackAddress(): string {
  const n = 2 + addressesUsed++;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Runs `count` transitions, `concurrency` at a time, and measures their first delivery attempts. */
export async function measureWebhookLatency(options: {
  appUrl: string;
  token: string;
  dataDir: string;
  /** The server's PostgreSQL (undefined: its SQLite in `dataDir`). */
  databaseUrl: string | undefined;
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
      const agent = new Agent({
        keepAlive: true,
        maxSockets: 1,
        localAddress: nextLoopbackAddress(),
      });
      try {
        const created = await postJson(
          agent,
          `${options.appUrl}/api/v1/links`,
          { type: 'ID ONLY' },
          { authorization: auth.authorization },
        );
        if (created.status !== 201) throw new Error(`link creation answered ${created.status}`);
        const link = JSON.parse(created.body) as { linkId: string; verificationId: string };
        const at = performance.timeOrigin + performance.now();
        const opened = await postJson(
          agent,
          `${options.appUrl}/api/v1/flow/sessions`,
          { linkId: link.linkId },
          {},
        );
        if (opened.status !== 201) throw new Error(`opening answered ${opened.status}`);
        started.set(link.verificationId, at);
      } finally {
        agent.destroy();
      }
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
    databaseUrl: options.databaseUrl,
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
