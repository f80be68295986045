import { describe, expect, it } from 'vitest';
import { redactUrlForLog } from './lib/log-redaction.js';
import { createLink, createTestApp } from './testing/harness.js';

/** Issue 19, "Data hygiene": a link id opens a person's flow, so it never reaches a log line. */
describe('access logs', () => {
  it('never contain a linkId, in a path, a query or a logged object', async () => {
    const lines: string[] = [];
    const test = await createTestApp({
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const account = await test.account('premium');
      const link = await createLink(test, account.token);
      const spent = await createLink(test, account.token);
      await test.inject({ method: 'GET', url: `/v/${link.linkId}` });
      await test.inject({ method: 'GET', url: `/v/${link.linkId}?handoff=abc&lang=fr` });
      await test.inject({ method: 'GET', url: `/v/${link.linkId}/` });
      await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${link.verificationId}/status?include=operationGuid&linkId=${link.linkId}`,
      });
      await test.inject({
        method: 'GET',
        url: `/api/v1/links/${link.linkId}`,
        token: account.token,
      });
      const opened = await test.inject({
        method: 'POST',
        url: '/api/v1/flow/sessions',
        payload: { linkId: spent.linkId },
      });
      expect(opened.statusCode).toBe(201);
      // A second device: 409 LinkAlreadyUsed, whose body names the link.
      const refused = await test.inject({
        method: 'POST',
        url: '/api/v1/flow/sessions',
        payload: { linkId: spent.linkId },
      });
      expect(refused.statusCode).toBe(409);
      test.app.log.error(
        { linkId: link.linkId, data: { linkId: spent.linkId } },
        'logged by mistake',
      );

      const log = lines.join('\n');
      expect(lines.some((line) => line.includes('"incoming request"'))).toBe(true);
      expect(log).toContain('/v/[redacted]');
      expect(log).toContain('/api/v1/links/[redacted]');
      expect(log).toContain('linkId=[redacted]');
      for (const id of [link.linkId, spent.linkId]) expect(log).not.toContain(id);
    } finally {
      await test.close();
    }
  });

  it('redacts link ids and capability tokens out of any URL shape', () => {
    expect(redactUrlForLog('/v/AbC123?handoff=t0k&lang=fr')).toBe(
      '/v/[redacted]?handoff=[redacted]&lang=fr',
    );
    expect(redactUrlForLog('/api/v1/links/AbC123/extra?x=1')).toBe(
      '/api/v1/links/[redacted]/extra?x=1',
    );
    expect(redactUrlForLog('/api/v1/links?size=10')).toBe('/api/v1/links?size=10');
    expect(redactUrlForLog('/api/v1/verifications/v1/status?LINKID=AbC123#x')).toBe(
      '/api/v1/verifications/v1/status?LINKID=[redacted]#x',
    );
  });
});
