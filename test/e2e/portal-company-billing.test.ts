/**
 * The portal's Company logo, link defaults and Billing payment method end to end, in Debian's
 * headless Chromium against the real server (its CLI, SQLite, the local test payment provider
 * named by `IDV_PAYMENT_PROVIDER`, as an operator would for a trial): the owner signs in with the
 * one-time link, uploads a logo from a file (shown as chosen, then as the server serves it, which
 * is what `<idv-verify>` loads for a link), sees an SVG refused, removes the logo; sets the default
 * document types and callback address and sees a new link take them; on Billing is refused with a
 * declined card, then adds a card that pays the open invoice; then sees those sections in French.
 * Every state is checked with axe-core and screenshotted at 390×844 and 1280×800 into
 * test/screenshots/portal-company-billing/.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElementHandle } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalPage } from '../support/portal-page.js';
import {
  chooseFirstPassword,
  expectAccessible as expectScreenAccessible,
  startPortalSession,
  type PortalSession,
} from '../support/portal-session.js';
import type { Stack } from '../support/stack.js';

const SCREENSHOTS = fileURLToPath(
  new URL('../screenshots/portal-company-billing/', import.meta.url),
);
const PASSWORD = 'northwind-owner-2026';

describe('portal Company logo, link defaults and Billing payment method in Chromium', () => {
  let session: PortalSession;
  let stack: Stack;
  let portal: PortalPage;
  let files: string;

  beforeAll(async () => {
    files = await mkdtemp(join(tmpdir(), 'idv-e2e-logo-'));
    session = await startPortalSession(SCREENSHOTS, {
      env: { IDV_PAYMENT_PROVIDER: 'local-test' },
    });
    ({ stack, portal } = session);
    await chooseFirstPassword(portal, PASSWORD);
  });
  afterAll(async () => {
    await session?.close();
    if (files !== undefined) await rm(files, { recursive: true, force: true });
  });

  /** No axe violation on the screen as it stands. */
  const expectAccessible = (screen: string) => expectScreenAccessible(portal, screen);
  const text = (selector: string) => portal.text(selector);
  const textMatches = (selector: string, pattern: RegExp, timeoutMs?: number) =>
    portal.textMatches(selector, pattern, timeoutMs);

  /** The company as the REST API reads it. */
  const company = () =>
    stack.api<{
      logoUrl: string | null;
      callbackUrl: string | null;
      verificationConfig: { documentTypes: string[] };
    }>('GET', '/users/me/company');

  /** Chooses `file` in the logo's file input. */
  const chooseLogo = async (file: string) => {
    const input = (await portal.page.$(
      portal.deep('idv-company >>> idv-company-logo >>> #logo-file'),
    )) as ElementHandle<HTMLInputElement> | null;
    expect(input).not.toBeNull();
    await input!.uploadFile(file);
  };

  it('uploads a logo from a file, which the server serves re-encoded to the element; refuses an SVG; removes the logo', async () => {
    const { page, deep } = portal;
    const logoFile = join(files, 'northwind.png');
    await writeFile(
      logoFile,
      await sharp({ create: { width: 900, height: 300, channels: 4, background: '#0a7d5a' } })
        .png()
        .toBuffer(),
    );
    await page.click(deep('nav a[href="/app/company"]'));
    const logo = 'idv-company >>> idv-company-logo';
    await portal.waitFor(deep(`${logo} >>> #no-logo`));
    await chooseLogo(logoFile);
    // The chosen image shows before it is uploaded (a blob: address, allowed by the page's CSP).
    await portal.waitFor(deep(`${logo} >>> #chosen-logo`));
    expect(
      await page.$eval(deep(`${logo} >>> #chosen-logo`), (img) => (img as HTMLImageElement).src),
    ).toMatch(/^blob:/);
    await expectAccessible('company, logo chosen');
    await portal.screenshot('company-logo-chosen');
    await page.click(deep(`${logo} >>> #upload-logo`));
    await textMatches(`${logo} >>> #logo-notice`, /logo is saved/);

    const saved = await company();
    expect(saved.logoUrl).toMatch(/\/api\/v1\/companies\/[0-9a-f-]+\/logo\?v=/);
    // The image in use is the server's address, loaded and decoded by the browser: the upload
    // re-encoded within 512 pixels.
    await portal.waitFor(deep(`${logo} >>> #current-logo`));
    const shown = await page.$eval(deep(`${logo} >>> #current-logo`), async (node) => {
      const img = node as HTMLImageElement;
      await img.decode();
      return { src: img.src, width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(shown).toEqual({ src: saved.logoUrl, width: 512, height: 171 });
    // A link's flow session names that logo for the element.
    const link = await stack.api<{ linkId: string }>('POST', '/links', { type: 'ID ONLY' }, 201);
    const session = await fetch(`${stack.apiBase}/flow/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkId: link.linkId }),
    });
    expect(((await session.json()) as { company: { logoUrl: string } }).company.logoUrl).toBe(
      saved.logoUrl,
    );
    await expectAccessible('company, logo uploaded');
    await portal.screenshot('company-logo-uploaded');

    // An SVG is refused by the server even when the browser is told it is a PNG.
    const disguised = join(files, 'disguised.png');
    await writeFile(
      disguised,
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>',
    );
    await chooseLogo(disguised);
    await page.click(deep(`${logo} >>> #upload-logo`));
    await textMatches(`${logo} >>> wa-callout[role="alert"]`, /JPEG, PNG or WebP/);
    expect((await company()).logoUrl).toBe(saved.logoUrl);
    // An .svg file is refused before it is sent.
    const svg = join(files, 'logo.svg');
    await writeFile(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await chooseLogo(svg);
    await textMatches(`${logo} >>> wa-callout[role="alert"]`, /SVG is not accepted/);
    await expectAccessible('company, logo refused');

    await page.click(deep(`${logo} >>> #remove-logo`));
    await textMatches(`${logo} >>> #logo-notice`, /logo is removed/);
    await portal.waitFor(deep(`${logo} >>> #no-logo`));
    expect((await company()).logoUrl).toBeNull();
  });

  it('sets the default document types and callback address, which a new link takes', async () => {
    const { page, deep } = portal;
    const form = 'idv-company >>> idv-link-defaults';
    await portal.waitFor(deep(`${form} >>> wa-checkbox[name="type-ID_CARD"]`));
    // Unticking both is refused on the screen (the server refuses an empty list too).
    await page.click(deep(`${form} >>> wa-checkbox[name="type-ID_CARD"]`));
    await page.click(deep(`${form} >>> wa-checkbox[name="type-PASSPORT"]`));
    await page.click(deep(`${form} >>> wa-button[type="submit"]`));
    await textMatches(`${form} >>> wa-callout[role="alert"]`, /at least one document type/);
    await page.click(deep(`${form} >>> wa-checkbox[name="type-PASSPORT"]`));
    await page.type(
      deep(`${form} >>> wa-input[name="callbackUrl"] >>> input`),
      'https://shop.example/verified',
    );
    await expectAccessible('company, link defaults');
    await portal.screenshot('company-link-defaults');
    await page.click(deep(`${form} >>> wa-button[type="submit"]`));
    await textMatches(`${form} >>> #link-defaults-notice`, /defaults are saved/);
    const saved = await company();
    expect(saved.callbackUrl).toBe('https://shop.example/verified');
    expect(saved.verificationConfig.documentTypes).toEqual(['PASSPORT']);
    const created = await stack.api<{ linkId: string }>('POST', '/links', { type: 'ID ONLY' }, 201);
    const link = await stack.api<{ callbackUrl: string; documentTypes: string[] }>(
      'GET',
      `/links/${created.linkId}`,
    );
    expect(link).toMatchObject({
      callbackUrl: 'https://shop.example/verified',
      documentTypes: ['PASSPORT'],
    });
  });

  it('adds a payment method with the test provider: a declined card is refused, a good one pays the open invoice', async () => {
    const { page, deep } = portal;
    await page.click(deep('nav a[href="/app/billing"]'));
    const method = 'idv-billing >>> idv-payment-method';
    await portal.waitFor(deep(`${method} >>> #no-payment-method`));
    expect(await text(`${method} >>> #test-tokens`)).toContain('tok_chargeDeclined');
    expect(await text('idv-billing >>> #invoices tbody')).toContain('open');
    await expectAccessible('billing, no payment method');
    await portal.screenshot('billing-no-payment-method');

    const token = deep(`${method} >>> wa-input[name="token"] >>> input`);
    await page.type(token, 'tok_chargeDeclined');
    await page.keyboard.press('Enter');
    await textMatches(`${method} >>> wa-callout[role="alert"]`, /card declined/);
    expect(await text('idv-billing >>> #invoices tbody')).toContain('open');
    await expectAccessible('billing, card declined');
    await portal.screenshot('billing-card-declined');

    await page.click(token, { count: 3 });
    await page.type(token, 'tok_visa');
    await page.keyboard.press('Enter');
    await textMatches(`${method} >>> #payment-method-notice`, /Visa •••• 4242 is added; it paid/);
    await textMatches(`${method} >>> #payment-method`, /Visa •••• 4242/);
    await textMatches('idv-billing >>> #invoices tbody', /paid/);
    await textMatches('idv-billing >>> #subscription', /active/);
    await expectAccessible('billing, payment method added');
    await portal.screenshot('billing-payment-method');
  });

  it('shows the payment method, logo and link defaults sections in French once chosen', async () => {
    const { page, deep } = portal;
    const method = 'idv-billing >>> idv-payment-method';
    await page.select(deep('idv-language-picker >>> select'), 'fr');
    await textMatches(`${method} >>> h2`, /^Moyen de paiement$/);
    expect(await text(`${method} >>> #payment-method dt`)).toBe('Carte');

    await page.click(deep('nav a[href="/app/company"]'));
    const logo = 'idv-company >>> idv-company-logo';
    await textMatches(`${logo} >>> #no-logo`, /^Pas de logo : les vérifications affichent/);
    expect(await text(`${logo} >>> label[for="logo-file"]`)).toBe(
      'Choisissez une image : PNG, JPEG ou WebP, 2 Mo au plus',
    );
    expect(await text(`${logo} >>> #upload-logo`)).toBe('Envoyer le logo');
    expect(await text('idv-company >>> idv-link-defaults >>> legend')).toBe(
      'Types de document et adresse de retour',
    );
    // The preview speaks the portal's language, and follows it when it changes.
    const preview = 'idv-company >>> #preview idv-verify';
    expect(await page.$eval(deep(preview), (el) => el.getAttribute('lang'))).toBe('fr');
    await textMatches(`${preview} >>> [part=base]`, /Préparation de votre vérification/);
    await expectAccessible('company, in French');
    await portal.screenshot('company-fr');
    await page.select(deep('idv-language-picker >>> select'), 'en');
    await textMatches(`${logo} >>> #upload-logo`, /^Upload the logo$/);
    expect(await page.$eval(deep(preview), (el) => el.getAttribute('lang'))).toBe('en');
    await textMatches(`${preview} >>> [part=base]`, /Preparing your verification/);
  });

  it('never left its origin and asked for nothing missing', () => {
    const origin = new URL(stack.origin).origin;
    const foreign = portal.requests.filter(
      (url) => !url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:'),
    );
    expect(foreign).toEqual([]);
    // Only the first session read (made signed out) and the refusals on purpose failed: the
    // disguised SVG (400) and the declined card (402).
    expect(portal.failedResponses).toEqual([
      '401 /app/api/session',
      '400 /app/api/company/logo',
      '402 /app/api/billing/payment-method',
    ]);
  });
});
