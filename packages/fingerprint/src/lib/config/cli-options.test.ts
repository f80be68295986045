import { describe, expect, it } from 'vitest';
import { parseCli } from './cli-options.js';

describe('parseCli', () => {
  it('has defaults for everything but secrets', () => {
    expect(parseCli(['start'], {})).toEqual({
      command: 'start',
      options: {
        port: 8443,
        host: '127.0.0.1',
        dataDir: './.idv-data',
        allowOrigins: [],
        trustedProxies: [],
        proxyProtocol: false,
      },
    });
  });

  it('reads every environment twin', () => {
    const cli = parseCli(['start'], {
      IDV_FINGERPRINT_PORT: '9443',
      IDV_FINGERPRINT_HOST: '0.0.0.0',
      IDV_DATA_DIR: '/var/lib/idv',
      IDV_FINGERPRINT_ALLOW_ORIGINS: 'https://a.example, https://b.example',
      IDV_FINGERPRINT_API_KEY: 'secret',
      IDV_FINGERPRINT_CERT: '/c.pem',
      IDV_FINGERPRINT_KEY: '/k.pem',
      IDV_FINGERPRINT_TRUSTED_PROXIES: '10.0.0.0/8,127.0.0.1',
      IDV_FINGERPRINT_PROXY_PROTOCOL: 'true',
      IDV_FINGERPRINT_GEO_DB: '/g.mmdb',
      IDV_FINGERPRINT_IP_RATE_LIMIT: '60',
      IDV_FINGERPRINT_CONNECTION_RATE_LIMIT: '0',
    });
    expect(cli).toEqual({
      command: 'start',
      options: {
        port: 9443,
        host: '0.0.0.0',
        dataDir: '/var/lib/idv',
        allowOrigins: ['https://a.example', 'https://b.example'],
        apiKey: 'secret',
        certFile: '/c.pem',
        keyFile: '/k.pem',
        trustedProxies: ['10.0.0.0/8', '127.0.0.1'],
        proxyProtocol: true,
        geoDatabaseFiles: ['/g.mmdb'],
        requestLimits: { perAddress: 60, perConnection: 0 },
      },
    });
  });

  it('lets flags win over their twins, repeatable flags included', () => {
    const cli = parseCli(
      [
        'start',
        '--port',
        '0',
        '--allow-origin',
        'https://x.example',
        '--allow-origin',
        'https://y.example',
        '--proxy-protocol',
        '--ip-rate-limit',
        '5',
      ],
      { IDV_FINGERPRINT_PORT: '9443', IDV_FINGERPRINT_ALLOW_ORIGINS: 'https://z.example' },
    );
    expect(cli).toMatchObject({
      command: 'start',
      options: {
        port: 0,
        allowOrigins: ['https://x.example', 'https://y.example'],
        proxyProtocol: true,
        requestLimits: { perAddress: 5 },
      },
    });
  });

  it('answers help and clear errors', () => {
    expect(parseCli([], {})).toEqual({ command: 'help' });
    expect(parseCli(['start', '--help'], {})).toEqual({ command: 'help' });
    expect(parseCli(['stop'], {})).toMatchObject({ command: 'error' });
    expect(parseCli(['start', '--bogus'], {})).toMatchObject({ command: 'error' });
    expect(parseCli(['start', '--port', '70000'], {})).toMatchObject({
      command: 'error',
      message: 'Invalid port: 70000',
    });
    expect(parseCli(['start', '--cert', 'c.pem'], {})).toMatchObject({ command: 'error' });
    expect(parseCli(['start'], { IDV_FINGERPRINT_PROXY_PROTOCOL: 'yes' })).toMatchObject({
      command: 'error',
    });
    expect(parseCli(['start', '--connection-rate-limit', '-1'], {})).toMatchObject({
      command: 'error',
    });
  });
});
