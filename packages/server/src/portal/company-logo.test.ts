import { sql } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipart } from '../testing/flow-client.js';
import { useTestApp, useTestAccount, usePortalBrowser } from '../testing/app-suite.js';
import { createTestApp } from '../testing/harness.js';
import { sampleJpeg, samplePng } from '../testing/images.js';
import { portalBrowser, type PortalBrowser } from '../testing/portal-session.js';

/** A logo upload as the Company screen sends it (FormData with one `logo` file). */
function logoBody(bytes: Buffer, name = 'logo.png', type = 'image/png') {
  const { body, contentType } = multipart([{ field: 'logo', name, type, bytes }], {});
  return { payload: body, headers: { 'content-type': contentType } };
}

describe('portal Company logo (/app/api/company/logo)', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'premium');
  const admin = usePortalBrowser(test, account, 'admin');

  /** `POST /app/api/company/logo` as `person`, with the session's cookie and CSRF token. */
  const upload = (person: PortalBrowser, body: ReturnType<typeof logoBody>, csrf = true) =>
    test.inject({
      method: 'POST',
      url: '/app/api/company/logo',
      payload: body.payload,
      headers: {
        ...body.headers,
        cookie: person.cookie,
        ...(csrf ? { 'x-csrf-token': person.csrfToken } : {}),
      },
    });

  const logEntries = (action: string) =>
    test.services.context.database.db
      .selectFrom('activity_logs')
      .select(['user_id', 'ip'])
      .where('company_id', '=', account.companyId)
      .where('action', '=', action)
      .execute();

  it('stores the uploaded logo as the REST API does, serves it to the element, logs it, and removes it', async () => {
    const jpeg = await sampleJpeg(800, 400, '#0a7d5a');
    const answer = await upload(admin, logoBody(jpeg, 'logo.jpg', 'image/jpeg'));
    expect(answer.statusCode, answer.body).toBe(200);
    const logoUrl: string = answer.json().logoUrl;
    expect(logoUrl).toMatch(new RegExp(`/api/v1/companies/${account.companyId}/logo\\?v=`));
    // The REST API's company read names the same logo.
    const rest = await test.inject({
      method: 'GET',
      url: '/api/v1/users/me/company',
      token: account.token,
    });
    expect(rest.json().logoUrl).toBe(logoUrl);

    // What the element loads (FlowSession `company.logoUrl` is this address): a PNG re-encoded
    // within 512 pixels, never the uploaded bytes.
    const served = await test.inject({
      method: 'GET',
      url: new URL(logoUrl).pathname + new URL(logoUrl).search,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const metadata = await sharp(served.rawPayload).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'png',
      width: 512,
      height: 256,
    });
    const link = await test.inject({
      method: 'POST',
      url: '/api/v1/links',
      token: account.token,
      payload: { type: 'ID ONLY' },
    });
    const linkId: string = link.json().linkId;
    const session = await test.inject({
      method: 'POST',
      url: '/api/v1/flow/sessions',
      payload: { linkId },
    });
    expect(session.json().company.logoUrl).toBe(logoUrl);
    expect(await logEntries('company.logo_uploaded')).toEqual([
      { user_id: admin.memberId, ip: '127.0.0.1' },
    ]);

    const removed = await admin.call('DELETE', '/company/logo');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().logoUrl).toBeNull();
    const gone = await test.inject({
      method: 'GET',
      url: new URL(logoUrl).pathname,
    });
    expect(gone.statusCode).toBe(404);
    expect(await logEntries('company.logo_removed')).toEqual([
      { user_id: admin.memberId, ip: '127.0.0.1' },
    ]);
    // Nothing left to remove: 404, and no second log entry.
    expect((await admin.call('DELETE', '/company/logo')).statusCode).toBe(404);
    expect(await logEntries('company.logo_removed')).toHaveLength(1);
  });

  it('keeps a logo and its activity entry together: when the entry cannot be written, the logo is neither stored nor removed', async () => {
    const own = await createTestApp();
    try {
      const company = await own.account('premium');
      const owner = await portalBrowser(own, company.companyId, 'owner');
      const db = own.services.context.database.db;
      const storedLogos = async () =>
        (
          await db
            .selectFrom('company_logos')
            .select('updated_at')
            .where('company_id', '=', company.companyId)
            .execute()
        ).length;
      const png = await samplePng(64, 64);
      const send = () => {
        const body = logoBody(png);
        return own.inject({
          method: 'POST',
          url: '/app/api/company/logo',
          payload: body.payload,
          headers: { ...body.headers, cookie: owner.cookie, 'x-csrf-token': owner.csrfToken },
        });
      };
      // The activity log is out of reach (both databases resolve the name at each statement).
      await sql`alter table activity_logs rename to activity_logs_away`.execute(db);
      try {
        expect((await send()).statusCode).toBe(500);
        expect(await storedLogos()).toBe(0);
      } finally {
        await sql`alter table activity_logs_away rename to activity_logs`.execute(db);
      }
      expect((await send()).statusCode).toBe(200);
      expect(await storedLogos()).toBe(1);

      await sql`alter table activity_logs rename to activity_logs_away`.execute(db);
      try {
        expect((await owner.call('DELETE', '/company/logo')).statusCode).toBe(500);
        expect(await storedLogos()).toBe(1);
      } finally {
        await sql`alter table activity_logs_away rename to activity_logs`.execute(db);
      }
      const entries = await db
        .selectFrom('activity_logs')
        .select('action')
        .where('company_id', '=', company.companyId)
        .where('action', 'like', 'company.logo_%')
        .execute();
      expect(entries).toEqual([{ action: 'company.logo_uploaded' }]);
    } finally {
      await own.close();
    }
  });

  it('refuses SVG, files that only claim to be images, truncated images, oversized files and non-multipart bodies', async () => {
    const svg = await upload(
      admin,
      logoBody(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>',
        ),
        'logo.svg',
        'image/svg+xml',
      ),
    );
    expect(svg.statusCode).toBe(400);
    // An SVG sent under a PNG name and type is still decoded as what it is.
    const disguised = await upload(
      admin,
      logoBody(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        'logo.png',
        'image/png',
      ),
    );
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe('logo must be a JPEG, PNG or WebP image');
    const png = await samplePng(64, 64);
    const truncated = await upload(admin, logoBody(png.subarray(0, png.length - 30)));
    expect(truncated.statusCode).toBe(400);
    const tooLarge = await upload(
      admin,
      logoBody(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])),
    );
    expect(tooLarge.statusCode).toBe(413);
    const json = await admin.call('POST', '/company/logo', { logo: 'x' });
    expect(json.statusCode).toBe(415);
    const { body: noFileBody, contentType } = multipart([], { note: 'no file' });
    const noFile = await upload(admin, {
      payload: noFileBody,
      headers: { 'content-type': contentType },
    });
    expect(noFile.statusCode).toBe(400);
    // None of these stored anything.
    expect((await admin.call('GET', '/company')).json().logoUrl).toBeNull();
    expect(await logEntries('company.logo_uploaded')).toHaveLength(1);
  });

  it("names each company's own logo to its people, and that address serves that logo only", async () => {
    // The Company screen's preview shows the `logoUrl` of `GET /app/api/company`: it must never
    // name or serve another company's logo.
    const [green, red] = await Promise.all([test.account('premium'), test.account('premium')]);
    const greenAdmin = await portalBrowser(test, green.companyId, 'admin');
    const redAdmin = await portalBrowser(test, red.companyId, 'admin');
    const logoOf = async (person: PortalBrowser) =>
      (await person.call('GET', '/company')).json().logoUrl as string | null;
    /** The colour of the logo an address serves (its first pixel), or its status when none. */
    const servedAt = async (logoUrl: string) => {
      const served = await test.inject({
        method: 'GET',
        url: new URL(logoUrl).pathname + new URL(logoUrl).search,
      });
      if (served.statusCode !== 200) return served.statusCode;
      const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
      return `rgb(${data[0]}, ${data[1]}, ${data[2]})`;
    };

    const greenUpload = await upload(greenAdmin, logoBody(await samplePng(64, 64, '#00ff00')));
    expect(greenUpload.statusCode, greenUpload.body).toBe(200);
    const greenLogo = await logoOf(greenAdmin);
    expect(greenLogo).toMatch(new RegExp(`/companies/${green.companyId}/logo\\?v=`));
    // A company without a logo is told so, not given the other's.
    expect(await logoOf(redAdmin)).toBeNull();

    const redUpload = await upload(redAdmin, logoBody(await samplePng(64, 64, '#ff0000')));
    expect(redUpload.statusCode, redUpload.body).toBe(200);
    const redLogo = await logoOf(redAdmin);
    expect(redLogo).toMatch(new RegExp(`/companies/${red.companyId}/logo\\?v=`));
    expect(await servedAt(greenLogo!)).toBe('rgb(0, 255, 0)');
    expect(await servedAt(redLogo!)).toBe('rgb(255, 0, 0)');
    // One company's removal leaves the other's logo where it was.
    expect((await redAdmin.call('DELETE', '/company/logo')).statusCode).toBe(200);
    expect(await servedAt(redLogo!)).toBe(404);
    expect(await logoOf(greenAdmin)).toBe(greenLogo);
    expect(await servedAt(greenLogo!)).toBe('rgb(0, 255, 0)');
  });

  it('needs the CSRF token, an owner or admin, and a plan with branding', async () => {
    const png = await samplePng(64, 64);
    const noCsrf = await upload(admin, logoBody(png), false);
    expect(noCsrf.statusCode).toBe(403);
    const noCsrfRemoval = await test.inject({
      method: 'DELETE',
      url: '/app/api/company/logo',
      headers: { cookie: admin.cookie },
    });
    expect(noCsrfRemoval.statusCode).toBe(403);
    for (const role of ['reviewer', 'developer', 'viewer'] as const) {
      const person = await portalBrowser(test, account.companyId, role);
      expect((await upload(person, logoBody(png))).statusCode, role).toBe(403);
      expect((await person.call('DELETE', '/company/logo')).statusCode, role).toBe(403);
    }
    expect((await admin.call('GET', '/company')).json().logoUrl).toBeNull();
    const owner = await portalBrowser(test, account.companyId, 'owner');
    expect((await upload(owner, logoBody(png))).statusCode).toBe(200);

    const basic = await test.account('basic');
    const basicOwner = await portalBrowser(test, basic.companyId, 'owner');
    const refused = await upload(basicOwner, logoBody(png));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'only the business name is configurable for branding on the basic plan',
    );
    expect((await basicOwner.call('GET', '/company')).json().logoUrl).toBeNull();
  });
});
