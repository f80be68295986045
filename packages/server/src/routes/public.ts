import cors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import publicCompanyRoutes from './companies-public.js';
import flowRoutes from './flow.js';
import publicVerificationRoutes from './verifications-public.js';

/**
 * The routes a person's device calls (flow API, status poll, the device PATCHes, the company logo),
 * open to every origin: the element runs on integrators' host pages and inside Capacitor apps
 * (`capacitor://localhost`, `https://localhost`), whose origins no allowlist could know in advance.
 * They are authorized by what the request carries (`X-Flow-Session`, a `linkId`), never by ambient
 * credentials: no cookie is read and `Access-Control-Allow-Credentials` is never sent, so allowing
 * any origin grants a page nothing that a direct request would not. Bearer routes get no CORS
 * headers: tokens belong in backends.
 */
const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'PATCH'],
    allowedHeaders: ['Content-Type', 'X-Flow-Session'],
    exposedHeaders: ['Retry-After'],
    credentials: false,
    maxAge: 600,
  });
  await app.register(flowRoutes);
  await app.register(publicVerificationRoutes);
  await app.register(publicCompanyRoutes);
};

export default publicRoutes;
