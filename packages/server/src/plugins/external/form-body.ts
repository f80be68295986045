import formBody from '@fastify/formbody';
import fp from 'fastify-plugin';

/** `application/x-www-form-urlencoded` bodies (the OAuth token endpoint, RFC 6749). */
export default fp(
  async (app) => {
    await app.register(formBody, { bodyLimit: 8 * 1024 });
  },
  { name: 'idv-form-body' },
);
