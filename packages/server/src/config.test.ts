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

  it('refuses malformed values with a clear message', () => {
    expect(() => loadConfig({ port: 'eighty' }, {})).toThrow(ConfigError);
    expect(() => loadConfig({}, { IDV_DATABASE_URL: 'mysql://x' })).toThrow(/IDV_DATABASE_URL/);
    expect(() => loadConfig({}, { IDV_RATE_LIMITS: 'maybe' })).toThrow(/IDV_RATE_LIMITS/);
    expect(() => loadConfig({}, { IDV_PUBLIC_APP_URL: 'not a url' })).toThrow(/IDV_PUBLIC_APP_URL/);
  });
});
