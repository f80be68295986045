import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';

/** Default body limit of JSON routes (bytes); routes set smaller ones. */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * JSON bodies (and no plain-text bodies), parsed with prototype-poisoning protection. An empty body is "no body" (so
 * `PATCH /users/me/webhook-secret` with a JSON content type and nothing else works); a body
 * that does not parse answers 400.
 */
export function installJsonParser(app: FastifyInstance): void {
  // No text/plain parser: a body of another type than the route accepts answers 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => {
      const text = body as string;
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      try {
        done(
          null,
          secureJsonParse.parse(text, undefined, {
            protoAction: 'error',
            constructorAction: 'error',
          }),
        );
      } catch (_error) {
        const error = new Error('body is not valid JSON') as Error & { statusCode: number };
        error.statusCode = 400;
        done(error, undefined);
      }
    },
  );
}
