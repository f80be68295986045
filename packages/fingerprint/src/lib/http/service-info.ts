import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `{version, build}` as `GET /version` answers it. */
export interface ServiceVersion {
  version: string;
  build: string;
}

/**
 * The package version and the build identifier written by `npm run build`
 * (`dist/build-info.json`: commit and time); `IDV_FINGERPRINT_BUILD` overrides the build, and an
 * unbuilt source tree reports `dev`.
 */
export function serviceVersion(): ServiceVersion {
  const { version } = require('../../../package.json') as { version: string };
  let build = 'dev';
  try {
    build = (require('../../build-info.json') as { build: string }).build;
  } catch {
    // running from source: no build-info.json
  }
  return { version, build: process.env.IDV_FINGERPRINT_BUILD ?? build };
}
