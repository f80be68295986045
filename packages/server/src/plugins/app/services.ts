import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config.js';
import type { AppServices } from '../../services/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application services (database-backed), shared by every route. */
    services: AppServices;
    /** The resolved configuration. */
    config: ServerConfig;
  }
}

/** Options of the services plugin. */
export interface ServicesPluginOptions {
  services: AppServices;
  /** Close the services (database) when the app closes; false when the caller owns them. */
  closeOnShutdown: boolean;
}

/** Decorates the app with its services and configuration (app tier, visible to every route plugin). */
export default fp<ServicesPluginOptions>(
  async (app, options) => {
    app.decorate('services', options.services);
    app.decorate('config', options.services.context.config);
    if (options.closeOnShutdown) app.addHook('onClose', async () => options.services.close());
  },
  { name: 'idv-services' },
);
