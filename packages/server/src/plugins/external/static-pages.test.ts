import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.js';

describe('static pages', () => {
  let test: TestApp;
  let lines: string[];
  let root: string;
  beforeAll(async () => {
    lines = [];
    root = mkdtempSync(join(tmpdir(), 'idv-pages-'));
    const appDir = join(root, 'app');
    const elementDir = join(root, 'element');
    mkdirSync(join(appDir, 'assets'), { recursive: true });
    mkdirSync(elementDir, { recursive: true });
    writeFileSync(
      join(appDir, 'index.html'),
      '<!doctype html><title>verify</title><script type="module" src="./app.js"></script>',
    );
    writeFileSync(join(appDir, 'app.js'), 'console.log("app")');
    writeFileSync(join(appDir, 'assets', 'style.css'), 'body{}');
    writeFileSync(join(elementDir, 'idv-verify.js'), 'export {}');
    test = await createTestApp({
      env: {
        IDV_APP_DIR: appDir,
        IDV_ELEMENT_DIR: elementDir,
        IDV_DEMO_DIR: join(root, 'missing'),
      },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await test.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the end-user app index for any link id, and its own files beside it', async () => {
    for (const linkId of ['5b0f4a52-3d0e-4f7a-9c57-0a6f0c2c1001', 'anything']) {
      const page = await test.inject({ method: 'GET', url: `/v/${linkId}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<title>verify</title>');
    }
    const script = await test.inject({ method: 'GET', url: '/v/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect((await test.inject({ method: 'GET', url: '/v/assets/style.css' })).statusCode).toBe(200);
    expect((await test.inject({ method: 'GET', url: '/v/missing.js' })).json()).toEqual({
      message: 'given resource is not implemented',
      resource: '/v/missing.js',
    });
    expect(
      (await test.inject({ method: 'GET', url: '/v/..%2F..%2Fidv.sqlite' })).statusCode,
    ).not.toBe(200);
  });

  it('serves the built element, and skips a missing directory with a log line', async () => {
    const element = await test.inject({ method: 'GET', url: '/assets/verify/idv-verify.js' });
    expect(element.statusCode).toBe(200);
    expect((await test.inject({ method: 'GET', url: '/demo/' })).statusCode).toBe(404);
    expect(lines.join('')).toMatch(
      /demo host page \(\/demo\/\) not served: .*missing does not exist/,
    );
  });
});

describe('end-user page', () => {
  it('fills the fingerprint address into the real end-user app and serves its script and styles', async () => {
    const appDir = join(import.meta.dirname, '..', '..', '..', '..', '..', 'demo', 'end-user-app');
    const test = await createTestApp({
      env: { IDV_APP_DIR: appDir, IDV_FINGERPRINT_URL: 'https://fp.example.test:8443/' },
    });
    try {
      const page = await test.inject({
        method: 'GET',
        url: '/v/5b0f4a52-3d0e-4f7a-9c57-0a6f0c2c1001',
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        '<meta name="idv-fingerprint-url" content="https://fp.example.test:8443" />',
      );
      expect(page.headers['cache-control']).toBe('no-store');
      for (const file of ['/v/app.js', '/v/app.css'])
        expect((await test.inject({ method: 'GET', url: file })).statusCode, file).toBe(200);
    } finally {
      await test.close();
    }
    const without = await createTestApp({ env: { IDV_APP_DIR: appDir } });
    try {
      const page = await without.inject({ method: 'GET', url: '/v/any' });
      expect(page.body).toContain('<meta name="idv-fingerprint-url" content="" />');
    } finally {
      await without.close();
    }
  });
});
