/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isOfflineRead } from '../lib/offline-read-requests.js';
import { clearPersonalOfflineReads } from '../lib/offline-reads.js';
import { keepLastAnswer } from './keep-last-answer.js';
import { listenForPush } from './push-notifications.js';

/**
 * The portal's service worker (/sw.js, scope /). The app shell and every hashed asset come from
 * the precache, so the portal opens without the network; the reads a student needs offline are
 * fetched from the network first and their last good answer kept for when it is gone.
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page is the single-page app: a reload of /dashboard offline gets the precached shell.
// The API, the simulated identity page under it and the server's own plain files are not pages.
// Nor is the staff console offline: /staff goes to the network (its code is not precached, and
// no staff answer is ever kept: lib/offline-read-requests.ts names student reads only).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/(healthz|readyz|robots\.txt)$/, /^\/staff(\/|$)/],
  }),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;
for (const method of ['GET', 'POST'] as const) {
  registerRoute(
    ({ url, request }) => sameOrigin(url) && isOfflineRead(request.method, url.pathname),
    ({ request }) => keepLastAnswer(request),
    method,
  );
}

listenForPush();

// A new version starts with no student's kept answers: an earlier one may have kept them another
// way (before decision 007's 2026-11-25 amendment, in clear). The page reloads into it and reads them afresh.
self.addEventListener('activate', (event) => {
  event.waitUntil(clearPersonalOfflineReads());
});

// A first install takes over the open page at once, so the reads of the visit that installed it
// are kept too. A later version waits until the student accepts the update prompt.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
