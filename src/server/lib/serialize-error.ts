/**
 * An error as the logs keep it: its type, a message without query parameters, the database's
 * error code and constraint, the stack frames and the same of its cause. Nothing else, because
 * errors carry the data of the request that failed: drizzle's DrizzleQueryError puts the query's
 * parameters in its message ("Failed query: ...\nparams: ...") and in `params`, PGlite's errors
 * carry `query` and `params`, and PostgreSQL's `detail` repeats a failing row's values ("Failing
 * row contains (...)"). DESIGN.md: logs carry no personal data (ASVS 5.0 V16.2.5).
 */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  stack: string;
  cause?: SerializedError;
}

const MAX_CAUSES = 3;

function withoutParameters(message: string): string {
  const at = message.search(/\n\s*params:/);
  return at === -1 ? message : message.slice(0, at);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * Typed as Fastify's logger wants it; at run time `err` may also be a message string (some call
 * sites log `err: error.message`), which is kept as the message.
 */
export function serializeError(error: Error): SerializedError {
  if (error instanceof Error) return serializeErrorObject(error, 0);
  return { type: typeof error, message: String(error), stack: '' };
}

function serializeErrorObject(error: Error, depth: number): SerializedError {
  const fields = error as Error & Record<string, unknown>;
  const message = withoutParameters(error.message);
  // The stack's first lines repeat the message, parameters included: keep only the frames.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: SerializedError = {
    type: error.constructor.name || error.name,
    message,
    code: text(fields.code),
    constraint: text(fields.constraint),
    table: text(fields.table),
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  if (error.cause instanceof Error && depth < MAX_CAUSES) {
    serialized.cause = serializeErrorObject(error.cause, depth + 1);
  }
  return serialized;
}
