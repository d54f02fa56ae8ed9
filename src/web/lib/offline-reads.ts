/**
 * The caches of the API reads a student needs offline (decision 007), shared by the service
 * worker, which keeps their last good answers (sealed to the session that fetched them), and the
 * page, which throws those answers away when a session ends. The page and the worker meet only
 * here; which requests are those reads is the worker's alone (offline-read-requests.ts), so their
 * paths stay off the welcome page (docs/performance.md).
 */

/** Every cache holding API answers starts with this; the precache and nothing else does not. */
export const OFFLINE_READS_CACHE_PREFIX = 'portal-api-';

/** Answers that name no student (the consulate wait times) live in one cache for everyone. */
export const PUBLIC_READS_CACHE = `${OFFLINE_READS_CACHE_PREFIX}public`;

/**
 * Set on an answer the worker serves from its kept copy because the server could not be reached,
 * so the page can tell a last-known answer from the server's (a kept profile lacks its sealed
 * fields, for one).
 */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';

/**
 * The cache for a request's answers: one per session token, so an answer is only ever handed back
 * to the exact token it was fetched with. The token is hashed: cache names are readable by any
 * script on the origin and shown on /pwa-debug.
 */
export async function offlineReadsCacheFor(authorization: string | null): Promise<string> {
  if (!authorization) return PUBLIC_READS_CACHE;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hex = Array.from(new Uint8Array(digest).slice(0, 12), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return `${OFFLINE_READS_CACHE_PREFIX}session-${hex}`;
}

/**
 * Deletes every student's kept answers: at logout, at a new sign-in (so nothing of a previous
 * student stays on a shared phone), when a page starts without a session, and when a new worker
 * version activates (decision 007). The public wait times stay.
 */
export async function clearPersonalOfflineReads(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(OFFLINE_READS_CACHE_PREFIX) && name !== PUBLIC_READS_CACHE)
      .map((name) => caches.delete(name)),
  );
}
