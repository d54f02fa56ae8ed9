/// <reference lib="webworker" />
import { offlineReadsCacheFor } from '../lib/offline-reads.js';

/**
 * Network first: the server's answer whenever it can be reached, the last good answer only when
 * it cannot. A refusal (401, 403) forgets the kept answer, so a revoked session cannot read it
 * back offline; other failures (a 500) reach the page as they are.
 */
export async function keepLastAnswer(request: Request): Promise<Response> {
  const cache = await caches.open(await offlineReadsCacheFor(request.headers.get('authorization')));
  // POST reads are kept under their URL: the cache stores GETs only, and their bodies say nothing.
  const key = request.url;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw offline;
  }
  if (response.ok) await cache.put(key, response.clone());
  else if (response.status === 401 || response.status === 403) await cache.delete(key);
  return response;
}
