import cors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import publicCompanyRoutes from './companies-public.js';
import publicVerificationRoutes from './verifications-public.js';

/**
 * The routes a person's browser calls (status poll, the device PATCHes, the company logo), open to
 * every origin: the element may run on any host page. They carry no ambient credentials (no
 * cookies, no Authorization), so allowing any origin grants nothing a direct request would not.
 * Bearer routes get no CORS headers: tokens belong in backends.
 */
const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'PATCH'],
    allowedHeaders: ['Content-Type'],
    maxAge: 600,
  });
  await app.register(publicVerificationRoutes);
  await app.register(publicCompanyRoutes);
};

export default publicRoutes;
