/**
 * Drives the account-holder portal (`/app/`) in Chromium: a browser context of its own, every
 * request it makes recorded (the portal must never leave its origin), axe-core run in the page,
 * and screenshots at the phone and desktop viewports.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { VIEWPORTS } from './browser.js';

const require = createRequire(import.meta.url);

/** An axe-core violation, as the page reported it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** A portal page. */
export interface PortalPage {
  page: Page;
  /** Every URL the page requested, in order. */
  readonly requests: string[];
  /** The page's console errors and uncaught exceptions (for failure messages). */
  readonly errors: string[];
  /** Every answer of 400 or more the page got, as `{status} {path}`. */
  readonly failedResponses: string[];
  /** `selector` inside the portal's shadow roots (puppeteer's `>>>` deep combinator). */
  deep(selector: string): string;
  /**
   * Waits for `selector` (with `>>>` steps) to match. Polls: puppeteer's `waitForSelector` only
   * looks again on mutations of the document, and the portal's changes happen in shadow roots.
   */
  waitFor(selector: string, timeoutMs?: number): Promise<void>;
  /**
   * Opens a screen from the menu: clicks the link to `path` (`/app/links`) and waits for `ready`
   * (a selector inside the portal, without the `deep` prefix) to show.
   */
  openScreen(path: string, ready: string): Promise<void>;
  /** The trimmed text of `selector` inside the portal (a `deep` selector without its prefix). */
  text(selector: string): Promise<string>;
  /**
   * Waits until the text of `selector` (inside the portal) matches `pattern`: the screens update
   * in place, and the element may be replaced between the look-up and the read.
   */
  textMatches(selector: string, pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Runs axe-core (WCAG 2.1 A and AA rules) on the whole page, shadow roots included. */
  axe(): Promise<AxeViolation[]>;
  /** Screenshots the page at the phone and the desktop viewport as `NN-{name}-{viewport}.png`. */
  screenshot(name: string): Promise<string[]>;
  close(): Promise<void>;
}

let shot = 0;

/** Opens `url` in a fresh browser context (clipboard allowed, so the copy buttons can be checked). */
export async function openPortal(
  browser: Browser,
  url: string,
  screenshotDir: string,
): Promise<PortalPage> {
  const context = await browser.createBrowserContext();
  const origin = new URL(url).origin;
  await context.overridePermissions(origin, [
    'clipboard-read',
    'clipboard-write',
    'clipboard-sanitized-write',
  ]);
  const page = await context.newPage();
  await page.setViewport(VIEWPORTS.desktop);
  // The portal's CSP allows no inline script: axe-core is injected through the protocol instead.
  await page.setBypassCSP(true);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  const failedResponses: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400)
      failedResponses.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto(url);
  const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const deep = (selector: string) => `idv-portal >>> ${selector}`;
  const text = (selector: string) =>
    page.$eval(deep(selector), (node) => node.textContent?.trim() ?? '');
  const waitFor = async (selector: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while ((await page.$(selector)) === null) {
      if (Date.now() > deadline)
        throw new Error(
          `${selector} not found within ${timeoutMs} ms; page errors: ${errors.join('; ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    page,
    requests,
    errors,
    failedResponses,
    deep,
    text,
    async openScreen(path, ready) {
      await page.click(deep(`nav a[href="${path}"]`));
      await waitFor(deep(ready));
    },
    async textMatches(selector, pattern, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let last = '';
      for (;;) {
        last = await text(selector).catch(() => '');
        if (pattern.test(last)) return;
        if (Date.now() > deadline)
          throw new Error(`${selector}: "${last}" never matched ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    waitFor,
    async axe() {
      const loaded = await page.evaluate(() => 'axe' in window);
      if (!loaded) await page.addScriptTag({ content: axeSource });
      return page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                context: unknown,
                options: unknown,
              ): Promise<{
                violations: {
                  id: string;
                  impact: string | null;
                  help: string;
                  nodes: { target: unknown[] }[];
                }[];
              }>;
            };
          }
        ).axe;
        const result = await axe.run(document, {
          // Its CSSOM preload re-fetches `@import`ed sheets relative to the page (404s of its own).
          preload: false,
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => JSON.stringify(n.target)),
        }));
      });
    },
    async screenshot(name) {
      shot += 1;
      const files: string[] = [];
      for (const [viewport, size] of Object.entries(VIEWPORTS)) {
        await page.setViewport(size);
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const file = join(
          screenshotDir,
          `${String(shot).padStart(2, '0')}-${name}-${viewport}.png`,
        );
        await page.screenshot({ path: file as `${string}.png`, fullPage: true });
        files.push(file);
      }
      await page.setViewport(VIEWPORTS.desktop);
      return files;
    },
    close: () => context.close(),
  };
}
