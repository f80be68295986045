/**
 * The set-up every portal end-to-end file shares: the stack (the real server, its CLI, SQLite),
 * Debian's Chromium with the fingerprint service's certificate trusted, and the portal opened at
 * the owner's one-time sign-in link, with screenshots into a fresh folder; the owner's first
 * password chosen through that link; and the checks the files make on every screen.
 */
import { mkdir, rm } from 'node:fs/promises';
import { expect } from 'vitest';
import { launchBrowser, type TestBrowser } from './browser.js';
import { openPortal, type PortalPage } from './portal-page.js';
import { startStack, type Stack, type StackOptions } from './stack.js';

/** A running stack with a browser and the portal open at the owner's sign-in link. */
export interface PortalSession {
  stack: Stack;
  browser: TestBrowser;
  portal: PortalPage;
  /** Closes the page and the browser and stops the stack (each only if it started). */
  close(): Promise<void>;
}

/** Starts the stack and the browser and opens the sign-in link; `screenshots` is emptied first. */
export async function startPortalSession(
  screenshots: string,
  stackOptions: StackOptions = {},
): Promise<PortalSession> {
  await rm(screenshots, { recursive: true, force: true });
  await mkdir(screenshots, { recursive: true });
  const stack = await startStack(stackOptions);
  let browser: TestBrowser | undefined;
  try {
    browser = await launchBrowser({
      trustedCertificateFile: stack.fingerprintCertificateFile,
      screenshotDir: screenshots,
    });
    const portal = await openPortal(browser.browser, stack.signInLink, screenshots);
    const started = browser;
    return {
      stack,
      browser: started,
      portal,
      async close() {
        await portal.close();
        await started.close();
        await stack.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await stack.stop();
    throw error;
  }
}

/**
 * On the page a one-time sign-in link opened: chooses `password` (typed twice), submits with Enter
 * and waits for the inbox the new session lands on.
 */
export async function chooseFirstPassword(portal: PortalPage, password: string): Promise<void> {
  const { page, deep } = portal;
  await portal.waitFor(deep('idv-sign-in-link >>> wa-input[name="password"]'));
  await page.type(deep('idv-sign-in-link >>> wa-input[name="password"] >>> input'), password);
  await page.type(deep('idv-sign-in-link >>> wa-input[name="confirm"] >>> input'), password);
  await page.keyboard.press('Enter');
  await portal.waitFor(deep('idv-inbox >>> .empty'));
}

/** Expects no axe violation on the page as it stands; `screen` names it in the failure. */
export async function expectAccessible(portal: PortalPage, screen: string): Promise<void> {
  const violations = await portal.axe();
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
