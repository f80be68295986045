/**
 * The browser of the Web Test Runner suites (`@idv/verify`, `@idv/capacitor`): Debian's headless
 * Chromium with the repository's flags, Chromium's fake camera, and a throwaway profile directory
 * removed when the runner exits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromeLauncher } from '@web/test-runner-chrome';
import { chromiumPath, fakeCameraArgs, quietChromiumArgs } from './chromium.js';

/** What {@link chromiumForTests} launches. */
export interface TestChromiumOptions {
  /** Prefix of the temporary profile directory (shows which suite left it, should one remain). */
  profilePrefix: string;
  /** The file Chromium's fake camera plays; Chromium's test pattern when left out. */
  fakeCameraFile?: string;
}

/** A Web Test Runner browser launcher for the repository's headless Chromium. */
export function chromiumForTests(options: TestChromiumOptions): ReturnType<typeof chromeLauncher> {
  const userDataDir = mkdtempSync(join(tmpdir(), options.profilePrefix));
  process.on('exit', () => rmSync(userDataDir, { recursive: true, force: true }));
  return chromeLauncher({
    launchOptions: {
      executablePath: chromiumPath,
      headless: true,
      userDataDir,
      args: [
        ...quietChromiumArgs,
        ...fakeCameraArgs(
          options.fakeCameraFile === undefined ? {} : { videoFile: options.fakeCameraFile },
        ),
      ],
    },
  });
}
