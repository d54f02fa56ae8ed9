import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TErrorResponse } from '../../shared/errors.js';
import { RateLimitExceeded } from '../db/rate-limit.js';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Turns a schema failure into one readable sentence: which field, and what is wrong with it. */
function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const what = first?.message ?? 'is invalid';
    return field ? `${field}: ${what}` : what;
  }
  return error.message;
}

/**
 * Every failure answers JSON `{ message }`. A 4xx says what was wrong with the request; a 5xx says
 * nothing internal (no stack, no SQL) and is logged with the request id for the operator.
 */
export const errorHandling = fp(async (app: FastifyInstance) => {
  app.setErrorHandler<FastifyError>(async (error, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const body: TErrorResponse = { message: INTERNAL_ERROR_MESSAGE };
      return reply.status(status).send(body);
    }
    if (error instanceof RateLimitExceeded)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    const message = error.validation ? describeValidation(error) : error.message;
    const body: TErrorResponse = { message };
    return reply.status(status).send(body);
  });
});
