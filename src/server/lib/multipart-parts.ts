import type { FastifyMultipartOptions, Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/**
 * The parser's limits for a form of one file and at most `maxFields` short fields: limits such a
 * form can never legitimately pass. The file's own limit is counted as it streams (inspectUpload), so the
 * student gets the route's sentence, not the parser's; the parser stops one byte past it.
 */
export function singleFileMultipartOptions(
  maxFileBytes: number,
  maxFields = 1,
): FastifyMultipartOptions {
  return {
    throwFileSizeLimit: false,
    limits: {
      fields: maxFields,
      files: 1,
      parts: maxFields + 1,
      fieldSize: 32,
      fieldNameSize: 64,
      headerPairs: 20,
      fileSize: maxFileBytes + 1,
    },
  };
}

/** busboy reads a multipart body only with a non-empty boundary parameter in its Content-Type. */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]+"|[^\s;"]+)/i;

/**
 * The parts of a multipart upload. A request the parser cannot read answers 400 with
 * `noFileMessage`: not multipart, multipart without a boundary, or a body that is not the
 * multipart it claims ("Unexpected end of form"). busboy reports those as plain Errors, which
 * would otherwise answer 500 (found by the fuzz test in src/server/security). The parser's own
 * limits keep their status (413); an error of the caller's loop body never passes through here.
 */
export function multipartParts(
  request: FastifyRequest,
  noFileMessage: string,
): AsyncGenerator<Multipart, void, undefined> {
  // Checked now, not at the first part, so the refusal comes before anything else is looked at.
  if (!request.isMultipart() || !BOUNDARY.test(request.headers['content-type'] ?? '')) {
    throw new HttpError(400, noFileMessage);
  }
  return readableParts(request, noFileMessage);
}

async function* readableParts(
  request: FastifyRequest,
  noFileMessage: string,
): AsyncGenerator<Multipart, void, undefined> {
  try {
    yield* request.parts();
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number') throw error;
    throw new HttpError(400, noFileMessage, { cause: error });
  }
}
