/**
 * Debian's headless Chromium (puppeteer-core, `@idv/test-kit`'s path and flags) with the fake camera: Chromium
 * plays a y4m file as the camera and opens the file again on every `getUserMedia`, so the scene
 * changes between capture steps by replacing the file (written aside, then renamed) while the
 * element has no camera open. Pages record every `idv-*` event the element fires.
 */
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import {
  chromiumPath,
  fakeCameraArgs,
  quietChromiumArgs,
  trustCertificateArg,
  waitUntil,
  type Waiters,
} from '@idv/test-kit';
import { y4mVideo } from '@idv/analysis/testing';

/** The viewports every screenshot is taken at. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** An `idv-*` event as the page saw it. */
export interface ElementEvent {
  type: string;
  detail: Record<string, unknown>;
  at: number;
}

/** A device position the browser reports (`navigator.geolocation`). */
export interface DeviceLocation {
  latitude: number;
  longitude: number;
  /** Metres. */
  accuracy: number;
}

/** A running Chromium and the file its fake camera plays. */
export interface TestBrowser {
  browser: Browser;
  /** Shows `video` (a y4m file's bytes) to the next camera the page opens. */
  showOnCamera(video: Buffer): Promise<void>;
  /**
   * A fresh browser context and page at `url`, recording the element's events; with `location`,
   * the page may read that device position (the permission is granted to its origin).
   */
  open(url: string, location?: DeviceLocation): Promise<VerificationPage>;
  close(): Promise<void>;
}

/** The `meta` part of a capture the element uploaded (`POST /flow/captures/{kind}`). */
export interface CaptureUpload {
  kind: string;
  meta: Record<string, unknown>;
}

/** A page running the end-user app. */
export interface VerificationPage {
  page: Page;
  readonly events: ElementEvent[];
  /** Every capture upload of the page, in order, as the element sent it. */
  readonly uploads: CaptureUpload[];
  /** Resolves with the first event of `type` after `since` (ms epoch) that `predicate` accepts. */
  waitForEvent(
    type: string,
    predicate?: (event: ElementEvent) => boolean,
    timeoutMs?: number,
    since?: number,
  ): Promise<ElementEvent>;
  /** The element's latest live scores (`idv-quality` detail), for failure messages. */
  lastQuality(): Promise<unknown>;
  /** Screenshots the page at the phone and the desktop viewport as `{name}-{viewport}.png`. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** The events the element fires (DESIGN §6). */
const ELEMENT_EVENTS = [
  'idv-ready',
  'idv-start',
  'idv-step-change',
  'idv-capture',
  'idv-location',
  'idv-handoff',
  'idv-complete',
  'idv-error',
  'idv-expired',
  'idv-request-cancel',
];

/**
 * Launches Chromium. `trustedCertificateFile`: a PEM certificate whose key Chromium accepts
 * (the fingerprint service's self-signed one). Screenshots go to `screenshotDir`.
 */
export async function launchBrowser(options: {
  trustedCertificateFile: string;
  screenshotDir: string;
}): Promise<TestBrowser> {
  const workDir = await mkdtemp(join(tmpdir(), 'idv-e2e-chromium-'));
  const cameraFile = join(workDir, 'camera.y4m');
  const showOnCamera = async (video: Buffer) => {
    await writeFile(`${cameraFile}.next`, video);
    await rename(`${cameraFile}.next`, cameraFile);
  };
  // Chromium checks the file when it starts: a first picture must exist.
  await showOnCamera(
    y4mVideo([{ data: Buffer.alloc(16 * 16 * 3, 128), width: 16, height: 16 }], 1),
  );
  const certificate = await readFile(options.trustedCertificateFile, 'utf8');
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    userDataDir: join(workDir, 'profile'),
    defaultViewport: VIEWPORTS.phone,
    args: [
      ...quietChromiumArgs,
      ...fakeCameraArgs({ videoFile: cameraFile }),
      trustCertificateArg(certificate),
    ],
  });
  let shot = 0;
  const open = async (url: string, location?: DeviceLocation): Promise<VerificationPage> => {
    const context = await browser.createBrowserContext();
    if (location) await context.overridePermissions(new URL(url).origin, ['geolocation']);
    const page = await context.newPage();
    if (location) await page.setGeolocation(location);
    const events: ElementEvent[] = [];
    const waiters: Waiters = new Set();
    await page.exposeFunction('__idvEvent', (type: string, detail: string) => {
      events.push({ type, detail: JSON.parse(detail) as Record<string, unknown>, at: Date.now() });
      for (const wake of waiters) wake();
    });
    await page.evaluateOnNewDocument((types: string[]) => {
      const report = (window as unknown as { __idvEvent(type: string, detail: string): void })
        .__idvEvent;
      for (const type of types)
        document.addEventListener(type, (event) =>
          report(type, JSON.stringify((event as CustomEvent).detail ?? {})),
        );
      // Reads (never changes) the `meta` field of each capture upload on its way out: Chromium
      // does not expose a request body made of blobs to the DevTools protocol.
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const kind = /\/flow\/captures\/(\w+)$/.exec(
          String(input instanceof Request ? input.url : input),
        )?.[1];
        const meta = init?.body instanceof FormData ? init.body.get('meta') : null;
        if (kind !== undefined && typeof meta === 'string')
          (window as unknown as { __idvUpload(kind: string, meta: string): void }).__idvUpload(
            kind,
            meta,
          );
        return send(input, init);
      };
      // Live scores come with every frame: only the latest is kept, for failure messages.
      document.addEventListener('idv-quality', (event) => {
        (window as unknown as { __idvQuality: unknown }).__idvQuality = (
          event as CustomEvent
        ).detail;
      });
    }, ELEMENT_EVENTS);
    const uploads: CaptureUpload[] = [];
    await page.exposeFunction('__idvUpload', (kind: string, meta: string) => {
      uploads.push({ kind, meta: JSON.parse(meta) as Record<string, unknown> });
    });
    await page.goto(url);
    return {
      page,
      events,
      uploads,
      waitForEvent(type, predicate = () => true, timeoutMs = 30_000, since = 0) {
        return waitUntil(
          waiters,
          () => events.find((e) => e.type === type && e.at >= since && predicate(e)),
          timeoutMs,
          () =>
            `no ${type} within ${timeoutMs} ms; events: ${events
              .map((e) => `${e.type} ${JSON.stringify(e.detail)}`)
              .join('\n')}`,
        );
      },
      lastQuality: () =>
        page.evaluate(() => (window as unknown as { __idvQuality?: unknown }).__idvQuality ?? null),
      async screenshot(name) {
        shot += 1;
        for (const [viewport, size] of Object.entries(VIEWPORTS)) {
          await page.setViewport(size);
          // Two animation frames: the layout of the new size is painted.
          await page.evaluate(
            () =>
              new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          const file = `${String(shot).padStart(2, '0')}-${name}-${viewport}.png` as const;
          await page.screenshot({ path: join(options.screenshotDir, file) });
        }
        await page.setViewport(VIEWPORTS.phone);
      },
      close: () => context.close(),
    };
  };
  return {
    browser,
    showOnCamera,
    open,
    close: async () => {
      await browser.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
