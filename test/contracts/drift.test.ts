/**
 * Drift tests: what the producers of the wire really send, held to `@idv/contract` with every
 * object closed (`closedSchema`: a field the contract does not declare fails, as a missing or
 * mistyped one does). The compile-time half is `wire-types.ts` (and `flow-wire-types.ts`).
 *
 * - The element's flow-API double (`packages/verify/test/support/node/flow-api-double.ts`), run
 *   for real behind a plain HTTP server, walked through a flow: each answer against the contract's
 *   flow schema for its route.
 * - The fingerprint service (`@idv/fingerprint`), started for real, asked through a trusted proxy
 *   for a public address (so `geoData` is filled, `subdivisions` included): its answer against the
 *   contract's `FingerprintResponse`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CaptureResult,
  closedSchema,
  CreatedFlowSession,
  ErrorResponse,
  FingerprintResponse,
  FlowSession,
  HandoffTicket,
  LinkErrorResponse,
  PublicVerificationView,
  StatusWithOperation,
  VerificationStatus,
} from '@idv/contract';
import { startFingerprintServer } from '@idv/fingerprint/server';
import sharp from 'sharp';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowApiDouble } from '@idv/verify/testing/flow-api-double';

/** The problems of `value` against the closed copy of `schema` (empty when it fits). */
function misfits(schema: TSchema, value: unknown): string[] {
  const closed = closedSchema(schema);
  return Value.Check(closed, value)
    ? []
    : [...Value.Errors(closed, value)].map((e) => `${e.instancePath || '/'} ${e.message}`);
}

describe('the contract holds what the producers really send', () => {
  describe("the element's flow-API double", () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      const middleware = flowApiDouble();
      server = createServer((req: IncomingMessage, res) => {
        const url = new URL(req.url ?? '/', 'http://double');
        const headers: Record<string, string> = {};
        const ctx = {
          method: req.method ?? 'GET',
          path: url.pathname,
          url: req.url ?? '/',
          querystring: url.search.slice(1),
          req,
          status: 404,
          body: '' as unknown,
          set: (name: string, value: string) => void (headers[name] = value),
          get: (name: string) => String(req.headers[name.toLowerCase()] ?? ''),
        };
        middleware(ctx, async () => undefined).then(
          () => res.writeHead(ctx.status, headers).end(ctx.body as string | Buffer),
          (error: unknown) => res.writeHead(500).end(String(error)),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

    const call = async (
      path: string,
      init: { method?: string; token?: string; json?: unknown; body?: FormData } = {},
    ) => {
      const headers: Record<string, string> = {};
      if (init.token !== undefined) headers['x-flow-session'] = init.token;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };

    it('answers a whole flow in the contract’s shapes, route by route', async () => {
      const created = (await call('/double/scenarios', { method: 'POST', json: {} })).body as {
        apiBase: string;
        linkId: string;
        verificationId: string;
      };
      const api = created.apiBase;
      const checked: [string, TSchema, { status: number; body: unknown }, number][] = [];
      const opened = await call(`${api}/flow/sessions`, {
        method: 'POST',
        json: { linkId: created.linkId },
      });
      checked.push(['POST /flow/sessions', CreatedFlowSession, opened, 201]);
      const token = (opened.body as { sessionToken: string }).sessionToken;
      checked.push([
        'GET /flow/session',
        FlowSession,
        await call(`${api}/flow/session`, { token }),
        200,
      ]);
      checked.push([
        'POST /flow/terms',
        FlowSession,
        await call(`${api}/flow/terms`, { method: 'POST', token, json: { accepted: true } }),
        200,
      ]);
      checked.push([
        'POST /flow/document-type',
        FlowSession,
        await call(`${api}/flow/document-type`, {
          method: 'POST',
          token,
          json: { documentType: 'ID_CARD' },
        }),
        200,
      ]);
      checked.push([
        'POST /flow/handoff',
        HandoffTicket,
        await call(`${api}/flow/handoff`, { method: 'POST', token }),
        200,
      ]);
      const image = await sharp({
        create: { width: 640, height: 400, channels: 3, background: '#88aacc' },
      })
        .jpeg()
        .toBuffer();
      const upload = new FormData();
      upload.append(
        'image',
        new Blob([new Uint8Array(image)], { type: 'image/jpeg' }),
        'front.jpg',
      );
      upload.append(
        'meta',
        JSON.stringify({
          source: 'camera',
          quality: null,
          width: 640,
          height: 400,
          autoCaptured: false,
        }),
      );
      checked.push([
        'POST /flow/captures/front',
        CaptureResult,
        await call(`${api}/flow/captures/front`, { method: 'POST', token, body: upload }),
        200,
      ]);
      const status = `${api}/verifications/${created.verificationId}/status?linkId=${created.linkId}`;
      checked.push(['GET status', VerificationStatus, await call(status), 200]);
      checked.push([
        'GET status include=operationGuid',
        StatusWithOperation,
        await call(`${status}&include=operationGuid`),
        200,
      ]);
      checked.push([
        'PATCH /verifications',
        PublicVerificationView,
        await call(`${api}/verifications`, {
          method: 'PATCH',
          json: {
            verificationId: created.verificationId,
            geolocation: { country: 'Spain', subdivisions: 'Madrid', permission: 'denied' },
          },
        }),
        200,
      ]);
      checked.push([
        'POST /flow/sessions from another device',
        LinkErrorResponse,
        await call(`${api}/flow/sessions`, { method: 'POST', json: { linkId: created.linkId } }),
        409,
      ]);
      checked.push([
        'POST /flow/terms without a session',
        ErrorResponse,
        await call(`${api}/flow/terms`, { method: 'POST', json: { accepted: true } }),
        401,
      ]);
      const problems = checked.flatMap(([route, schema, answer, expected]) => [
        ...(answer.status === expected
          ? []
          : [`${route}: status ${answer.status}, expected ${expected}`]),
        ...misfits(schema, answer.body).map((problem) => `${route}: ${problem}`),
      ]);
      expect(problems).toEqual([]);
    });
  });

  describe('the fingerprint service', () => {
    let dataDir: string;
    let service: Awaited<ReturnType<typeof startFingerprintServer>>;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'idv-contract-fp-'));
      service = await startFingerprintServer({
        dataDir,
        port: 0,
        host: '127.0.0.1',
        trustedProxies: ['127.0.0.1'],
      });
    });
    afterAll(async () => {
      await service?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const answerFor = (address: string) =>
      new Promise<string>((resolve, reject) => {
        const request = httpsRequest(
          `${service.url}/`,
          { rejectUnauthorized: false, headers: { 'x-forwarded-for': address } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          },
        );
        request.on('error', reject);
        request.end();
      });

    it('answers in the contract’s FingerprintResponse, subdivisions as a list', async () => {
      // A British address of the shipped DB-IP database (as in the service's own tests).
      const answer = JSON.parse(await answerFor('81.2.69.160')) as {
        userData: { geoData: { subdivisions?: unknown } };
      };
      expect(misfits(FingerprintResponse, answer)).toEqual([]);
      expect(Array.isArray(answer.userData.geoData.subdivisions)).toBe(true);
      // And a loopback caller, whose geoData is empty.
      expect(misfits(FingerprintResponse, JSON.parse(await answerFor('127.0.0.1')))).toEqual([]);
    });
  });
});
