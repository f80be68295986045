import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApiKeyAuthority } from './types.js';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * An authority with one shared key for all three services (standalone use). The presented key is
 * compared in constant time (both sides hashed to equal length first).
 *
 * @example
 * ```ts
 * const app = await buildAnalysisApp({ engine, authority: staticKeyAuthority(process.env.IDV_ANALYSIS_API_KEY!) });
 * ```
 */
export function staticKeyAuthority(key: string): ApiKeyAuthority {
  if (key.length < 8) throw new RangeError('The analysis API key must have at least 8 characters.');
  const expected = digest(key);
  return {
    async authorize(_service, presentedKey) {
      if (presentedKey === undefined || presentedKey === '')
        return { ok: false, status: 401, message: 'The Api-Key header is missing.' };
      if (!timingSafeEqual(digest(presentedKey), expected))
        return { ok: false, status: 401, message: 'The API key is not valid.' };
      return { ok: true, keyId: 'static' };
    },
  };
}
