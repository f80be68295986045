import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OAuthError } from '../lib/errors.js';
import formBody from '../plugins/external/form-body.js';
import { OAuthErrorResponse, OAuthToken, OAuthTokenBody } from '@idv/contract';
import { planHasApi } from '../services/plans.js';

/** OAuth grants registered with IANA that we recognise but do not support: 501 (DESIGN §4). */
const REGISTERED_UNSUPPORTED_GRANTS = new Set([
  'password',
  'authorization_code',
  'refresh_token',
  'implicit',
]);

function isRegisteredUnsupportedGrant(grant: string): boolean {
  return (
    REGISTERED_UNSUPPORTED_GRANTS.has(grant) ||
    grant.startsWith('urn:ietf:params:oauth:grant-type:')
  );
}

const basicChallenge = { 'WWW-Authenticate': 'Basic realm="idv", charset="UTF-8"' };

/** Decodes RFC 6749 §2.3.1 Basic credentials (each part form-urlencoded, then base64). */
function parseBasic(header: string): { clientId: string; clientSecret: string } | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header);
  if (match === null) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part;
    }
  };
  return {
    clientId: decode(decoded.slice(0, colon)),
    clientSecret: decode(decoded.slice(colon + 1)),
  };
}

/** `POST /oauth/token`: OAuth 2.0 client credentials (RFC 6749 §4.4). */
const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Form bodies here only (RFC 6749): every other route takes JSON, and a form body there is 415.
  await app.register(formBody);
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['Token'],
        summary: 'Get an access token (client credentials)',
        description:
          'Form body `grant_type=client_credentials`; client authentication by HTTP Basic (preferred) or ' +
          '`client_id`/`client_secret` in the form. Basic plan accounts answer 401 `invalid_client`.',
        security: [{ basicAuth: [] }],
        consumes: ['application/x-www-form-urlencoded'],
        body: OAuthTokenBody,
        response: {
          200: OAuthToken,
          400: OAuthErrorResponse,
          401: OAuthErrorResponse,
          501: OAuthErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const grant = body.grant_type;
      if (grant === undefined || grant === '') {
        throw new OAuthError(400, 'invalid_request', 'missing required field grant_type');
      }
      if (grant !== 'client_credentials') {
        if (isRegisteredUnsupportedGrant(grant)) {
          throw new OAuthError(
            501,
            'unsupported_grant_type',
            `grant_type ${grant} is not supported; use client_credentials`,
          );
        }
        throw new OAuthError(
          400,
          'unsupported_grant_type',
          'invalid grant_type: only client_credentials is supported',
        );
      }
      // An address over its failed-authentication budget is refused before any check (429).
      app.services.authFailures.check(request.ip);
      const header = request.headers.authorization;
      const fromForm = body.client_id !== undefined || body.client_secret !== undefined;
      if (header !== undefined && fromForm) {
        throw new OAuthError(
          400,
          'invalid_request',
          'use one client authentication method: Basic header or form fields',
        );
      }
      let credentials: { clientId: string; clientSecret: string } | undefined;
      if (header !== undefined) {
        credentials = parseBasic(header);
      } else if (body.client_id !== undefined && body.client_secret !== undefined) {
        credentials = { clientId: body.client_id, clientSecret: body.client_secret };
      }
      if (credentials === undefined) {
        throw new OAuthError(
          401,
          'invalid_client',
          'client authentication required: HTTP Basic with client id and secret',
          basicChallenge,
        );
      }
      const client = await app.services.accounts.authenticateClient(
        credentials.clientId,
        credentials.clientSecret,
      );
      if (client === undefined) {
        throw await app.services.authFailures.fail(
          request.ip,
          new OAuthError(401, 'invalid_client', 'invalid client credentials', basicChallenge),
        );
      }
      if (!planHasApi(client.plan)) {
        throw new OAuthError(401, 'invalid_client', 'API access requires a Premium or Pro plan');
      }
      const token = await app.services.tokens.issue(client);
      await app.services.activity.record({
        companyId: client.companyId,
        userId: client.userId,
        action: 'token.issued',
        resource: 'token',
        ip: request.ip,
      });
      reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' });
      return {
        access_token: token.accessToken,
        expires_in: token.expiresIn,
        token_type: 'Bearer' as const,
      };
    },
  );
};

export default oauthRoutes;
