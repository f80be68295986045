import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateIdentity, renderDocument } from '@idv/analysis/testing';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { DEFAULT_PER_COMPANY_IN_FLIGHT } from './services/webhooks/worker-limits.js';
import { S3BlobStore } from './storage/s3-blob-store.js';
import { parseS3Url } from './storage/s3-location.js';
import { startAnalysisProcess, type AnalysisProcess } from './testing/analysis-processes.js';
import { DOCUMENT_META, multipart } from './testing/flow-client.js';
import {
  TEST_DATABASE_URL,
  createScratchDatabase,
  type ScratchDatabase,
} from './testing/harness.js';
import {
  cliEnvironment,
  runCli,
  startServerProcess,
  type ServerProcess,
} from './testing/processes.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './testing/round-robin-proxy.js';
import {
  startWebhookReceiver,
  verifyReceivedWebhook,
  type WebhookReceiver,
} from './testing/webhook-receiver.js';

/** The run's verifications (`IDV_SCALE_OUT_VERIFICATIONS` lowers it for a quick local look). */
const VERIFICATIONS = Number(process.env.IDV_SCALE_OUT_VERIFICATIONS || 30);
const S3_KEY = 'S3RVER';
const ANALYSIS_KEY = `analysis-${randomBytes(8).toString('hex')}`;

interface Answer {
  status: number;
  body: string;
}

/**
 * One HTTP request through the proxy from `localAddress` (each device has its loopback address,
 * as phones on their networks would: the flow API's budgets are per address).
 */
