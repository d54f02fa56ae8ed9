/// <reference lib="webworker" />

/**
 * Web push in the service worker (issue 25): a push shows the notification the server sent, as
 * short as its e-mail's subject, and a click opens the page it is about in the portal's window.
 */
declare const self: ServiceWorkerGlobalScope;

/** The icon beside the notification: the home-screen icon (vite.config.ts, the manifest). */
const ICON = '/icons/icon-192.png';

interface PushNotice {
  title: string;
  path: string;
}

/**
 * A path of this portal, or null: only a same-origin path is opened, whatever a payload says,
 * so a push can never send the person to another site.
 */
export function portalPath(path: unknown, origin: string): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return null;
  const url = new URL(path, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** The server's `{ title, path }`, or null for anything else. */
export function readPushNotice(
  data: { json(): unknown } | null,
  origin: string,
): PushNotice | null {
  let notice: unknown;
  try {
    notice = data?.json();
  } catch {
    return null;
  }
  if (typeof notice !== 'object' || notice === null) return null;
  const { title, path } = notice as Record<string, unknown>;
  const safePath = portalPath(path, origin);
  if (typeof title !== 'string' || title.trim() === '' || safePath === null) return null;
  return { title, path: safePath };
}

/** Focuses a window of the portal and takes it to `path`, or opens one there. */
async function openPortalAt(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  // A window this worker does not control cannot be navigated from here: open a new one.
  const navigated = await open.navigate(url).catch(() => null);
  if (!navigated) {
    await self.clients.openWindow(url);
    return;
  }
  await navigated.focus();
}

export function listenForPush(): void {
  self.addEventListener('push', (event) => {
    const notice = readPushNotice(event.data, self.location.origin);
    if (!notice) return;
    event.waitUntil(
      self.registration.showNotification(notice.title, {
        icon: ICON,
        data: { path: notice.path },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = portalPath(
      (event.notification.data as { path?: unknown } | null)?.path,
      self.location.origin,
    );
    event.waitUntil(openPortalAt(path ?? '/'));
  });
}
