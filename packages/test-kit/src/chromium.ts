/**
 * How every test and benchmark of the repository launches Debian's Chromium: never a downloaded
 * browser, headless, and nothing that reaches the network on its own. The one place the binary's
 * path and the flags are written.
 */
import { createHash, X509Certificate } from 'node:crypto';

/** The browser binary: Debian's `chromium` (`CHROME_PATH` overrides it). */
export const chromiumPath: string = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/**
 * Flags of every launch: no sandbox (containers), no GPU, no first-run, update or sync traffic.
 * Launchers that drive the browser (puppeteer, Web Test Runner) add `--headless` themselves; a bare
 * `spawn` adds {@link headlessFlag}.
 */
export const quietChromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The flag a bare `spawn` of {@link chromiumPath} needs to run without a display. */
export const headlessFlag = '--headless';

/** What Chromium's fake camera shows (see {@link fakeCameraArgs}). */
export interface FakeCamera {
  /**
   * A y4m or mjpeg file the camera plays (see `y4mVideo` of `@idv/analysis/testing`); Chromium
   * opens it again on every `getUserMedia`. Chromium's moving test pattern when left out.
   */
  videoFile?: string;
  /** Frames per second of the test pattern (Chromium's default: 20). */
  fps?: number;
}

/** Chromium's fake camera, granted without a permission prompt. */
export function fakeCameraArgs(camera: FakeCamera = {}): string[] {
  const device =
    camera.fps === undefined
      ? '--use-fake-device-for-media-stream'
      : `--use-fake-device-for-media-stream=fps=${camera.fps}`;
  return [
    '--use-fake-ui-for-media-stream',
    device,
    ...(camera.videoFile === undefined
      ? []
      : [`--use-file-for-fake-video-capture=${camera.videoFile}`]),
  ];
}

/**
 * Makes Chromium trust the key of one self-signed certificate (PEM) and no other:
 * `--ignore-certificate-errors-spki-list` with the base64 SHA-256 of its public key. Unlike
 * ignoring every certificate error, the page keeps its HTTP cache and its secure context.
 */
export function trustCertificateArg(certificatePem: string): string {
  const spki = new X509Certificate(certificatePem).publicKey.export({
    type: 'spki',
    format: 'der',
  });
  return `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`;
}