function send(
  url: string,
  options: {
    method: string;
    localAddress?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
  },
): Promise<Answer> {
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      url,
      {
        method: options.method,
        headers: options.headers,
        agent: false,
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    // A cut connection is an answer like any other failure: the device retries.
    outgoing.on('error', () => resolve({ status: 0, body: '' }));
    outgoing.end(options.body);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 17, "Done when": three `idv-server` processes behind a round-robin proxy on one
 * PostgreSQL and one S3 bucket (s3rver), with a pool of two `idv-analysis` processes; 30 ID ONLY
 * verifications at once through the flow API with real rendered documents; one server and one
 * analysis process killed with SIGKILL mid-run. Every verification ends right, every webhook
 * arrives signed and in order (a second copy only of what the killed server had in flight), the
 * quota counts exactly 30, and no image or row is lost. PostgreSQL only (the topology it proves
 * needs a shared database); `.ci/run` runs it on its throwaway cluster.
 */
describe.skipIf(TEST_DATABASE_URL === undefined)(
  'several servers, PostgreSQL, S3, analysis pool',
  () => {
    let scratch: ScratchDatabase;
    let s3: S3rver;
    let s3Directory: string;
    let s3Endpoint: string;
    let receiver: WebhookReceiver;
    let proxy: RoundRobinProxy;
    const analyses: AnalysisProcess[] = [];
    const servers: ServerProcess[] = [];
    const dataDirs: string[] = [];
    const secretKey = randomBytes(32).toString('hex');

    const serverEnv = (dataDir: string, extra: Record<string, string> = {}) =>
      cliEnvironment(dataDir, scratch.databaseUrl, {
        IDV_SECRET_KEY: secretKey,
        IDV_BLOB_URL: `s3://idv-blobs/scale?endpoint=${encodeURIComponent(s3Endpoint)}`,
        AWS_ACCESS_KEY_ID: S3_KEY,
        AWS_SECRET_ACCESS_KEY: S3_KEY,
        IDV_WEBHOOK_ALLOW_PRIVATE: 'true',
        IDV_WEBHOOK_TIMEOUT_MS: '2000',
        IDV_TRUST_PROXY: '127.0.0.1',
        // (info: the start-up line names the port)
        IDV_LOG_LEVEL: 'info',
        ...extra,
      });

    beforeAll(async () => {
      scratch = await createScratchDatabase();
      s3Directory = mkdtempSync(join(tmpdir(), 'idv-scale-s3-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Directory,
        configureBuckets: [{ name: 'idv-blobs' }],
      });
      s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
      receiver = await startWebhookReceiver();
      // The analysis processes load their models first: start them while the servers start.
      const analysisStarts = [0, 1].map(() => startAnalysisProcess({ apiKey: ANALYSIS_KEY }));
      for (const started of await Promise.all(analysisStarts)) analyses.push(started);
      const pool = analyses.map((analysis) => analysis.url).join(',');
      for (let i = 0; i < 3; i += 1)
        dataDirs.push(mkdtempSync(join(tmpdir(), 'idv-scale-server-')));
      // The first runs the migrations; the others start on the migrated schema.
      servers.push(
        await startServerProcess(
          serverEnv(dataDirs[0]!, { IDV_ANALYSIS_URL: pool, IDV_ANALYSIS_KEY: ANALYSIS_KEY }),
        ),
      );
      servers.push(
        ...(await Promise.all(
          dataDirs
            .slice(1)
            .map((dir) =>
              startServerProcess(
                serverEnv(dir, { IDV_ANALYSIS_URL: pool, IDV_ANALYSIS_KEY: ANALYSIS_KEY }),
              ),
            ),
        )),
      );
      proxy = await startRoundRobinProxy(servers.map((server) => server.url));
    }, 400_000);

    afterAll(async () => {
      await proxy?.close();
      await Promise.all([
        // (not the killed one: a process ended by a signal never exits again)
        ...servers
          .filter((server) => server.child.exitCode === null && server.child.signalCode === null)
          .map((server) => server.stop()),
        ...analyses.map((analysis) => analysis.stop()),
      ]);
      await receiver?.close();
      await s3?.close();
      rmSync(s3Directory, { recursive: true, force: true });
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await scratch?.drop();
    }, 180_000);

    it(`${VERIFICATIONS} concurrent ID ONLY verifications survive a killed server and a killed analysis process`, async () => {
      // An account whose quota is exactly the run's verifications.
      const created = await runCli(
        [
          'account',
          'create',
          '--company',
          'Scale Ltd',
          '--plan',
          'pro',
          '--quota',
          String(VERIFICATIONS),
          '--json',
        ],
        serverEnv(dataDirs[0]!),
      );
      expect(created.code, created.stderr).toBe(0);
      const account = JSON.parse(created.stdout) as {
        companyId: string;
        clientId: string;
        clientSecret: string;
        webhookSecret: string;
      };
      const tokenAnswer = await send(`${proxy.url}/api/v1/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      expect(tokenAnswer.status).toBe(200);
      const token = (JSON.parse(tokenAnswer.body) as { access_token: string }).access_token;
      const api = (method: string, path: string, body?: unknown) =>
        send(`${proxy.url}/api/v1${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      expect((await api('POST', '/webhook-endpoints', { url: receiver.url })).status).toBe(201);
      // The receiver answers after 150 ms: attempts are in flight on every server at any moment.
      receiver.respond(() => ({ status: 200, delayMs: 150 }));

      // Quota exact under concurrency across processes: 4 more links than the quota, at once.
      const linkAnswers = await Promise.all(
        Array.from({ length: VERIFICATIONS + 4 }, () =>
          api('POST', '/links', { type: 'ID ONLY', documentTypes: ['PASSPORT'] }),
        ),
      );
      expect(linkAnswers.filter((answer) => answer.status === 201)).toHaveLength(VERIFICATIONS);
      expect(linkAnswers.filter((answer) => answer.status === 422)).toHaveLength(4);
      const links = linkAnswers
        .filter((answer) => answer.status === 201)
        .map((answer) => JSON.parse(answer.body) as { linkId: string; verificationId: string });

      // Real documents: the passport data pages of two people (ID ONLY on a passport is one
      // capture and one analysis: the analysis tier is what a 2-core CI machine runs short of).
      const people = [11, 'passport-holder'].map((seed) => generateIdentity(seed));
      const documents = await Promise.all(
        people.map(async (person) => ({
          front: (await renderDocument(person, { kind: 'passport', side: 'front' })).image,
        })),
      );

      let frontsDone = 0;
      let finished = 0;
      // Every device finishes within this (a slow machine analyses an image in seconds).
      const deadline = Date.now() + 360_000;
      let killedAt = 0;
      /** One device: opens the flow, accepts the terms, sends what the flow asks for until it ends. */
      const runDevice = async (link: { linkId: string }, index: number) => {
        const localAddress = `127.0.1.${index + 1}`;
        const document = documents[index % documents.length]!;
        const flow = (
          method: string,
          path: string,
          options: { headers?: Record<string, string>; body?: Buffer | string } = {},
        ) => send(`${proxy.url}/api/v1/flow${path}`, { method, localAddress, ...options });
        let session: string | undefined;
        for (let tries = 0; session === undefined; tries += 1) {
          if (tries > 20) throw new Error(`device ${index} could not open its flow`);
          const opened = await flow('POST', '/sessions', {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ linkId: link.linkId }),
          });
          if (opened.status === 201)
            session = (JSON.parse(opened.body) as { sessionToken: string }).sessionToken;
          else await pause(300);
        }
        const headers = { 'x-flow-session': session };
        /** The answers this device got, by route and status (the message when it does not finish). */
        const seen: Record<string, number> = {};
        for (;;) {
          if (Date.now() > deadline)
            throw new Error(
              `device ${index} did not finish (${finished} of ${VERIFICATIONS} did, ${frontsDone} fronts accepted, ` +
                `killed: ${killedAt > 0}): ${JSON.stringify(seen)}`,
            );
          const read = await flow('GET', '/session', { headers });
          if (read.status !== 200) {
            await pause(300);
            continue;
          }
          const state = JSON.parse(read.body) as {
            status: string;
            termsAccepted: boolean;
            requiredCaptures: string[];
            completedCaptures: string[];
          };
          if (state.status !== 'started') {
            finished += 1;
            return state.status;
          }
          if (!state.termsAccepted) {
            await flow('POST', '/terms', {
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ accepted: true }),
            });
            continue;
          }
          const next = state.requiredCaptures.find(
            (kind) => !state.completedCaptures.includes(kind),
          );
          if (next !== 'front') throw new Error(`unexpected capture ${next}`);
          const { body, contentType } = multipart(
            [{ field: 'image', name: `${next}.jpg`, type: 'image/jpeg', bytes: document[next] }],
            { meta: JSON.stringify(DOCUMENT_META) },
          );
          const captured = await flow('POST', `/captures/${next}`, {
            headers: { ...headers, 'content-type': contentType },
            body,
          });
          if (captured.status === 200 && next === 'front') frontsDone += 1;
          // 409 (a capture still holds the session: one cut off by the crash, until its lease
          // ends), 502 (cut off by the crash) and 503 (analysis unavailable): look again, retry.
          const key = `${next} ${captured.status}${captured.status === 503 ? ` ${captured.body.slice(0, 80)}` : ''}`;
          seen[key] = (seen[key] ?? 0) + 1;
          // Busy (503 with Retry-After: every capture slot of that server, or every analysis
          // worker, taken) and held (409) wait a second; cut off (502, 0) retries sooner.
          if (captured.status !== 200)
            await pause(captured.status === 503 || captured.status === 409 ? 1000 : 300);
        }
      };

      const killServer = servers[1]!;
      const killedPid = killServer.child.pid!;
      const chaos = (async () => {
        while (frontsDone < VERIFICATIONS / 3) await pause(50);
        killedAt = Date.now();
        killServer.child.kill('SIGKILL');
        await analyses[0]!.kill();
      })();
      const outcomes = await Promise.all(links.map((link, index) => runDevice(link, index)));
      await chaos;
      expect(killedAt).toBeGreaterThan(0);
      expect(outcomes).toEqual(links.map(() => 'success'));

      const database = openDatabase({ dataDir: dataDirs[0]!, databaseUrl: scratch.databaseUrl });
      try {
        // Every delivery finished (the killed server's leases ran out and were taken over).
        const deadline = Date.now() + 60_000;
        for (;;) {
          const pending = await database.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '!=', 'succeeded')
            .executeTakeFirstOrThrow();
          if (Number(pending.n) === 0) break;
          if (Date.now() > deadline) throw new Error(`${pending.n} deliveries never succeeded`);
          await pause(250);
        }
        await pause(500);

        // Rows: every link, verification, and the quota counted exactly once per verification.
        const verificationIds = links.map((link) => link.verificationId).sort();
        const rows = await database.db
          .selectFrom('verifications')
          .select(['id', 'status'])
          .where('company_id', '=', account.companyId)
          .execute();
        expect(rows.map((row) => row.id).sort()).toEqual(verificationIds);
        expect(rows.every((row) => row.status === 'success')).toBe(true);
        const quota = await database.db
          .selectFrom('quota_usage')
          .select('used')
          .where('company_id', '=', account.companyId)
          .execute();
        expect(quota.map((row) => row.used)).toEqual([VERIFICATIONS]);

        // Images: each verification's accepted front and back, their bytes in the bucket. (An
        // attempt cut off by the crash may leave a row without bytes: rows are written first.)
        const images = await database.db
          .selectFrom('images')
          .select(['id', 'blob_key', 'size'])
          .where('company_id', '=', account.companyId)
          .execute();
        const bucket = new S3BlobStore(
          parseS3Url(`s3://${S3_KEY}:${S3_KEY}@idv-blobs/scale?endpoint=${s3Endpoint}`, {}),
        );
        for (const id of verificationIds) {
          const record = await api('GET', `/verifications/${id}`);
          expect(record.status).toBe(200);
          const accepted = (JSON.parse(record.body) as { images: { addFront?: string } }).images;
          for (const imageId of [accepted.addFront]) {
            const image = images.find((row) => row.id === imageId);
            expect(image, `image ${imageId} of ${id}`).toBeDefined();
            expect((await bucket.get(image!.blob_key))?.length).toBe(image!.size);
          }
        }

        // Webhooks: each event (in delivery order per verification) and its attempts.
        const deliveries = await database.db
          .selectFrom('webhook_deliveries')
          .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
          .select([
            'webhook_deliveries.id',
            'webhook_deliveries.seq',
            'webhook_events.id as event_id',
            'webhook_events.type',
            'webhook_events.verification_id',
          ])
          .orderBy('webhook_deliveries.seq')
          .execute();
        const attempts = await database.db
          .selectFrom('webhook_attempts')
          .select(['delivery_id', 'worker', 'success'])
          .execute();
        const received = new Map<string, number[]>();
        receiver.received.forEach((request, index) => {
          const payload = verifyReceivedWebhook(request, account.webhookSecret);
          expect(payload.data._verificationId).toBeTypeOf('string');
          const id = String(request.headers['webhook-id']);
          received.set(id, [...(received.get(id) ?? []), index]);
        });
        const byVerification = new Map<string, typeof deliveries>();
        for (const delivery of deliveries)
          byVerification.set(delivery.verification_id, [
            ...(byVerification.get(delivery.verification_id) ?? []),
            delivery,
          ]);
        let duplicates = 0;
        for (const id of verificationIds) {
          const events = byVerification.get(id) ?? [];
          expect(events[0]?.type).toBe('verification.started');
          expect(events.at(-1)?.type).toBe('verification.successful');
          // Every event arrived, and each one's first copy after the previous event's first copy.
          const firsts = events.map((event) => received.get(event.event_id)?.[0] ?? -1);
          expect(firsts.every((position) => position >= 0)).toBe(true);
          expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
          for (const event of events) {
            const copies = received.get(event.event_id)!;
            const recorded = attempts.filter((attempt) => attempt.delivery_id === event.id);
            expect(recorded.filter((attempt) => attempt.success === 1)).toHaveLength(1);
            if (copies.length === 1) continue;
            // A second copy only of an attempt the killed server had in flight: its first copy
            // arrived before the kill, and the killed process never recorded it.
            duplicates += 1;
            expect(copies).toHaveLength(2);
            expect(receiver.received[copies[0]!]!.receivedAt).toBeLessThanOrEqual(killedAt + 50);
            expect(recorded.some((attempt) => attempt.worker.includes(`:${killedPid}:`))).toBe(
              false,
            );
          }
        }
        // At most what the killed server could have had in flight: one company's share.
        expect(duplicates).toBeLessThanOrEqual(DEFAULT_PER_COMPANY_IN_FLIGHT);
        expect(received.size).toBe(deliveries.length);
      } finally {
        await database.close();
      }
      // The survivors served the rest: the killed server answered nothing after its death.
      expect(proxy.answered.get(servers[0]!.url)).toBeGreaterThan(0);
      expect(proxy.answered.get(servers[2]!.url)).toBeGreaterThan(0);
    }, 600_000);
  },
);
