/**
 * The Web Test Runner suites (`@idv/verify`, `@idv/capacitor`): their base configuration, and
 * their browser: Debian's headless Chromium with the repository's flags, Chromium's fake camera,
 * and a throwaway profile directory removed when the runner exits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import type { TestRunnerConfig } from '@web/test-runner';
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

/** What a package's Web Test Runner configuration sets on top of {@link webTestRunnerConfig}. */
export interface WebTestRunnerOptions extends TestChromiumOptions {
  /** Test files (globs from the package's folder; default `test/**\/*.test.ts`). */
  files?: string[];
  /** Mocha's time limit per test, ms. */
  testTimeoutMs: number;
  /** Time limit of the whole run, ms. */
  testsFinishTimeoutMs: number;
  /** The package's dev-server middleware (its API doubles, test-only headers). */
  middleware?: NonNullable<TestRunnerConfig['middleware']>;
  /** Plugins after the TypeScript one (test commands). */
  plugins?: NonNullable<TestRunnerConfig['plugins']>;
}

/**
 * The base Web Test Runner configuration of the browser suites (`@idv/verify`, `@idv/capacitor`):
 * the repository root served (a package's tests import its sibling packages' sources and build
 * output by URL), TypeScript compiled by esbuild, browser export conditions, one page at a time
 * (a background tab gets no animation frames and reports itself hidden, which stops the camera
 * loops), and {@link chromiumForTests}. Each package's `web-test-runner.config.mjs` names what it
 * adds.
 *
 * @example
 * ```js
 * export default webTestRunnerConfig({ profilePrefix: 'idv-x-wtr-', testTimeoutMs: 30000, testsFinishTimeoutMs: 110000 });
 * ```
 */
export function webTestRunnerConfig(options: WebTestRunnerOptions): TestRunnerConfig {
  const { profilePrefix, fakeCameraFile } = options;
  return {
    rootDir: '../..',
    files: options.files ?? ['test/**/*.test.ts'],
    nodeResolve: { exportConditions: ['browser', 'production'] },
    concurrency: 1,
    testFramework: { config: { timeout: options.testTimeoutMs } },
    testsFinishTimeout: options.testsFinishTimeoutMs,
    middleware: options.middleware ?? [],
    plugins: [esbuildPlugin({ ts: true, target: 'es2022' }), ...(options.plugins ?? [])],
    browsers: [
      chromiumForTests(
        fakeCameraFile === undefined ? { profilePrefix } : { profilePrefix, fakeCameraFile },
      ),
    ],
  };
}
