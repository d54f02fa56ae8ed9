import type { QueryFunction } from '@tanstack/react-query';
import { readStorage } from './browser-storage.js';
import { SESSION_STORAGE_KEYS } from './storage-keys.js';

/**
 * The request helpers of spec section 7. Every call sends cookies and, when the student has a
 * session, the bearer token from sessionStorage (spec section 6). Any non-OK answer throws an
 * Error whose message is `${status}: ${body text or status text}`; callers (the auth state's
 * local logout among them) match on that text.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The bearer header of the student's session, or none; for requests made without apiRequest. */
export function authHeaders(): Record<string, string> {
  const token = readStorage('session', SESSION_STORAGE_KEYS.token);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** Sends `body` (when given) as JSON; resolves with the OK response for the caller to read. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = { ...authHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query function: GETs the first element of the query key and parses the JSON.
 * With `on401: 'returnNull'` a 401 answers null instead of throwing.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== 'string') {
      throw new TypeError('The default query function needs a URL as the first query key.');
    }
    const res = await fetch(url, {
      method: 'GET',
      headers: authHeaders(),
      credentials: 'include',
      signal,
    });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
