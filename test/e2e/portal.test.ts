/**
 * The account-holder portal end to end, in Debian's headless Chromium against the real server
 * (its CLI, SQLite) and a webhook receiver checking signatures: the owner opens the one-time
 * sign-in link `idv-server account create --email` printed and chooses a password, signs out and
 * in again with the keyboard, uploads a logo while the company has no link yet and sees it in the
 * header of the Company screen's preview (the element's monogram again once it is removed),
 * creates a FULL FLOW link and copies its URL; a person opens that URL
 * in their own browser context and completes it in `<idv-verify>` with the fake camera (a
 * generated ID card, front and back, then the card holder's face doing the liveness challenge),
 * while the owner's inbox, searched for the customer, shows the result arrive at its next poll;
 * creates an ID ONLY link that a person completes with a passport through the flow API (the real
 * pipeline reads the page); finds the verifications in the inbox (search, status, type and sort
 * kept in the URL); opens the FULL FLOW verification (the fields read, both sides' images, the
 * MRZ beside the visual zone, the face match score against its threshold, the liveness
 * challenge), overrides it with a reason, and the receiver gets the signed webhook (its delivery
 * shows on the detail without a reload); reads the
 * Overview (chart, pass rate, quota), then in French (chosen in the header, kept across a reload,
 * `<html lang>` following); on the Developers screen rotates the client secret (the old
 * one is then refused by `POST /oauth/token`), reads the receiver's deliveries, sends a signed
 * test event and resends it, reveals the webhook secret after typing the password again, adds and
 * deletes an endpoint;
 * on the Team screen invites a reviewer, who accepts in their own browser from the `.eml` the
 * server wrote, then resets a forgotten password by e-mail; the owner changes their role and
 * removes them (on a phone, the removal dialog whose title names their long address keeps its
 * named close button in view, and it closes the dialog).
 * Every screen is checked with axe-core and
 * screenshotted at 390×844 and 1280×800 into test/screenshots/portal/ (git-ignored).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedFields, generateIdentity, renderDocument } from '@idv/analysis/testing';
import type { ElementHandle } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, type TestBrowser } from '../support/browser.js';
import { cardHolder, cardScene, PARIS, selfieScene } from '../support/card-holder.js';
import { completePassport } from '../support/flow-device.js';
import { messagesMailedTo, portalLinksMailedTo } from '../support/mailbox.js';
import { Person } from '../support/person.js';
import { openPortal, type PortalPage } from '../support/portal-page.js';
import {
  chooseFirstPassword,
  expectAccessible as expectScreenAccessible,
  startPortalSession,
  type PortalSession,
} from '../support/portal-session.js';
import { readQrCodes } from '../support/qr-reader.js';
import type { Stack } from '../support/stack.js';

const SCREENSHOTS = fileURLToPath(new URL('../screenshots/portal/', import.meta.url));
const PASSWORD = 'northwind-owner-2026';

describe('portal (/app/) in Chromium', () => {
  let session: PortalSession;
  let stack: Stack;
  let browser: TestBrowser;
  let portal: PortalPage;

  beforeAll(async () => {
    session = await startPortalSession(SCREENSHOTS);
    ({ stack, browser, portal } = session);
  });
  afterAll(async () => {
    await session?.close();
  });

  /** No axe violation on the screen as it stands. */
  const expectAccessible = (screen: string) => expectScreenAccessible(portal, screen);
  const text = (selector: string) => portal.text(selector);
  const textMatches = (selector: string, pattern: RegExp, timeoutMs?: number) =>
    portal.textMatches(selector, pattern, timeoutMs);

  it('signs the owner in with the one-time link, then out and in again with the keyboard', async () => {
    const { page, deep } = portal;
    await portal.waitFor(deep('idv-sign-in-link >>> wa-input[name="password"]'));
    await expectAccessible('sign-in link');
    await portal.screenshot('sign-in-link');
    await chooseFirstPassword(portal, PASSWORD);
    // The spent token left the address bar and the history.
    expect(page.url()).toBe(`${stack.origin}/app/`);
    expect(await text('idv-inbox >>> .empty')).toContain('No verification yet.');
    await expectAccessible('inbox, empty');
    await portal.screenshot('inbox-empty');

    await page.click(deep('header wa-button'));
    await portal.waitFor(deep('idv-sign-in >>> wa-input[name="email"]'));
    await expectAccessible('sign-in');
    await portal.screenshot('sign-in');
    // Keyboard only: the e-mail field, Tab to the password, Enter submits.
    await page.focus(deep('idv-sign-in >>> wa-input[name="email"] >>> input'));
    await page.keyboard.type(stack.ownerEmail);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await portal.waitFor(deep('idv-inbox >>> .empty'));
    expect(await text('header .who')).toContain('owner@northwind.test · Northwind Optics');
  });

  it('shows the uploaded logo in the Company preview while the company has no link yet, and the monogram again once removed', async () => {
    const { page, deep } = portal;
    expect(await stack.api<unknown[]>('GET', '/links')).toEqual([]);
    const logo = 'idv-company >>> idv-company-logo';
    const preview = 'idv-company >>> idv-branding-preview';
    await portal.openScreen('/app/company', `${logo} >>> #no-logo`);
    const files = await mkdtemp(join(tmpdir(), 'idv-e2e-preview-logo-'));
    try {
      const file = join(files, 'logo.png');
      await writeFile(
        file,
        await sharp({ create: { width: 600, height: 200, channels: 4, background: '#c0392b' } })
          .png()
          .toBuffer(),
      );
      const input = (await page.$(
        deep(`${logo} >>> #logo-file`),
      )) as ElementHandle<HTMLInputElement> | null;
      await input!.uploadFile(file);
      await portal.waitFor(deep(`${logo} >>> #chosen-logo`));
      await page.click(deep(`${logo} >>> #upload-logo`));
      // The browser reads the file when it sends it: it is removed only after.
      await textMatches(`${logo} >>> #logo-notice`, /logo is saved/);
    } finally {
      await rm(files, { recursive: true, force: true });
    }
    const { logoUrl } = await stack.api<{ logoUrl: string }>('GET', '/users/me/company');
    // The company's own address, the one a link's flow session gives the element.
    expect(logoUrl).toContain(`/api/v1/companies/${stack.account.companyId}/logo?v=`);
    // The preview's header shows the logo as served (re-encoded within 512 pixels), in place of
    // the element's own header with the name's monogram.
    await portal.waitFor(deep(`${preview} >>> #preview-logo`));
    expect(
      await page.$eval(deep(`${preview} >>> #preview-logo`), async (node) => {
        const img = node as HTMLImageElement;
        await img.decode();
        return { src: img.src, alt: img.alt, width: img.naturalWidth };
      }),
    ).toEqual({ src: logoUrl, alt: 'Northwind Optics logo', width: 512 });
    const elementHeader = deep(`${preview} >>> idv-verify >>> [part=header]`);
    expect(await page.$eval(elementHeader, (node) => getComputedStyle(node).display)).toBe('none');
    await expectAccessible('company, logo in the preview');
    await portal.screenshot('company-preview-logo');

    await page.click(deep(`${logo} >>> #remove-logo`));
    await textMatches(`${logo} >>> #logo-notice`, /logo is removed/);
    await expect.poll(() => page.$(deep(`${preview} >>> #preview-logo`))).toBeNull();
    expect(await page.$eval(elementHeader, (node) => getComputedStyle(node).display)).toBe('flex');
  });

  let verificationId: string;
  /** The FULL FLOW link's URL as the portal showed and copied it. */
  let fullFlowUrl: string;

  it('creates a FULL FLOW link with metadata, copies its URL, shows its QR code and e-mails it', async () => {
    const { page, deep } = portal;
    await portal.openScreen('/app/links', 'idv-links >>> wa-radio-group');
    await portal.waitFor(deep('idv-links >>> .empty'));
    await page.type(
      deep('idv-links >>> wa-input[name="externalUserId"] >>> input'),
      'customer-1001',
    );
    await page.type(
      deep('idv-links >>> wa-textarea[name="metadata"] >>> textarea'),
      'orderId=A-1001\nchannel=shop',
    );
    await page.click(deep('idv-links >>> wa-button[type="submit"]'));
    await portal.waitFor(deep('idv-links >>> #created-url'));
    const linkUrl = await text('idv-links >>> #created-url');
    expect(linkUrl).toMatch(new RegExp(`^${stack.origin}/v/[0-9a-f-]{36}$`));
    await portal.waitFor(deep('idv-links >>> tbody tr'));
    await page.bringToFront();
    await page.click(deep('idv-links >>> idv-link-share >>> wa-copy-button'));
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(linkUrl);
    // The QR code reads back as the link, as a phone camera would read it.
    const qr = await page.$(deep('idv-links >>> idv-link-share >>> svg.qr'));
    expect(await readQrCodes(await qr!.screenshot())).toEqual([linkUrl]);
    // Send by e-mail: through the server's mailer, an .eml file by default.
    await page.type(
      deep('idv-links >>> idv-link-share >>> wa-input[name="email"] >>> input'),
      'customer-1001@example.org',
    );
    await page.keyboard.press('Enter');
    await portal.waitFor(deep('idv-links >>> idv-link-share >>> wa-callout[variant="success"]'));
    const [mail] = messagesMailedTo(stack.mailDir, 'customer-1001@example.org');
    expect(mail).toContain(linkUrl);
    const links = await stack.api<
      { _id: string; verificationId: string; type: string; metadata: Record<string, unknown> }[]
    >('GET', '/links');
    expect(links).toHaveLength(1);
    expect(links[0]!.type).toBe('FULL FLOW');
    expect(links[0]!.metadata).toEqual({ orderId: 'A-1001', channel: 'shop' });
    expect(linkUrl.endsWith(links[0]!._id)).toBe(true);
    verificationId = links[0]!.verificationId;
    fullFlowUrl = linkUrl;
    expect(await text('idv-links >>> tbody tr')).toContain('customer-1001');
    await expectAccessible('links');
    await portal.screenshot('links');
  });

  const cardOwner = cardHolder('portal-card-holder');

  it('a person completes the copied FULL FLOW link in <idv-verify> with the fake camera, and the result arrives live in the inbox', async () => {
    const { page, deep } = portal;
    // The owner watches the inbox, searched for this customer: the link's verification waits.
    await portal.openScreen('/app/', 'idv-inbox >>> tbody tr');
    await page.type(deep('idv-inbox >>> wa-input[name="q"] >>> input'), 'customer-1001');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.search === '?q=customer-1001');
    const row = `idv-inbox >>> tbody tr:has(a[href="/app/verifications/${verificationId}"])`;
    await textMatches(row, /customer-1001[\s\S]*pending/);

    // The person opens the URL they were sent in their own browser, on a phone in Paris.
    const [front, back, selfie] = await Promise.all([
      cardScene(cardOwner, 'front'),
      cardScene(cardOwner, 'back'),
      selfieScene(),
    ]);
    await browser.showOnCamera(front);
    const run = await browser.open(fullFlowUrl, PARIS);
    try {
      const person = new Person(run, browser.showOnCamera, 'person');
      await person.start();
      await person.chooseDocument('ID_CARD');
      expect(await person.captureDocument('front', back)).toMatchObject({
        accepted: true,
        next: 'back',
      });
      expect(await person.captureDocument('back', selfie)).toMatchObject({
        accepted: true,
        next: 'selfie',
      });
      const selfieAnswer = await person.takeSelfie();
      expect(selfieAnswer, JSON.stringify(selfieAnswer.error ?? null)).toMatchObject({
        accepted: true,
        next: 'done',
      });
      expect(await person.result()).toEqual({ status: 'success', heading: 'You’re verified' });
    } finally {
      await run.close();
    }

    // The inbox polls (ETag, every 10 s, while visible): the row turns to success by itself.
    await page.bringToFront();
    await textMatches(row, /customer-1001[\s\S]*success/, 30_000);
    expect(await text('idv-inbox >>> #arrived')).toBe('The list changed.');
    expect(await page.$$(deep('idv-inbox >>> tbody tr'))).toHaveLength(1);
    await expectAccessible('inbox, result arrived');
    await portal.screenshot('inbox-arrived');
  });

  let passportVerificationId: string;
  const holder = generateIdentity('portal-passport-holder');

  it('creates an ID ONLY link that the person completes with a passport through the flow API', async () => {
    const { page, deep } = portal;
    await portal.openScreen('/app/links', 'idv-links >>> tbody tr');
    await page.click(deep('idv-links >>> wa-radio[value="ID ONLY"]'));
    await page.type(
      deep('idv-links >>> wa-input[name="externalUserId"] >>> input'),
      'customer-1002',
    );
    await page.click(deep('idv-links >>> wa-button[type="submit"]'));
    await portal.waitFor(deep('idv-links >>> tbody tr:nth-child(2)'));
    const links = await stack.api<
      { _id: string; verificationId: string; type: string; externalUserId?: string }[]
    >('GET', '/links');
    const idOnly = links.find((link) => link.externalUserId === 'customer-1002')!;
    expect(idOnly.type).toBe('ID ONLY');
    passportVerificationId = idOnly.verificationId;
    const { image } = await renderDocument(holder, {
      kind: 'passport',
      side: 'front',
      degrade: 'photo',
    });
    const answer = await completePassport(stack.apiBase, idOnly._id, image);
    expect(answer).toMatchObject({ accepted: true, status: 'success', next: 'done' });
  });

  it('finds the verification in the inbox by search and status, kept in the URL', async () => {
    const { page, deep } = portal;
    await portal.openScreen('/app/', 'idv-inbox >>> tbody tr');
    await page.type(deep('idv-inbox >>> wa-input[name="q"] >>> input'), 'customer-1001');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.search === '?q=customer-1001');
    await page.click(deep('idv-inbox >>> wa-select'));
    await page.click(deep('idv-inbox >>> wa-option[value="success"]'));
    await page.waitForFunction(() => location.search === '?status=success&q=customer-1001');
    await portal.waitFor(deep(`idv-inbox >>> a[href="/app/verifications/${verificationId}"]`));
    expect(await text('idv-inbox >>> tbody')).toContain('success');
    expect(await text('idv-inbox >>> nav[aria-label="Pages"] span')).toBe('1–1 of 1');
    await page.keyboard.press('Escape');
    await expectAccessible('inbox');
    await portal.screenshot('inbox');
    // A reload keeps the filters: they live in the URL.
    await page.reload();
    await portal.waitFor(deep(`idv-inbox >>> a[href="/app/verifications/${verificationId}"]`));
    await page.click(deep('idv-inbox >>> wa-select'));
    await page.click(deep('idv-inbox >>> wa-option[value="failed"]'));
    await portal.waitFor(deep('idv-inbox >>> .empty'));
    expect(await text('idv-inbox >>> .empty')).toBe('No verification matches these filters.');
    await page.goBack();
    await portal.waitFor(deep(`idv-inbox >>> a[href="/app/verifications/${verificationId}"]`));

    // Live arrival: a link created elsewhere shows up at the next poll (ETag, every 10 s).
    await portal.openScreen('/app/', 'idv-inbox >>> tbody tr:nth-child(2)');
    await stack.api('POST', '/links', { type: 'ID ONLY', externalUserId: 'customer-live' });
    await portal.waitFor(deep('idv-inbox >>> tbody tr:nth-child(3)'), 30_000);
    expect(await text('idv-inbox >>> tbody tr:first-child')).toContain('customer-live');
    expect(await text('idv-inbox >>> #arrived')).toBe('1 new verification.');

    // The other filters and the sort, kept in the URL too.
    await page.click(deep('idv-inbox >>> details.more summary'));
    await page.click(deep('idv-inbox >>> wa-select[name="type"]'));
    await page.click(deep('idv-inbox >>> wa-select[name="type"] wa-option[value="ID ONLY"]'));
    await page.waitForFunction(() => location.search === '?type=ID+ONLY');
    await page.click(deep('idv-inbox >>> wa-select[name="sort"]'));
    await page.click(deep('idv-inbox >>> wa-select[name="sort"] wa-option[value="oldest"]'));
    await page.waitForFunction(() => location.search === '?type=ID+ONLY&sort=oldest');
    await page.waitForFunction(
      () =>
        document
          .querySelector('idv-portal')
          ?.shadowRoot?.querySelector('idv-inbox')
          ?.shadowRoot?.querySelector('tbody tr:first-child')
          ?.textContent?.includes('customer-1002') === true,
      { polling: 100, timeout: 10_000 },
    );
    expect(await page.$$(deep('idv-inbox >>> tbody tr'))).toHaveLength(2);
    expect(
      await page.$(
        deep(
          `idv-inbox >>> tbody tr:first-child a[href="/app/verifications/${passportVerificationId}"]`,
        ),
      ),
    ).not.toBeNull();
    await page.keyboard.press('Escape');
    await expectAccessible('inbox, more filters');
    await portal.screenshot('inbox-filters');
  });

  it('opens the FULL FLOW verification (the card read on both sides, the selfie matched and live) and overrides it with a reason, which sends the signed webhook', async () => {
    const { page, deep } = portal;
    // The nav's link to the inbox shows what its URL says: none of the filters set above.
    await page.click(deep('nav a[href="/app/"]'));
    await page.waitForFunction(() => location.search === '');
    const row = deep(`idv-inbox >>> a[href="/app/verifications/${verificationId}"]`);
    await portal.waitFor(row);
    await page.click(row);
    await portal.waitFor(deep('idv-verification-detail >>> form'));
    expect(page.url()).toBe(`${stack.origin}/app/verifications/${verificationId}`);
    expect(await text('idv-verification-detail >>> .title wa-badge')).toBe('success');
    const fields = await text('idv-verification-detail >>> dl.fields');
    const expected = expectedFields(cardOwner);
    expect(fields).toContain(expected.idNumber);
    expect(fields).toContain(expected.birthDate);
    expect(fields).toContain(expected.lastNames);
    // The pictures the element took, read through the portal's session and shown.
    await page.waitForFunction(
      (selector: string) => {
        const [host, ...rest] = selector.split(' >>> ');
        let node: Element | null = document.querySelector(host!);
        for (const part of rest) node = node?.shadowRoot?.querySelector(part) ?? null;
        const images = [...(node?.shadowRoot?.querySelectorAll('figure img') ?? [])];
        return (
          images.length >= 2 &&
          images.every(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          )
        );
      },
      { polling: 100, timeout: 20_000 },
      'idv-portal >>> idv-verification-detail >>> idv-document-images',
    );
    // The back's MRZ beside the front's printed data and the back's PDF417, field by field,
    // agreeing (the barcode's column gives its own values, not dashes).
    const readings = await text('idv-verification-detail >>> idv-document-readings >>> tbody');
    expect(readings).toContain(expected.idNumber);
    expect(readings).toMatch(/Document number\s+(\S+)\s+\1\s+\1\s+agree/);
    expect(readings).toMatch(/Date of birth\s+(\S+)\s+\1\s+\1\s+agree/);
    expect(await text('idv-verification-detail >>> idv-document-readings >>> p')).toContain(
      'Every MRZ check digit is valid',
    );
    // Zoom and rotate the front with the keyboard.
    const image = 'idv-verification-detail >>> idv-document-images >>> ';
    await page.focus(deep(`${image}wa-button[aria-label^="Zoom into"]`));
    await page.keyboard.press('Enter');
    await page.focus(deep(`${image}wa-button[aria-label^="Rotate"]`));
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (selector: string) => {
        const [host, ...rest] = selector.split(' >>> ');
        let node: Element | null = document.querySelector(host!);
        for (const part of rest) node = node?.shadowRoot?.querySelector(part) ?? null;
        const style = (node as HTMLImageElement | null)?.getAttribute('style') ?? '';
        return style.includes('rotate(90deg)') && style.includes('width: 200%');
      },
      { polling: 100, timeout: 5_000 },
      `idv-portal >>> ${image.replace(/ >>> $/, '')} >>> figure img`,
    );
    // The selfie against the card's portrait, over the threshold, and the challenge the element
    // drew, passed on the phone and confirmed by the server in the frames that came with it.
    const selfie = await text('idv-verification-detail >>> idv-selfie-review >>> dl');
    const match = /Face match\s+([\d.]+) of 100 — same person \(threshold\s+([\d.]+)\)/.exec(
      selfie,
    );
    expect(match, selfie).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(Number(match![2]));
    expect(selfie).toMatch(
      /Liveness challenge\s+(turn the head left|turn the head right|blink), passed on the device\s+confirmed by the frames/,
    );
    expect(selfie).toMatch(/Anti-spoofing\s+live person\s+spoof likelihood \d+%/);
    expect(selfie).toMatch(/Capture\s+camera,/);
    // The timeline of the flow and the deliveries of its webhooks to the receiver.
    const timeline = await text('idv-verification-detail >>> idv-verification-timeline >>> ol');
    expect(timeline).toMatch(
      /Link created[\s\S]*Front read[\s\S]*Back read[\s\S]*Selfie submitted[\s\S]*Liveness and face match passed[\s\S]*Verification succeeded/,
    );
    await portal.waitFor(
      deep('idv-verification-detail >>> idv-verification-timeline >>> tbody tr'),
    );
    expect(await text('idv-verification-detail >>> idv-verification-timeline >>> tbody')).toContain(
      'verification.successful',
    );
    expect(await text('idv-verification-detail >>> idv-related-verifications >>> p')).toContain(
      'No other verification of customer-1001',
    );
    await expectAccessible('verification');
    await portal.screenshot('verification');

    await page.click(deep('idv-verification-detail >>> wa-select[name="overrideStatus"]'));
    await page.click(deep('idv-verification-detail >>> wa-option[value="failed"]'));
    await page.click(deep('idv-verification-detail >>> wa-select[name="reasonId"]'));
    await page.click(deep('idv-verification-detail >>> wa-select[name="reasonId"] wa-option'));
    await page.click(deep('idv-verification-detail >>> wa-button[type="submit"]'));
    await portal.waitFor(deep('idv-verification-detail >>> wa-callout[variant="success"]'));
    expect(await text('idv-verification-detail >>> .title wa-badge')).toBe('failed');
    expect(await text('idv-verification-detail >>> wa-callout')).toContain(
      'Result overridden to failed',
    );
    const delivered = await stack.receiver.waitFor(verificationId, (events) =>
      events.some((e) => e.type === 'verification.failed'),
    );
    // Each event once (a receiver deduplicates on `webhook-id`), in the order of the flow.
    const seen = new Set<string>();
    expect(delivered.filter((e) => !seen.has(e.id) && seen.add(e.id)).map((e) => e.type)).toEqual([
      'verification.started',
      'verification.addfront.started',
      'verification.addfront.successful',
      'verification.addback.started',
      'verification.addback.successful',
      'verification.register.started',
      'verification.register.successful',
      'verification.successful',
      'verification.failed',
    ]);
    const webhook = delivered.at(-1)!;
    expect(webhook.signaturesValid).toBe(true);
    expect(webhook.data).toMatchObject({
      _verificationId: verificationId,
      _externalUserId: 'customer-1001',
      _metadata: { orderId: 'A-1001', channel: 'shop' },
    });
    const record = await stack.api<{ status: string }>('GET', `/verifications/${verificationId}`);
    expect(record.status).toBe('failed');
    await page.waitForFunction(
      (selector: string) => {
        const [host, ...rest] = selector.split(' >>> ');
        let node: Element | null = document.querySelector(host!);
        for (const part of rest) node = node?.shadowRoot?.querySelector(part) ?? null;
        return node?.textContent?.includes('Result overridden') ?? false;
      },
      { polling: 100, timeout: 5_000 },
      'idv-portal >>> idv-verification-detail >>> idv-verification-timeline >>> ol',
    );
    // The override's delivery shows in the deliveries table and follows to its answer, without
    // a reload (newest first).
    await textMatches(
      'idv-verification-detail >>> idv-verification-timeline >>> tbody tr:first-child',
      /Verification failed[\s\S]*succeeded[\s\S]*verification\.failed/,
      20_000,
    );
    await expectAccessible('verification, overridden');
    await portal.screenshot('verification-overridden');
  });

  it('shows the Overview: the chart of the days, the pass rate, the reasons and the quota', async () => {
    const { page, deep } = portal;
    await portal.openScreen('/app/overview', 'idv-overview >>> svg rect');
    // Today: the FULL FLOW overridden to failed, the passport a success, the live link open.
    expect(await page.$$(deep('idv-overview >>> svg rect'))).toHaveLength(3);
    expect(await text('idv-overview >>> #pass-rate')).toBe('50%');
    expect(await text('idv-overview >>> #to-review')).toBe('0');
    expect(await text('idv-overview >>> #quota')).toMatch(/^3 \/ [\d,]+$/);
    expect(await page.$$(deep('idv-overview >>> #reasons li'))).toHaveLength(1);
    await expectAccessible('overview');
    await portal.screenshot('overview');
  });

  it('shows the portal in French once chosen in the header (kept across a reload), then in English again', async () => {
    const { page, deep } = portal;
    await page.select(deep('idv-language-picker >>> select'), 'fr');
    await textMatches('idv-overview >>> h1', /^Vue d’ensemble$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await text('header wa-button')).toBe('Se déconnecter');
    expect(await text('idv-overview >>> figcaption')).toBe(
      'Vérifications par jour, par résultat (UTC)',
    );
    await expectAccessible('overview, in French');
    await portal.screenshot('overview-fr');
    // The choice is kept: a reload starts in French.
    await page.reload();
    await textMatches('idv-overview >>> h1', /^Vue d’ensemble$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.select(deep('idv-language-picker >>> select'), 'en');
    await textMatches('idv-overview >>> h1', /^Overview$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  /** Waits until the screen's open dialog finished its show animation (axe reads final colours). */
  const dialogSettled = () =>
    portal.page.waitForFunction(
      () => {
        const screen = document.querySelector('idv-portal')?.shadowRoot?.querySelector('main > *');
        // The screen's own dialog, or the one of its confirmation dialog (`idv-confirm-dialog`).
        const root = screen?.shadowRoot;
        const dialog =
          root?.querySelector('wa-dialog[open]') ??
          root?.querySelector('idv-confirm-dialog')?.shadowRoot?.querySelector('wa-dialog[open]');
        const native = dialog?.shadowRoot?.querySelector('dialog');
        return native?.open === true && native.getAnimations({ subtree: true }).length === 0;
      },
      { polling: 50, timeout: 10_000 },
    );

  /** Waits until the screen's dialog is fully closed (its hide animation fades the title). */
  const dialogClosed = () =>
    portal.page.waitForFunction(
      () => {
        const screen = document.querySelector('idv-portal')?.shadowRoot?.querySelector('main > *');
        const root = screen?.shadowRoot;
        const native = (
          root?.querySelector('wa-dialog') ??
          root?.querySelector('idv-confirm-dialog')?.shadowRoot?.querySelector('wa-dialog')
        )?.shadowRoot?.querySelector('dialog');
        return native !== null && native !== undefined && !native.open;
      },
      { polling: 50, timeout: 10_000 },
    );

  it('rotates the client secret on the Developers screen: the old secret is refused, the new one accepted; lists the deliveries, adds and deletes an endpoint', async () => {
    const { page, deep } = portal;
    await portal.openScreen('/app/developers', 'idv-developers >>> #client-id');
    expect(await text('idv-developers >>> #client-id')).toBe(stack.account.clientId);
    await portal.waitFor(deep('idv-developers >>> #endpoints tbody tr'));
    expect(await text('idv-developers >>> #endpoints')).toContain(stack.receiver.url);
    // The receiver's deliveries: the webhooks of the flows above, answered 2xx.
    await page.click(deep('idv-developers >>> #endpoints tbody tr wa-button'));
    await portal.waitFor(deep('idv-developers >>> #deliveries tbody tr'));
    expect(await text('idv-developers >>> #deliveries')).toContain('verification.failed');
    expect(await text('idv-developers >>> #deliveries')).toContain('succeeded');

    // Send a test event: the receiver gets it signed; its attempt's answer shows in the log.
    const firstDelivery = 'idv-developers >>> #deliveries tbody tr:first-child';
    const testDelivered = /Test event[\s\S]*succeeded[\s\S]*#1\s+HTTP 20\d/;
    await page.click(deep('idv-developers >>> #endpoints tbody tr wa-button.send-test'));
    await textMatches(firstDelivery, testDelivered);
    const tests = () => stack.receiver.received.filter((r) => r.type === 'webhook.test');
    expect(tests()).toHaveLength(1);
    expect(tests()[0]!.signaturesValid).toBe(true);
    // Resend it: a new delivery of the same event (same webhook-id), signed again.
    await page.click(deep(`${firstDelivery} wa-button.resend`));
    await textMatches('idv-developers >>> #deliveries tbody tr:nth-child(2)', testDelivered);
    await textMatches(firstDelivery, testDelivered);
    expect(tests().map((r) => [r.id, r.signaturesValid])).toEqual([
      [tests()[0]!.id, true],
      [tests()[0]!.id, true],
    ]);
    await expectAccessible('developers');
    await portal.screenshot('developers');

    // The webhook secret shows only after the password is typed again.
    await page.click(deep('idv-developers >>> #reveal-webhook-secret'));
    await portal.waitFor(deep('idv-developers >>> #reveal-password'));
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await portal.waitFor(deep('idv-webhook-secret >>> wa-callout[variant="danger"]'));
    expect(await page.$(deep('idv-developers >>> #webhook-secret'))).toBeNull();
    await page.type(deep('idv-developers >>> #reveal-password >>> input'), PASSWORD);
    await page.keyboard.press('Enter');
    await portal.waitFor(deep('idv-developers >>> #webhook-secret'));
    expect(await text('idv-developers >>> #webhook-secret')).toBe(stack.account.webhookSecret);
    await expectAccessible('developers, webhook secret revealed');

    await page.click(deep('idv-developers >>> #rotate-client-secret'));
    await portal.waitFor(deep('idv-developers >>> wa-dialog[open] wa-button#confirm'));
    await dialogSettled();
    await expectAccessible('developers, confirm rotation');
    await portal.screenshot('developers-confirm');
    await page.click(deep('idv-developers >>> wa-dialog wa-button#confirm'));
    await portal.waitFor(deep('idv-developers >>> #client-secret'));
    await dialogClosed();
    const newSecret = await text('idv-developers >>> #client-secret');
    expect(newSecret).not.toBe(stack.account.clientSecret);
    const token = (secret: string) =>
      fetch(`${stack.apiBase}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${stack.account.clientId}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
    expect((await token(stack.account.clientSecret)).status).toBe(401);
    expect((await token(newSecret)).status).toBe(200);
    await expectAccessible('developers, new secret');
    await portal.screenshot('developers-rotated');

    await page.type(
      deep(
        'idv-developers >>> form[aria-label="New webhook endpoint"] wa-input[name="url"] >>> input',
      ),
      'https://93.184.216.34/portal-hook',
    );
    await page.keyboard.press('Enter');
    await portal.waitFor(deep('idv-developers >>> #endpoints tbody tr:nth-child(2)'));
    expect(await text('idv-developers >>> #endpoints tbody tr:nth-child(2)')).toContain(
      'https://93.184.216.34/portal-hook',
    );
    await page.click(
      deep('idv-developers >>> #endpoints tbody tr:nth-child(2) wa-button[variant="danger"]'),
    );
    await portal.waitFor(deep('idv-developers >>> wa-dialog[open] wa-button#confirm'));
    await page.click(deep('idv-developers >>> wa-dialog wa-button#confirm'));
    await dialogClosed();
    await page.waitForFunction(
      () =>
        document
          .querySelector('idv-portal')
          ?.shadowRoot?.querySelector('idv-developers')
          ?.shadowRoot?.querySelector('idv-webhook-endpoints')
          ?.shadowRoot?.querySelectorAll('#endpoints tbody tr').length === 1,
      { polling: 100, timeout: 10_000 },
    );
  });

  it('creates an analysis key on the Cloud services screen (secret shown once), pauses it and revokes it', async () => {
    const { page, deep } = portal;
    await portal.openScreen('/app/cloud-services', 'idv-cloud-services >>> .empty');
    await page.type(
      deep('idv-cloud-services >>> form wa-input[name="name"] >>> input'),
      'Checkout faces',
    );
    await page.keyboard.press('Enter');
    await portal.waitFor(deep('idv-cloud-services >>> #key-secret'));
    const secret = await text('idv-cloud-services >>> #key-secret');
    await textMatches(
      'idv-cloud-services >>> #keys tbody tr',
      /Checkout faces[\s\S]*active[\s\S]*0 of 10,000 calls/,
    );
    expect(await text('idv-cloud-services >>> #keys')).not.toContain(secret);
    await expectAccessible('cloud services');
    await portal.screenshot('cloud-services');
    await page.click(deep('idv-cloud-services >>> #keys tbody tr wa-button.pause'));
    await textMatches('idv-cloud-services >>> #keys tbody tr', /paused[\s\S]*Resume/);
    await page.click(deep('idv-cloud-services >>> #keys tbody tr wa-button.revoke'));
    await portal.waitFor(deep('idv-cloud-services >>> wa-dialog[open] wa-button#confirm'));
    await dialogSettled();
    await expectAccessible('cloud services, confirm revocation');
    await portal.screenshot('cloud-services-revoke');
    await page.click(deep('idv-cloud-services >>> wa-dialog wa-button#confirm'));
    await dialogClosed();
    await portal.waitFor(deep('idv-cloud-services >>> .empty'));
  });

  it('changes the brand colour and the link window on the Company screen, with a live preview of the element', async () => {
    const { page, deep } = portal;
    await portal.openScreen('/app/company', 'idv-company >>> #preview idv-verify');
    const preview = deep('idv-company >>> #preview idv-verify');
    expect(await page.$eval(preview, (el) => el.getAttribute('business-name'))).toBe(
      'Northwind Optics',
    );
    // The colour picker's value, as the person picks it: the preview follows before saving.
    await page.$eval(deep('idv-company >>> #colour'), (input) => {
      (input as HTMLInputElement).value = '#0a7d5a';
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    });
    await expect
      .poll(() => page.$eval(preview, (el) => el.getAttribute('brand-color')))
      .toBe('#0a7d5a');
    // The element's accent is the picked colour, with readable text on it.
    expect(
      await page.$eval(preview, (el) => [
        getComputedStyle(el).getPropertyValue('--idv-color-primary').trim(),
        getComputedStyle(el).getPropertyValue('--idv-color-on-primary').trim(),
      ]),
    ).toEqual(['#0a7d5a', '#ffffff']);
    const hours = deep('idv-company >>> wa-input[name="expirationTime"] >>> input');
    await page.click(hours, { count: 3 });
    await page.keyboard.type('48');
    await expectAccessible('company');
    await portal.screenshot('company');
    await page.click(deep('idv-company >>> #company-form wa-button[type="submit"]'));
    await textMatches('idv-company >>> #company-notice', /saved/);
    // Saved on the server: the portal's own read, with the page's session.
    const company = await page.evaluate(async () =>
      (await fetch('/app/api/company', { credentials: 'same-origin' })).json(),
    );
    expect(company).toMatchObject({ color: '#0a7d5a', linkConfig: { expirationTime: 48 } });
  });

  it('shows the plan, the month against the quota, the subscription and its invoices on the Billing screen', async () => {
    const { deep } = portal;
    await portal.openScreen('/app/billing', 'idv-billing >>> #usage');
    await textMatches(
      'idv-billing >>> #usage',
      /Plan[\s\S]*This month[\s\S]*\d+ of [\d,]+ verifications/,
    );
    await portal.waitFor(deep('idv-billing >>> #subscription'));
    await expectAccessible('billing');
    await portal.screenshot('billing');
  });

  it('invites a reviewer from the Team screen who accepts by e-mail, resets a forgotten password by e-mail, and is made a viewer, then removed', async () => {
    const { page, deep } = portal;
    // Long enough not to fit a phone's line: the removal dialog's title names it.
    const email = 'reviewer.of.the.quality.department@northwind-optics-subsidiary.test';
    await portal.openScreen('/app/team', 'idv-team >>> #people tbody tr');
    expect(await text('idv-team >>> #people')).toContain(stack.ownerEmail);
    await page.type(deep('idv-team >>> form wa-input[name="email"] >>> input'), email);
    await page.keyboard.press('Enter');
    await portal.waitFor(deep('idv-team >>> #team-notice'));
    expect(await text('idv-team >>> #team-notice')).toBe(`Invitation sent to ${email}.`);
    await portal.waitFor(deep('idv-team >>> #people tbody tr:nth-child(2)'));
    expect(await text('idv-team >>> #people tbody tr:nth-child(2)')).toContain('invited');
    await expectAccessible('team');
    await portal.screenshot('team');
    // The invitation is sent again: only the newer link works.
    await page.click(
      deep('idv-team >>> #people tbody tr:nth-child(2) wa-button.resend-invitation'),
    );
    await textMatches(
      'idv-team >>> #team-notice',
      new RegExp(`^Invitation sent again to ${email}`),
    );
    await expect
      .poll(() => portalLinksMailedTo(stack.mailDir, email).length, { timeout: 10_000 })
      .toBe(2);

    // The newer invitation as the person's mailbox has it, opened in their own browser.
    const [, invitation] = portalLinksMailedTo(stack.mailDir, email);
    const person = await openPortal(browser.browser, invitation!, SCREENSHOTS);
    try {
      const choosePassword = async (password: string) => {
        const field = (name: string) =>
          person.deep(`idv-sign-in-link >>> wa-input[name="${name}"] >>> input`);
        await person.waitFor(field('password'));
        await person.page.type(field('password'), password);
        await person.page.type(field('confirm'), password);
        await person.page.keyboard.press('Enter');
        await person.waitFor(person.deep('idv-inbox >>> tbody tr'));
      };
      await choosePassword('reviewer-first-password');
      // A reviewer is offered neither the Developers nor the Team screen.
      expect(await person.page.$(person.deep('nav a[href="/app/team"]'))).toBeNull();
      expect(await person.page.$(person.deep('nav a[href="/app/developers"]'))).toBeNull();

      // Forgotten password: signed out, they ask for a link and choose a new password with it.
      await person.page.click(person.deep('header wa-button'));
      await person.waitFor(person.deep('idv-sign-in >>> #forgot'));
      await person.page.click(person.deep('idv-sign-in >>> #forgot'));
      await person.waitFor(person.deep('idv-sign-in >>> wa-input[name="email"]'));
      await person.page.type(
        person.deep('idv-sign-in >>> wa-input[name="email"] >>> input'),
        email,
      );
      await person.page.keyboard.press('Enter');
      await person.waitFor(person.deep('idv-sign-in >>> #reset-sent'));
      expect(await person.axe()).toEqual([]);
      await person.screenshot('password-reset-sent');
      await expect
        .poll(() => portalLinksMailedTo(stack.mailDir, email).length, { timeout: 10_000 })
        .toBe(3);
      await person.page.goto(portalLinksMailedTo(stack.mailDir, email)[2]!);
      await choosePassword('reviewer-second-password');
    } finally {
      await person.close();
    }

    // The owner sees them active, makes them a viewer, then removes them.
    await page.reload();
    await portal.waitFor(
      deep('idv-team >>> #people tbody tr:nth-child(2) wa-badge[variant="success"]'),
    );
    await page.click(deep('idv-team >>> #people tbody tr:nth-child(2) wa-select'));
    await page.click(deep('idv-team >>> #people tbody tr:nth-child(2) wa-option[value="viewer"]'));
    await portal.waitFor(deep('idv-team >>> #team-notice'));
    await page.waitForFunction(
      (expected: string) =>
        document
          .querySelector('idv-portal')
          ?.shadowRoot?.querySelector('idv-team')
          ?.shadowRoot?.querySelector('#team-notice')
          ?.textContent?.trim() === expected,
      { polling: 100, timeout: 10_000 },
      `${email} is now viewer.`,
    );
    const askRemoval = async () => {
      await page.click(
        deep('idv-team >>> #people tbody tr:nth-child(2) wa-button[variant="danger"]'),
      );
      await portal.waitFor(deep('idv-team >>> wa-dialog[open] wa-button#confirm'));
      await dialogSettled();
    };
    await askRemoval();
    // On a phone the title, which names the address, wraps: the close button stays inside the
    // dialog and in view, is named, and closes it.
    await page.setViewport(VIEWPORTS.phone);
    const closeButton = deep('idv-team >>> wa-dialog[open] >>> wa-button.close >>> button');
    const boxes = await page.$eval(closeButton, (button) => {
      const dialog = (
        (button.getRootNode() as ShadowRoot).host.getRootNode() as ShadowRoot
      ).querySelector('dialog')!;
      const [b, d] = [button.getBoundingClientRect(), dialog.getBoundingClientRect()];
      return { button: [b.left, b.right], dialog: [d.left, d.right], viewport: innerWidth };
    });
    expect(
      boxes.button[0]! >= boxes.dialog[0]! &&
        boxes.button[1]! <= boxes.dialog[1]! &&
        boxes.dialog[1]! <= boxes.viewport,
      JSON.stringify(boxes),
    ).toBe(true);
    expect(await page.accessibility.snapshot({ root: (await page.$(closeButton))! })).toMatchObject(
      { role: 'button', name: 'Close' },
    );
    await page.click(closeButton);
    await dialogClosed();
    await page.setViewport(VIEWPORTS.desktop);
    await askRemoval();
    await expectAccessible('team, confirm removal');
    await portal.screenshot('team-remove');
    await page.click(deep('idv-team >>> wa-dialog wa-button#confirm'));
    await page.waitForFunction(
      () =>
        document
          .querySelector('idv-portal')
          ?.shadowRoot?.querySelector('idv-team')
          ?.shadowRoot?.querySelectorAll('#people tbody tr').length === 1,
      { polling: 100, timeout: 10_000 },
    );
  });

  it('reads the activity log: who did what and from where, filtered by action and person in the URL', async () => {
    const { page, deep } = portal;
    // The Team flow's last dialog may still hold the pointer for a moment: click until the route
    // is entered.
    for (let i = 0; i < 20 && new URL(page.url()).pathname !== '/app/activity'; i++) {
      await page.click(deep('nav a[href="/app/activity"]'));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await portal.waitFor(deep('idv-activity >>> #activity tbody tr'));
    // Newest first: the Team flow's removal, by the owner, from this machine.
    await textMatches(
      'idv-activity >>> #activity tbody tr:first-child',
      new RegExp(
        `${stack.ownerEmail}[\\s\\S]*Person removed\\s*portal\\.member\\.removed[\\s\\S]*127\\.0\\.0\\.1`,
      ),
    );
    await expectAccessible('activity');
    await portal.screenshot('activity');
    // Filters live in the URL: the resends of the Developers flow, then the API client's links.
    await page.goto(`${stack.origin}/app/activity?action=webhook_delivery.resent`);
    await portal.waitFor(deep('idv-activity >>> #activity tbody tr'));
    expect(await page.$$(deep('idv-activity >>> #activity tbody tr'))).toHaveLength(1);
    expect(await text('idv-activity >>> #activity tbody')).toContain(stack.ownerEmail);
    expect(
      await page.$eval(
        deep('idv-activity >>> #action-filter'),
        (el) => (el as unknown as { value: string }).value,
      ),
    ).toBe('webhook_delivery.resent');
    // Each action reads as its label, its code below it; the filter offers the labels.
    expect(await text('idv-activity >>> #activity tbody tr .label')).toBe(
      'Webhook delivery resent',
    );
    expect(await text('idv-activity >>> #activity tbody tr .action')).toBe(
      'webhook_delivery.resent',
    );
    expect(
      await text('idv-activity >>> #action-filter wa-option[value="webhook_delivery.resent"]'),
    ).toBe('Webhook delivery resent');
    await expectAccessible('activity, filtered');
    await portal.screenshot('activity-filtered');
  });

  it('never left its origin (no CDN, no external font) and asked for nothing missing', () => {
    expect(portal.requests.length).toBeGreaterThan(10);
    // Web Awesome's own icons (select caret, copy, check) are inline `data:` images.
    const foreign = portal.requests.filter(
      (url) => !url.startsWith('data:') && new URL(url).origin !== stack.origin,
    );
    expect(foreign).toEqual([]);
    // Only the first session read, made signed out, and the wrong password typed on purpose to
    // reveal the webhook secret failed: no missing file, no broken call.
    expect(portal.failedResponses).toEqual([
      '401 /app/api/session',
      '403 /app/api/developers/webhook-secret/reveal',
    ]);
  });
});
