import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TErrorResponse } from '../../shared/errors.js';
import {
  PAGE_SHELLS_DIR,
  PAGE_SHELLS_INDEX,
  type PageShellIndex,
} from '../../shared/page-shells.js';

const API_PREFIX = '/api/';
/** Every address outside the API is a page of the app, read with these. */
const PAGE_METHODS = ['GET', 'HEAD'];

/** The build's documents by address (scripts/page-shells); none from an older or a test build. */
function readPageShells(webDistDir: string): PageShellIndex {
  const file = join(webDistDir, PAGE_SHELLS_DIR, PAGE_SHELLS_INDEX);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageShellIndex) : {};
}

/** The address a page request names, without its query string or a trailing slash. */
function pageAddress(url: string): { path: string; hasQuery: boolean } {
  const [path = '/', query] = url.split('?', 2);
  return { path: path.length > 1 ? path.replace(/\/+$/, '') : path, hasQuery: query !== undefined };
}

/**
 * Serves the built single-page app and falls back to a document for client routes, so a reload
 * of /dashboard works: the page's own document from the build (which fetches its code at once,
 * and for a public page has it drawn), else index.html. A drawn page is the view of a visitor
 * with no query string; with one (/signup?step=passkey) the page draws itself. Unknown /api paths
 * stay JSON 404s. Vite names assets by content hash, so they are cached for a year; documents
 * are always revalidated.
 */
export const webApp = fp(async (app: FastifyInstance, opts: { webDistDir: string }) => {
  const indexFile = join(opts.webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const shells = new Map(Object.entries(readPageShells(opts.webDistDir)));
  const shellsDir = join(opts.webDistDir, PAGE_SHELLS_DIR);
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
    const { path, hasQuery } = pageAddress(request.url);
    const isPage = !path.startsWith(API_PREFIX) && path !== '/api';
    const wantsPage = isPage && (request.method === 'GET' || request.method === 'HEAD');
    // A path that exists, asked with a method it does not take: 405 with what it does take.
    const allowed = new Set(app.allowedMethods(path));
    if (isPage) for (const method of PAGE_METHODS) allowed.add(method);
    if (!wantsPage && allowed.size > 0 && !allowed.has(request.method)) {
      const body: TErrorResponse = {
        message: `This address does not take ${request.method} requests.`,
      };
      return reply
        .status(405)
        .header('allow', [...allowed].sort().join(', '))
        .send(body);
    }
    if (built && wantsPage) {
      reply.header('cache-control', 'no-cache');
      const shell = shells.get(path);
      if (!shell) return reply.sendFile('index.html');
      return reply.sendFile(hasQuery ? shell.shell : (shell.drawn ?? shell.shell), shellsDir);
    }
    const body: TErrorResponse = {
      message: wantsPage ? 'The web app has not been built: run npm run build.' : 'Not found',
    };
    return reply.status(404).send(body);
  });
});
