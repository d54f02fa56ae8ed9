import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZPublicConfigResponseSchema } from '../../../shared/public-config.js';

export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.publicConfig,
    {
      schema: {
        summary: 'How this server runs, for the web app before sign-in',
        tags: ['config'],
        response: { 200: ZPublicConfigResponseSchema },
      },
    },
    async () => ({
      productName: app.config.branding.productName,
      demoMode: app.config.demoMode,
      simulatedPasskeys: app.config.demoMode,
      vapidPublicKey: app.config.push.publicKey,
    }),
  );
};
