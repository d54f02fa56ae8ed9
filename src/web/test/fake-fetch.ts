import { vi } from 'vitest';

/**
 * A fake of the browser's fetch, the app's boundary with the server: each test routes
 * "METHOD /path" to an answer and reads back what was sent. A request no route answers is a
 * request the test did not expect: it fails, and so does the test (test/setup.ts), naming it.
 */
export interface SentRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
  /** A multipart body, as the page built it. */
  form: FormData | null;
  credentials: RequestCredentials | undefined;
}

export type Answer = Response | (() => Response | Promise<Response>);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The requests no route answered, since the last look (test/setup.ts, after each test). */
const unexpected: string[] = [];

export function takeUnexpectedRequests(): string[] {
  return unexpected.splice(0);
}

/**
 * What every signed-in page asks whatever the test is about: the portal's frame reads the
 * student's messages for the unread count on the Messages tab, and the student's language once
 * signed in. An empty inbox and English unless the test answers them itself.
 */
const FRAME_ROUTES: Record<string, Answer> = {
  'GET /api/messages': () => json([]),
  'GET /api/language': () => json({ language: 'en' }),
};

export function installFakeFetch(testRoutes: Record<string, Answer>) {
  const routes = { ...FRAME_ROUTES, ...testRoutes };
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    sent.push({
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
      form: init.body instanceof FormData ? init.body : null,
      credentials: init.credentials,
    });
    const request = `${method} ${url}`;
    const answer = routes[request];
    if (!answer) {
      unexpected.push(request);
      throw new Error(`The test's fake server has no answer for ${request}.`);
    }
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}

/** A promise the test settles by hand, to look at the screen while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
