import type { FastifyPluginAsync } from 'fastify';
import { createIdentityProvider } from '../../integrations/create-identity-provider.js';
import { sessionRoutes } from './session-routes.js';
import { simulatedRoutes } from './simulated/simulated-routes.js';
import { verifyRoutes } from './verify-routes.js';
import { webhookRoutes } from './webhook-routes.js';

/**
 * Identity verification (spec sections 2 /face-verification, 4 and 7): sessions, status, the
 * verify actions and the provider's webhooks, behind whichever provider the settings chose. Each
 * part is its own plugin, so the webhooks' raw-body parser and the simulated page's form parser
 * apply to their own routes and nowhere else.
 */
export const identityVerificationRoutes: FastifyPluginAsync = async (app) => {
  const provider = createIdentityProvider(app.config);
  await app.register(sessionRoutes, { provider });
  await app.register(verifyRoutes, { provider });
  await app.register(webhookRoutes, { provider });
  if (provider.name === 'simulated') await app.register(simulatedRoutes, { provider });
};
