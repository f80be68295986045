/**
 * The account-holder portal end to end, in Debian's headless Chromium against the real server
 * (its CLI, SQLite) and a webhook receiver checking signatures: the owner opens the one-time
 * sign-in link `idv-server account create --email` printed and chooses a password, signs out and
 * in again with the keyboard, creates a FULL FLOW link and copies its URL, finds its verification
 * in the inbox (search and status filter kept in the URL), opens it, overrides it with a reason,
 * and the receiver gets the signed webhook. Every screen is checked with axe-core and
 * screenshotted at 390×844 and 1280×800 into test/screenshots/portal/ (git-ignored).
 */
import { mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { openPortal, type PortalPage } from '../support/portal-page.js';
import { startStack, type Stack } from '../support/stack.js';

const SCREENSHOTS = fileURLToPath(new URL('../screenshots/portal/', import.meta.url));
const PASSWORD = 'northwind-owner-2026';

describe('portal (/app/) in Chromium', () => {
  let stack: Stack;
  let browser: TestBrowser;
  let portal: PortalPage;

  beforeAll(async () => {
    await rm(SCREENSHOTS, { recursive: true, force: true });
    await mkdir(SCREENSHOTS, { recursive: true });
    stack = await startStack();
    browser = await launchBrowser({
      trustedCertificateFile: stack.fingerprintCertificateFile,
      screenshotDir: SCREENSHOTS,
    });
    portal = await openPortal(browser.browser, stack.signInLink, SCREENSHOTS);
  });
  afterAll(async () => {
    await portal?.close();
    await browser?.close();
    await stack?.stop();
  });

  /** No axe violation on the screen as it stands. */
  const expectAccessible = async (screen: string) => {
    const violations = await portal.axe();
    expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  };

  const text = (selector: string) =>
    portal.page.$eval(portal.deep(selector), (node) => node.textContent?.trim() ?? '');

  it('signs the owner in with the one-time link, then out and in again with the keyboard', async () => {
    const { page, deep } = portal;
    await portal.waitFor(deep('idv-sign-in-link >>> wa-input[name="password"]'));
    await expectAccessible('sign-in link');
    await portal.screenshot('sign-in-link');
    await page.type(deep('idv-sign-in-link >>> wa-input[name="password"] >>> input'), PASSWORD);
    await page.type(deep('idv-sign-in-link >>> wa-input[name="confirm"] >>> input'), PASSWORD);
    await page.keyboard.press('Enter');
    await portal.waitFor(deep('idv-inbox >>> .empty'));
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

  let verificationId: string;

  it('creates a FULL FLOW link and copies its URL', async () => {
    const { page, deep } = portal;
    await page.click(deep('nav a[href="/app/links"]'));
    await portal.waitFor(deep('idv-links >>> wa-radio-group'));
    await portal.waitFor(deep('idv-links >>> .empty'));
    await page.type(
      deep('idv-links >>> wa-input[name="externalUserId"] >>> input'),
      'customer-1001',
    );
    await page.click(deep('idv-links >>> wa-button[type="submit"]'));
    await portal.waitFor(deep('idv-links >>> #created-url'));
    const linkUrl = await text('idv-links >>> #created-url');
    expect(linkUrl).toMatch(new RegExp(`^${stack.origin}/v/[0-9a-f-]{36}$`));
    await portal.waitFor(deep('idv-links >>> tbody tr'));
    await page.bringToFront();
    await page.click(deep('idv-links >>> wa-callout wa-copy-button'));
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(linkUrl);
    const links = await stack.api<{ _id: string; verificationId: string; type: string }[]>(
      'GET',
      '/links',
    );
    expect(links).toHaveLength(1);
    expect(links[0]!.type).toBe('FULL FLOW');
    expect(linkUrl.endsWith(links[0]!._id)).toBe(true);
    verificationId = links[0]!.verificationId;
    expect(await text('idv-links >>> tbody tr')).toContain('customer-1001');
    await expectAccessible('links');
    await portal.screenshot('links');
  });

  it('finds the verification in the inbox by search and status, kept in the URL', async () => {
    const { page, deep } = portal;
    await page.click(deep('nav a[href="/app/"]'));
    await portal.waitFor(deep('idv-inbox >>> tbody tr'));
    await page.type(deep('idv-inbox >>> wa-input[name="q"] >>> input'), 'customer-1001');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.search === '?q=customer-1001');
    await page.click(deep('idv-inbox >>> wa-select'));
    await page.click(deep('idv-inbox >>> wa-option[value="pending"]'));
    await page.waitForFunction(() => location.search === '?status=pending&q=customer-1001');
    await portal.waitFor(deep(`idv-inbox >>> a[href="/app/verifications/${verificationId}"]`));
    expect(await text('idv-inbox >>> tbody')).toContain('pending');
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
  });

  it('opens the verification and overrides it with a reason, which sends the signed webhook', async () => {
    const { page, deep } = portal;
    await page.click(deep(`idv-inbox >>> a[href="/app/verifications/${verificationId}"]`));
    await portal.waitFor(deep('idv-verification-detail >>> form'));
    expect(page.url()).toBe(`${stack.origin}/app/verifications/${verificationId}`);
    expect(await text('idv-verification-detail >>> .title wa-badge')).toBe('pending');
    await expectAccessible('verification');
    await portal.screenshot('verification');

    await page.click(deep('idv-verification-detail >>> wa-select[name="overrideStatus"]'));
    await page.click(deep('idv-verification-detail >>> wa-option[value="success"]'));
    await page.click(deep('idv-verification-detail >>> wa-select[name="reasonId"]'));
    await page.click(deep('idv-verification-detail >>> wa-select[name="reasonId"] wa-option'));
    await page.click(deep('idv-verification-detail >>> wa-button[type="submit"]'));
    await page.waitForFunction(
      (selector: string) => {
        const find = (root: ParentNode, parts: string[]): Element | null => {
          const [first, ...rest] = parts;
          const found = root.querySelector(first!);
          if (found === null || rest.length === 0) return found;
          return found.shadowRoot ? find(found.shadowRoot, rest) : null;
        };
        return find(document, selector.split(' >>> '))?.textContent?.trim() === 'success';
      },
      {},
      'idv-portal >>> idv-verification-detail >>> .title wa-badge',
    );
    expect(await text('idv-verification-detail >>> wa-callout')).toContain(
      'Result overridden to success',
    );
    const delivered = await stack.receiver.waitFor(verificationId, (events) =>
      events.some((e) => e.type === 'verification.successful'),
    );
    const webhook = delivered.find((e) => e.type === 'verification.successful')!;
    expect(webhook.signaturesValid).toBe(true);
    expect(webhook.data).toMatchObject({
      _verificationId: verificationId,
      _externalUserId: 'customer-1001',
    });
    const record = await stack.api<{ status: string }>('GET', `/verifications/${verificationId}`);
    expect(record.status).toBe('success');
    await expectAccessible('verification, overridden');
    await portal.screenshot('verification-overridden');
  });

  it('never left its origin: no CDN, no external font, nothing third-party', () => {
    expect(portal.requests.length).toBeGreaterThan(10);
    // Web Awesome's own icons (select caret, copy, check) are inline `data:` images.
    const foreign = portal.requests.filter(
      (url) => !url.startsWith('data:') && new URL(url).origin !== stack.origin,
    );
    expect(foreign).toEqual([]);
  });
});
