import { readApiError } from '../../lib/read-api-error.js';

type ConsoleMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every request of the staff console. The staff session travels in its HttpOnly cookie, sent to
 * this origin only (`same-origin`), and never with a student's bearer token: a staff route refuses
 * one, and a student's token has no business in a staff request. A state-changing request carries
 * the page's Origin, which the browser adds itself and the server checks.
 *
 * A non-OK answer throws as the student side's apiRequest does (`${status}: ${body}`), so
 * readApiError reads both.
 */
export async function consoleRequest(
  method: ConsoleMethod,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  // A form's data (a file upload) goes as the browser encodes it, with its own boundary.
  const asJson = body !== undefined && !(body instanceof FormData);
  const res = await fetch(url, {
    method,
    headers: asJson ? { ...headers, 'Content-Type': 'application/json' } : headers,
    body: body instanceof FormData ? body : asJson ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res;
}

/** Reads a JSON answer through its contract schema. */
export async function consoleRead<T>(
  url: string,
  schema: { parse: (value: unknown) => T },
  method: ConsoleMethod = 'GET',
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await consoleRequest(method, url, body, headers);
  return schema.parse(await res.json());
}

/** The HTTP status of a failed console request; null for a network failure or a bug. */
export function failedStatus(error: unknown): number | null {
  return readApiError(error)?.status ?? null;
}

/** What to tell the person about a failed request: the server's own words, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return readApiError(error)?.message ?? fallback;
}

/** A path with a query string, or the bare path when there is nothing to ask. */
export const withQuery = (path: string, params: URLSearchParams) =>
  params.size > 0 ? `${path}?${params.toString()}` : path;
