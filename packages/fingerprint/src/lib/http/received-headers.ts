import { createHash } from 'node:crypto';

/**
 * Headers whose presence only reflects this service's own identifiers coming back; they are left
 * out of the header signature so it stays the same between a device's first and later calls.
 */
const SIGNATURE_EXCLUDED = new Set(['cookie', 'if-none-match']);

/**
 * The request headers as received, as a plain object in arrival order: HTTP/1.1 names keep their
 * case; HTTP/2 names are the decoded header list (pseudo-headers included). A repeated name keeps
 * its first position and joins the values (`; ` for `cookie`, `, ` otherwise).
 */
export function receivedHeaders(rawHeaders: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    const value = rawHeaders[i + 1] ?? '';
    const existing = headers[name];
    headers[name] =
      existing === undefined
        ? value
        : `${existing}${name.toLowerCase() === 'cookie' ? '; ' : ', '}${value}`;
  }
  return headers;
}

/**
 * SHA-256 (hex) of the received header names, as sent (case kept) and in order, joined by `,`;
 * repeated names count each time. `cookie` and `if-none-match` are left out (see above).
 */
export function headerSignature(rawHeaders: readonly string[]): string {
  const names: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    if (!SIGNATURE_EXCLUDED.has(name.toLowerCase())) names.push(name);
  }
  return createHash('sha256').update(names.join(',')).digest('hex');
}

/**
 * The value of header `name` (case-insensitive) in a raw header list; repeated headers are joined
 * as {@link receivedHeaders} joins them. Undefined when absent.
 */
export function headerValue(rawHeaders: readonly string[], name: string): string | undefined {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === wanted) values.push(rawHeaders[i + 1] ?? '');
  }
  if (values.length === 0) return undefined;
  return values.join(wanted === 'cookie' ? '; ' : ', ');
}

/** Pseudo-header names (`:method`, `:authority`, …) in the order an HTTP/2 request carried them. */
export function pseudoHeaderOrder(rawHeaders: readonly string[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    if (name.startsWith(':')) names.push(name);
  }
  return names;
}
