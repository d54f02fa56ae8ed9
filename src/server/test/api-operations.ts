import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../shared/api-paths.js';

/** The part of a JSON Schema (as @fastify/swagger publishes it) the security tests walk. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
}

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document: what the security suites iterate over. */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI's form, `/api/documents/{id}`. */
  path: string;
  /** `METHOD path`, the key the suites' fixture tables use. */
  key: string;
  bearer: boolean;
  /** Behind a staff session (the console's cookie) rather than a student's bearer token. */
  staff: boolean;
  parameters: ApiParameter[];
  /** The JSON body's schema, when the operation takes a JSON body. */
  jsonBody: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        parameters?: ApiParameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const isMethod = (value: string): value is ApiOperation['method'] =>
  (METHODS as readonly string[]).includes(value);

/**
 * Every operation the app documents at /api/docs. The suites derive their route lists from this,
 * so a route added tomorrow is in the matrix and the fuzz run without anyone listing it.
 */
export async function apiOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const res = await app.inject({ method: 'GET', url: API_PATHS.docs });
  if (res.statusCode !== 200) throw new Error(`/api/docs answered ${res.statusCode}`);
  const doc = res.json<OpenApiDocument>();
  const operations: ApiOperation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [lower, operation] of Object.entries(byMethod)) {
      const method = lower.toUpperCase();
      if (!isMethod(method)) throw new Error(`unexpected method ${lower} on ${path}`);
      operations.push({
        method,
        path,
        key: `${method} ${path}`,
        bearer: (operation.security ?? []).some((s) => 'bearerAuth' in s),
        staff: (operation.security ?? []).some((s) => 'staffSession' in s),
        parameters: operation.parameters ?? [],
        jsonBody: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Fills `{name}` placeholders of an OpenAPI path, encoding each value. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of a path's `{placeholders}`. */
export const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
