import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestApp, useTestAccount } from '../testing/app-suite.js';
import { createLink } from '../testing/harness.js';
import { sampleJpeg, samplePng } from '../testing/images.js';

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----idvtestboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('account and company', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'premium', { email: 'owner@example.test' });

  it('GET /users/me returns the credentials', async () => {
    const response = await test.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      token: account.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: account.userId,
      email: 'owner@example.test',
      companyId: account.companyId,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      webhookSecret: account.webhookSecret,
      callbackUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(account.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('PATCH /users/me/webhook-secret rotates the secret at once (no body)', async () => {
    const response = await test.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/webhook-secret',
      token: account.token,
    });
    expect(response.statusCode).toBe(200);
    const { webhookSecret } = response.json();
    expect(webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookSecret).not.toBe(account.webhookSecret);
    expect(
      (await test.inject({ method: 'GET', url: '/api/v1/users/me', token: account.token })).json()
        .webhookSecret,
    ).toBe(webhookSecret);
    expect(await test.services.accounts.webhookSecretOfCompany(account.companyId)).toBe(
      webhookSecret,
    );
    const withJsonType = await test.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/webhook-secret',
      token: account.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(withJsonType.statusCode).toBe(200);
  });

  it('reads and updates company settings within the plan caps; gateRules is never accepted', async () => {
    const read = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me/company', token: account.token })
    ).json();
    expect(read).toMatchObject({
      _id: account.companyId,
      plan: 'premium',
      quota: 100,
      linkConfig: { expirationTime: 1, dataExpirationTime: 24, adaptiveFlow: false },
      verificationConfig: { locationPermission: 'optional' },
      onboardingBusinessId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      subscriptionId: expect.any(String),
      gateRules: { version: 'none', rules: [] },
    });
    const patch = (payload: unknown) =>
      test.inject({
        method: 'PATCH',
        url: '/api/v1/users/me/company',
        token: account.token,
        payload: payload as object,
      });
    const ok = await patch({
      name: 'Acme',
      color: '#112233',
      handoffMode: 'suggest',
      callbackUrl: 'https://acme.test/done',
      linkConfig: { expirationTime: 72, dataExpirationTime: 0.5 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      name: 'Acme',
      color: '#112233',
      handoffMode: 'suggest',
      callbackUrl: 'https://acme.test/done',
      linkConfig: { expirationTime: 72, dataExpirationTime: 0.5 },
    });
    expect((await patch({ linkConfig: { expirationTime: 73 } })).statusCode).toBe(400);
    expect((await patch({ linkConfig: { dataExpirationTime: 100 } })).statusCode).toBe(400);
    expect((await patch({ linkConfig: { expirationTime: 0 } })).statusCode).toBe(400);
    expect((await patch({ linkConfig: { expirationTime: '2' } })).statusCode).toBe(400);
    const gate = await patch({ gateRules: { version: '1', rules: [] } });
    expect(gate.statusCode).toBe(400);
    expect(gate.json().message).toMatch(/gateRules/);
    expect((await patch({ color: 'red' })).statusCode).toBe(400);
    const link = await createLink(test, account.token);
    const linkRecord = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/links/${link.linkId}`,
        token: account.token,
      })
    ).json();
    expect(linkRecord.callbackUrl).toBe('https://acme.test/done');
    expect(linkRecord.company).toMatchObject({
      name: 'Acme',
      color: '#112233',
      handoffMode: 'suggest',
    });
  });

  it('resolves gate rules from the operator template and reports its version on links', async () => {
    await test.services.gateRules.setDefaultTemplate({
      version: '2026.03',
      rules: [
        { id: 'old-ios', reason: 'os_outdated', match: { platform: 'ios', osVersionMax: '15.8' } },
      ],
    });
    const link = await createLink(test, account.token);
    const record = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/links/${link.linkId}`,
        token: account.token,
      })
    ).json();
    expect(record.defaultTemplateVersion).toBe('2026.03');
    expect(record.company.gateRules).toEqual({
      version: '2026.03',
      rules: [
        { id: 'old-ios', reason: 'os_outdated', match: { platform: 'ios', osVersionMax: '15.8' } },
      ],
    });
  });

  it('uploads a logo (decoded, re-encoded as PNG) and serves it publicly', async () => {
    const jpeg = await sampleJpeg(900, 300);
    const upload = await test.inject({
      method: 'POST',
      url: '/api/v1/users/me/company/logo',
      token: account.token,
      ...multipart('logo', 'logo.jpg', 'image/jpeg', jpeg),
    });
    expect(upload.statusCode).toBe(200);
    const logoUrl: string = upload.json().logoUrl;
    expect(logoUrl).toMatch(new RegExp(`/api/v1/companies/${account.companyId}/logo\\?v=`));
    const served = await test.inject({
      method: 'GET',
      url: new URL(logoUrl).pathname + new URL(logoUrl).search,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 512, height: 171 });
    expect(
      (
        await test.inject({
          method: 'GET',
          url: `/api/v1/companies/00000000-0000-4000-8000-000000000000/logo`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses logos that are not real images, too large, or not multipart', async () => {
    const post = (body: { payload: Buffer | string; headers: Record<string, string> }) =>
      test.inject({
        method: 'POST',
        url: '/api/v1/users/me/company/logo',
        token: account.token,
        ...body,
      });
    const fake = await post(
      multipart('logo', 'logo.png', 'image/png', Buffer.from('<svg onload="alert(1)"/>')),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    const png = await samplePng(64, 64);
    const truncated = await post(
      multipart('logo', 'logo.png', 'image/png', png.subarray(0, png.length - 30)),
    );
    expect(truncated.statusCode).toBe(400);
    const svg = await post(
      multipart(
        'logo',
        'logo.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      ),
    );
    expect(svg.statusCode).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await post(multipart('logo', 'logo.png', 'image/png', big));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    const json = await test.inject({
      method: 'POST',
      url: '/api/v1/users/me/company/logo',
      token: account.token,
      payload: { logo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const ok = await post(multipart('logo', 'logo.png', 'image/png', png));
    expect(ok.statusCode).toBe(200);
  });

  it('pages the activity log newest first', async () => {
    const fresh = await test.account('premium');
    test.clock.advance(1000);
    await createLink(test, fresh.token);
    test.clock.advance(1000);
    await createLink(test, fresh.token);
    const logs = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me/logs', token: fresh.token })
    ).json();
    expect(logs.total).toBe(3);
    expect(logs.data.map((entry: { action: string }) => entry.action)).toEqual([
      'link.created',
      'link.created',
      'token.issued',
    ]);
    expect(logs.data[0]).toEqual({
      _id: expect.any(String),
      action: 'link.created',
      resource: 'link',
      resourceId: expect.any(String),
      createdAt: expect.any(String),
      ip: '127.0.0.1',
    });
    // A link is its own creation entry (migration 0004).
    expect(logs.data[0]._id).toBe(logs.data[0].resourceId);
    const page = (
      await test.inject({
        method: 'GET',
        url: '/api/v1/users/me/logs?size=1&page=3',
        token: fresh.token,
      })
    ).json();
    expect(page).toMatchObject({ total: 3, page: 3, data: [{ action: 'token.issued' }] });
    const capped = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me/logs?size=-1', token: fresh.token })
    ).json();
    expect(capped.data).toHaveLength(3);
  });
});
