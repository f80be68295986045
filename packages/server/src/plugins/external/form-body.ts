import formBody from '@fastify/formbody';
import fp from 'fastify-plugin';

/**
 * `application/x-www-form-urlencoded` bodies, registered by the OAuth token endpoint alone (RFC 6749);
 * every other route answers 415 to a form body.
 */
export default fp(
  async (app) => {
    await app.register(formBody, { bodyLimit: 8 * 1024 });
  },
  { name: 'idv-form-body' },
);
