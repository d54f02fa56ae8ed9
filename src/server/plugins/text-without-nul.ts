import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const NUL_MESSAGE =
  'The request holds a NUL character (U+0000), which no field accepts. Remove it and try again.';

/** How deep a body's arrays and objects are looked into; the contract's bodies are shallower. */
const MAX_DEPTH = 32;

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((entry) => holdsNul(entry, depth + 1));
}

/**
 * PostgreSQL's text cannot hold U+0000: a parameter carrying one makes the query itself fail, a
 * 500 for what is the request's fault. Every route registered after this refuses such a request
 * with a 400 before its own validation, whichever of path, query or body carries it.
 */
export const textWithoutNul = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request, reply) => {
    if ([request.params, request.query, request.body].some((part) => holdsNul(part))) {
      return reply.status(400).send({ message: NUL_MESSAGE });
    }
  });
});
