import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The methods the routes at a request's path answer (its query string aside), for a 405's
     * Allow header; none when no route has that path.
     */
    allowedMethods(url: string): string[];
  }
}

interface RoutePath {
  pattern: RegExp;
  methods: Set<string>;
}

/** A route's path as a pattern: `:name` is one segment, `*` anything. */
function patternOf(url: string): RegExp {
  const source = url
    .replace(/\/+$/, '')
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * Keeps the path and methods of every route registered after it, so a request with a method its
 * path does not take is answered 405 with Allow (RFC 9110) instead of a 404 that says the path
 * does not exist. Registered before the routes.
 */
export const allowedMethods = fp(async (app: FastifyInstance) => {
  const paths = new Map<string, RoutePath>();
  app.addHook('onRoute', ({ url, method }) => {
    const known = paths.get(url) ?? { pattern: patternOf(url), methods: new Set<string>() };
    const methods: HTTPMethods[] = Array.isArray(method) ? method : [method];
    for (const m of methods) known.methods.add(m.toUpperCase());
    if (known.methods.has('GET')) known.methods.add('HEAD');
    paths.set(url, known);
  });
  app.decorate('allowedMethods', (url: string) => {
    const [path = '/'] = url.split('?', 1);
    const methods = new Set<string>();
    for (const route of paths.values()) {
      if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
    }
    return [...methods].sort();
  });
});
