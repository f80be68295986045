import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { connectionFactsOf } from '../net/connection-facts.js';
import { errorReply, type Reply, type RequestView } from './reply.js';
import type { Logger } from './routes.js';

type AnyRequest = IncomingMessage | Http2ServerRequest;
type AnyResponse = ServerResponse | Http2ServerResponse;

/**
 * Adapts the router to Node's HTTP/1.1 and HTTP/2 compatibility request events: builds the
 * {@link RequestView} (with the connection's facts) and writes the {@link Reply} back.
 */
export function createRequestListener(
  router: (request: RequestView) => Promise<Reply>,
  logger: Logger,
): (request: AnyRequest, response: AnyResponse) => void {
  return (request, response) => {
    const socket = 'stream' in request ? request.stream.session?.socket : request.socket;
    const facts = connectionFactsOf(socket);
    const reply: Promise<Reply> = facts
      ? router({
          method: request.method ?? '',
          url: request.url ?? '',
          rawHeaders: request.rawHeaders,
          facts,
        })
      : Promise.resolve(errorReply(500, 'Internal error'));
    reply
      .then((answer) => {
        if (response.headersSent || response.writableEnded) return;
        const headers =
          answer.body === undefined
            ? answer.headers
            : { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) };
        (response as ServerResponse).writeHead(answer.status, headers);
        if (answer.body === undefined) response.end();
        else response.end(answer.body);
      })
      .catch((error: unknown) => {
        logger.error(`response failed: ${(error as Error).message}`);
        response.destroy();
      });
  };
}
