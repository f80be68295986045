import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('reads flags before their environment twins, with the documented defaults', () => {
    const defaults = loadConfig({}, {});
    expect(defaults).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicAppUrl: 'http://localhost:8080',
      rateLimits: true,
      webhookAllowPrivate: false,
      retentionDays: 30,
    });
    expect(defaults.dataDir.endsWith('.idv-data')).toBe(true);
    const configured = loadConfig(
      { port: '9000', dataDir: '/tmp/x' },
      {
        IDV_PORT: '7000',
        IDV_HOST: '0.0.0.0',
        IDV_RATE_LIMITS: 'off',
        IDV_WEBHOOK_ALLOW_PRIVATE: 'true',
        IDV_PUBLIC_APP_URL: 'https://verify.example/',
      },
    );
    expect(configured).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      rateLimits: false,
      webhookAllowPrivate: true,
      publicAppUrl: 'https://verify.example',
    });
    expect(loadConfig({ port: '9100' }, {}).publicAppUrl).toBe('http://localhost:9100');
  });

  it('reads the flow settings: blobs, fingerprint, remote analysis, webhook timing', () => {
    const defaults = loadConfig({ dataDir: '/srv/idv' }, {});
    expect(defaults).toMatchObject({
      blobStore: { kind: 'file', directory: '/srv/idv/blobs' },
      fingerprintUrl: undefined,
      fingerprintCaFile: undefined,
      analysis: undefined,
      webhookTimeoutMs: 5000,
      webhookPollMs: 1000,
      webhookPerCompany: 16,
    });
    expect(loadConfig({}, { IDV_WEBHOOK_PER_COMPANY: '4' }).webhookPerCompany).toBe(4);
    // More than a worker's sending slots is refused (no share of them could be held back).
    expect(() => loadConfig({}, { IDV_WEBHOOK_PER_COMPANY: '65' })).toThrow(
      /IDV_WEBHOOK_PER_COMPANY/,
    );
    const remote = loadConfig(
      {},
      {
        IDV_ANALYSIS_URL: 'http://analysis:8090/',
        IDV_ANALYSIS_KEY: 'shared',
        IDV_FACE_ANALYSIS_URL: 'http://faces:9000',
        IDV_FACE_ANALYSIS_KEY: 'face-key',
        IDV_FINGERPRINT_URL: 'https://fp.example:8443/',
        IDV_FINGERPRINT_CA: '/etc/idv/fp.pem',
        IDV_WEBHOOK_TIMEOUT_MS: '2000',
      },
    );
    expect(remote).toMatchObject({
      analysis: {
        idUrl: 'http://analysis:8090/id',
        faceUrl: 'http://faces:9000',
        antispoofingUrl: 'http://analysis:8090/antispoofing',
        keys: { id: 'shared', face: 'face-key', antispoofing: 'shared' },
      },
      fingerprintUrl: 'https://fp.example:8443',
      fingerprintCaFile: '/etc/idv/fp.pem',
      webhookTimeoutMs: 2000,
    });
    expect(() => loadConfig({}, { IDV_ID_ANALYSIS_URL: 'http://a/id' })).toThrow(
      /IDV_FACE_ANALYSIS_URL, IDV_ANTISPOOFING_URL/,
    );
    expect(() => loadConfig({}, { IDV_WEBHOOK_TIMEOUT_MS: '5s' })).toThrow(ConfigError);
    expect(() => loadConfig({}, { IDV_FINGERPRINT_URL: 'ftp://fp' })).toThrow(ConfigError);
  });

  it('refuses malformed values with a clear message', () => {
    expect(() => loadConfig({ port: 'eighty' }, {})).toThrow(ConfigError);
    expect(() => loadConfig({}, { IDV_DATABASE_URL: 'mysql://x' })).toThrow(/IDV_DATABASE_URL/);
    expect(() => loadConfig({}, { IDV_RATE_LIMITS: 'maybe' })).toThrow(/IDV_RATE_LIMITS/);
    expect(() => loadConfig({}, { IDV_PUBLIC_APP_URL: 'not a url' })).toThrow(/IDV_PUBLIC_APP_URL/);
  });
});
