import type { FastifyPluginAsync } from 'fastify';
import billingRoutes from './billing.js';
import cloudServiceRoutes from './cloud-services.js';
import healthRoutes from './health.js';
import linkRoutes from './links.js';
import oauthRoutes from './oauth.js';
import publicRoutes from './public.js';
import serviceRoutes from './service.js';
import userRoutes from './users.js';
import verificationRoutes from './verifications.js';
import webhookEndpointRoutes from './webhook-endpoints.js';

/** Every route of `/api/v1`, each group encapsulated with its own hooks (Bearer groups authenticate). */
const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(oauthRoutes);
  await app.register(publicRoutes);
  await app.register(linkRoutes);
  await app.register(userRoutes);
  await app.register(verificationRoutes);
  await app.register(webhookEndpointRoutes);
  await app.register(billingRoutes);
  await app.register(serviceRoutes);
  await app.register(cloudServiceRoutes);
};

export default apiRoutes;
