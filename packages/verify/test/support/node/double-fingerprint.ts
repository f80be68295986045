/**
 * The connection fingerprint as the double plays both its sides: the fingerprint service's signed
 * answer (DESIGN §4: RSASSA-PKCS1-v1_5 SHA-256 over the exact bytes of `userData`, body
 * `{"userData":<bytes>,"signature":"…"}`) and the server's check of a forwarded answer
 * (`@idv/fingerprint` `verifyFingerprint`: the signed bytes sliced out of the service's own layout,
 * else `userData` serialized again; then `timeStampUtc` within 15 minutes).
 */
import { generateKeyPairSync, sign, verify } from 'node:crypto';

/** How the served answer is signed. */
export type FingerprintSignature = 'valid' | 'forged' | 'stale';

const FINGERPRINT_MAX_AGE_MS = 15 * 60_000;
const PREFIX = '{"userData":';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });

/**
 * The service's answer for `fields`: `userData` is written by hand after them (`timeStampUtc`, and a
 * `note` with an escape sequence that a parse and re-serialization would change), so only the raw
 * text verifies.
 */
export function signedFingerprint(
  fields: Record<string, unknown>,
  mode: FingerprintSignature,
): string {
  const stamp = new Date(Date.now() - (mode === 'stale' ? 20 * 60_000 : 0)).toISOString();
  const head = JSON.stringify(fields).slice(0, -1);
  const userData = `${head}${head.length > 1 ? ',' : ''}"timeStampUtc":"${stamp}","note":"caf\\u00e9"}`;
  const signed = mode === 'forged' ? userData.replace('caf', 'cab') : userData;
  const signature = sign('sha256', Buffer.from(signed, 'utf8'), keys.privateKey).toString('base64');
  return `${PREFIX}${userData},"signature":"${signature}"}\n`;
}

/** Index just past the JSON object or array that starts at `start`, or -1. */
function endOfContainer(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function signedParts(raw: string): { userData: string; signature: string } | undefined {
  if (raw.startsWith(PREFIX)) {
    const end = endOfContainer(raw, PREFIX.length);
    const match =
      end < 0 ? null : /^,"signature":"([A-Za-z0-9+/=]+)"\}$/.exec(raw.slice(end).trimEnd());
    if (match?.[1]) return { userData: raw.slice(PREFIX.length, end), signature: match[1] };
  }
  try {
    const parsed = JSON.parse(raw) as { userData?: unknown; signature?: unknown };
    if (typeof parsed.signature !== 'string' || typeof parsed.userData !== 'object')
      return undefined;
    return { userData: JSON.stringify(parsed.userData), signature: parsed.signature };
  } catch {
    return undefined;
  }
}

/** The server's check of a forwarded answer: `undefined` when it verifies, else the 400 message. */
export function fingerprintRefusal(raw: string): string | undefined {
  const parts = signedParts(raw);
  const valid =
    parts !== undefined &&
    verify(
      'sha256',
      Buffer.from(parts.userData, 'utf8'),
      keys.publicKey,
      Buffer.from(parts.signature, 'base64'),
    );
  if (!valid) return 'the fingerprint signature does not verify';
  const stamped = Date.parse(
    String((JSON.parse(parts.userData) as { timeStampUtc?: unknown }).timeStampUtc),
  );
  if (Number.isNaN(stamped) || Math.abs(stamped - Date.now()) > FINGERPRINT_MAX_AGE_MS)
    return 'the fingerprint is not fresh (timeStampUtc more than 15 minutes away)';
  return undefined;
}
