/** An HTTP request line start: a method token then a space (`GET `, `OPTIONS `, …). */
const HTTP_REQUEST_START = /^[A-Z]{3,10} /;

/** The answer to plain HTTP sent to the TLS port, after which the connection is closed. */
const PLAIN_HTTP_ANSWER = (() => {
  const body = JSON.stringify({ detail: 'This port speaks HTTPS only' });
  return (
    'HTTP/1.1 400 Bad Request\r\n' +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    'connection: close\r\n\r\n' +
    body
  );
})();

/**
 * The bytes to send back to a connection that did not open with a TLS ClientHello: a 400 with a
 * `{detail}` body when it looks like plain HTTP, nothing otherwise (the connection is just closed).
 */
export function refusalFor(firstBytes: Buffer): string | undefined {
  return HTTP_REQUEST_START.test(firstBytes.subarray(0, 12).toString('latin1'))
    ? PLAIN_HTTP_ANSWER
    : undefined;
}
