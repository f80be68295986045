import type { ConnectionFacts } from '../net/connection-facts.js';

/** A request as the routes see it, whatever the HTTP version. */
export interface RequestView {
  method: string;
  /** Request target (`/`, `/version?x=1`, …). */
  url: string;
  /** Header names and values as received, alternating (Node's `rawHeaders`). */
  rawHeaders: readonly string[];
  facts: ConnectionFacts;
}

/** What a route answers. Header names are lower case (valid for HTTP/1.1 and HTTP/2 alike). */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** A JSON reply; errors use the service's `{detail}` body. */
export function jsonReply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

/** An error reply with the `{detail}` body `GET /update` uses, for every error of the service. */
export function errorReply(
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): Reply {
  return jsonReply(status, { detail }, { 'cache-control': 'no-store', ...headers });
}
