import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAccount } from '../testing/app-suite.js';
import { createTestApp } from '../testing/harness.js';

const PUBLIC_URL = 'https://93.184.216.34/hooks/idv';

describe('webhook endpoints', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'premium');

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    test.inject({
      method,
      url: `/api/v1/webhook-endpoints${url}`,
      token: account.token,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('creates, lists, reads, updates and deletes endpoints; the record carries no secret', async () => {
    const created = await call('POST', '', { url: PUBLIC_URL, description: 'main' });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toEqual({
      _id: expect.any(String),
      userId: account.userId,
      description: 'main',
      url: PUBLIC_URL,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(created.body).not.toContain(account.webhookSecret);
    expect((await call('GET', '')).json()).toEqual([record]);
    expect((await call('GET', `/${record._id}`)).json()).toEqual(record);
    test.clock.advance(1000);
    const updated = await call('PATCH', `/${record._id}`, { description: 'renamed' });
    expect(updated.json()).toMatchObject({
      _id: record._id,
      description: 'renamed',
      url: PUBLIC_URL,
    });
    expect(updated.json().updatedAt).not.toBe(record.updatedAt);
    expect((await call('DELETE', `/${record._id}`)).json()).toEqual({
      _id: record._id,
      deleted: true,
    });
    expect((await call('GET', `/${record._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/${record._id}`)).statusCode).toBe(404);
  });

  it('accepts exactly url and description', async () => {
    for (const body of [
      { url: PUBLIC_URL, secret: 'x' },
      { url: PUBLIC_URL, events: ['verification.started'] },
      { description: 'no url' },
      { url: 42 },
    ]) {
      const response = await call('POST', '', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    }
    const created = (await call('POST', '', { url: PUBLIC_URL })).json();
    expect(created.description).toBe('');
    expect(
      (await call('PATCH', `/${created._id}`, { url: PUBLIC_URL, userId: account.userId }))
        .statusCode,
    ).toBe(400);
    expect((await call('PATCH', `/${created._id}`, {})).statusCode).toBe(400);
  });

  it('refuses URLs that resolve to loopback, private or reserved addresses (SSRF)', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.0.0.5/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'ftp://93.184.216.34/hook',
      'https://user:pass@93.184.216.34/hook',
    ]) {
      const response = await call('POST', '', { url });
      expect(response.statusCode, url).toBe(400);
    }
    const created = (await call('POST', '', { url: PUBLIC_URL })).json();
    expect((await call('PATCH', `/${created._id}`, { url: 'http://127.0.0.1/x' })).statusCode).toBe(
      400,
    );
  });
});

describe('webhook endpoints with IDV_WEBHOOK_ALLOW_PRIVATE=true', () => {
  it('accepts loopback targets', async () => {
    const test = await createTestApp({ env: { IDV_WEBHOOK_ALLOW_PRIVATE: 'true' } });
    try {
      const account = await test.account('pro');
      const response = await test.inject({
        method: 'POST',
        url: '/api/v1/webhook-endpoints',
        token: account.token,
        payload: { url: 'http://127.0.0.1:9/hook' },
      });
      expect(response.statusCode).toBe(201);
    } finally {
      await test.close();
    }
  });
});
