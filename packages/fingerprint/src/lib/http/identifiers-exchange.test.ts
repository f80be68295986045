import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdentifierIssuer } from '../identity/identifiers.js';
import { presentedCookie, presentedEtag, wantsFreshCopy } from './identifiers-exchange.js';
import { apiKeyMatches } from './api-key.js';

const issuer = new IdentifierIssuer(randomBytes(32));

describe('identifiers', () => {
  it('recognises only its own identifiers, per kind', () => {
    const cookie = issuer.mint('cookie');
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(issuer.recognises('cookie', cookie)).toBe(true);
    expect(issuer.recognises('etag', cookie)).toBe(false);
    expect(new IdentifierIssuer(randomBytes(32)).recognises('cookie', cookie)).toBe(false);
    const tampered = `${cookie.slice(0, 5)}${cookie[5] === 'A' ? 'B' : 'A'}${cookie.slice(6)}`;
    expect(issuer.recognises('cookie', tampered)).toBe(false);
    expect(issuer.recognises('cookie', undefined)).toBe(false);
    expect(() => new IdentifierIssuer(Buffer.alloc(8))).toThrow();
  });

  it('finds fp among other cookies and skips values it did not issue', () => {
    const cookie = issuer.mint('cookie');
    expect(presentedCookie(`a=1; fp=forged; fp=${cookie}; b=2`, issuer)).toBe(cookie);
    expect(presentedCookie('xfp=1; fp=', issuer)).toBeUndefined();
    expect(presentedCookie(undefined, issuer)).toBeUndefined();
  });

  it('finds its ETag in If-None-Match lists, weak or strong', () => {
    const etag = issuer.mint('etag');
    expect(presentedEtag(`"abc", W/"${etag}"`, issuer)).toBe(etag);
    expect(presentedEtag(`${etag}`, issuer)).toBeUndefined();
    expect(presentedEtag('*', issuer)).toBeUndefined();
  });

  it('wantsFreshCopy reads request Cache-Control and Pragma', () => {
    expect(wantsFreshCopy('max-age=0', undefined)).toBe(true);
    expect(wantsFreshCopy('No-Cache', undefined)).toBe(true);
    expect(wantsFreshCopy(undefined, 'no-cache')).toBe(true);
    expect(wantsFreshCopy('max-age=60', undefined)).toBe(false);
    expect(wantsFreshCopy('max-age=00', undefined)).toBe(false);
    expect(wantsFreshCopy(undefined, undefined)).toBe(false);
  });

  it('apiKeyMatches compares exactly and never accepts without a configured key', () => {
    expect(apiKeyMatches('k1', 'k1')).toBe(true);
    expect(apiKeyMatches('k1 ', 'k1')).toBe(false);
    expect(apiKeyMatches(undefined, 'k1')).toBe(false);
    expect(apiKeyMatches('', undefined)).toBe(false);
    expect(apiKeyMatches('', '')).toBe(false);
  });
});
