import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../shared/api-paths.js';

/** The OpenAPI document is generated from the same zod schemas that validate every route. */
export const openApi = fp(
  async (app: FastifyInstance, opts: { version: string; productName: string }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `${opts.productName} API`, version: opts.version },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // The staff console's session (docs/decisions/017); on https the cookie is
            // __Host-staff_session.
            staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    // API_DOCS=false: a production portal need not describe its API to everyone who asks.
    if (app.config.apiDocs) {
      app.get(API_PATHS.docs, { schema: { hide: true } }, async () => app.swagger());
    }
  },
);
