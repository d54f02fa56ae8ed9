import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Veriff's InContext SDK shows the verification flow in a frame served from Veriff's domains. */
const VERIFF_FRAME_SOURCES = ['https://*.veriff.com', 'https://*.veriff.me'];

interface SecurityHeaderOptions {
  production: boolean;
  /** Which identity provider's pages the verification overlay frames. */
  identityProvider: 'veriff' | 'simulated';
}

/** A strict policy: only our own scripts, styles and connections; never framed by another site. */
function helmetOptions(opts: SecurityHeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // blob: is a document's preview (fetched with the token, shown as an image); https: the
        // schools' and agencies' logos, which an administrator links from their own sites.
        imgSrc: ["'self'", 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The app never uses <base>: none may be injected to send its relative URLs elsewhere.
        baseUri: ["'none'"],
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
  };
}

/**
 * The headers helmet sets for these options, by lower-case name. None of the values depends on the
 * request (no nonces), so helmet runs once here on a recording stand-in for a response.
 */
function securityHeaderValues(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader(name: string) {
      // Built from helmet's own header names, never from a request.
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
      delete headers[name.toLowerCase()];
    },
  };
  const request = new IncomingMessage(new Socket());
  helmet(options)(request, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused these options');
  });
  return headers;
}

/**
 * Every answer carries the same security headers, computed once at start-up. @fastify/helmet
 * rebuilt helmet's whole middleware (parsing the policy again) on every request, which halved the
 * throughput of a bare route in the app (docs/performance.md). A route may still set its own
 * (a framable page, a sandboxed download): its value replaces this one.
 */
export const securityHeaders = fp(async (app: FastifyInstance, opts: SecurityHeaderOptions) => {
  const headers = securityHeaderValues(helmetOptions(opts));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
});
