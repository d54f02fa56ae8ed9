import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TErrorResponse } from '../../shared/errors.js';

const API_PREFIX = '/api/';

/**
 * Serves the built single-page app and falls back to its index.html for client routes, so a
 * reload of /dashboard works. Unknown /api paths stay JSON 404s. Vite names assets by content
 * hash, so they are cached for a year; index.html is always revalidated.
 */
export const webApp = fp(async (app: FastifyInstance, opts: { webDistDir: string }) => {
  const indexFile = join(opts.webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes brotli and gzip copies of its text files (scripts/precompress): sent to
      // browsers that accept them, the uncompressed file to the others.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(join(opts.webDistDir, 'assets'));
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !path.startsWith(API_PREFIX) && path !== '/api';
    if (built && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: TErrorResponse = {
      message: wantsPage ? 'The web app has not been built: run npm run build.' : 'Not found',
    };
    return reply.status(404).send(body);
  });
});
