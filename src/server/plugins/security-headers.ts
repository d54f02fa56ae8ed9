import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Veriff's InContext SDK shows the verification flow in a frame served from Veriff's domains. */
const VERIFF_FRAME_SOURCES = ['https://*.veriff.com', 'https://*.veriff.me'];

interface SecurityHeaderOptions {
  production: boolean;
  /** Which identity provider's pages the verification overlay frames. */
  identityProvider: 'veriff' | 'simulated';
}

/** A strict policy: only our own scripts, styles and connections; never framed by another site. */
export const securityHeaders = fp(async (app: FastifyInstance, opts: SecurityHeaderOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // The simulated provider's page is ours (same origin); Veriff's comes from its domains.
        // blob: is a document's preview: the page fetches the file with the bearer token and
        // frames the PDF it got, since a frame's own request could not send that header.
        frameSrc: [
          ...(opts.identityProvider === 'veriff' ? VERIFF_FRAME_SOURCES : ["'self'"]),
          'blob:',
        ],
        ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS on plain-http development would pin localhost to https in the developer's browser.
    strictTransportSecurity: opts.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
});
