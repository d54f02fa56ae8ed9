import type { TPushSubscriptionRequest } from '../../shared/push-subscriptions.js';

/**
 * Web push on this device (issue 25), for the "Notifications" sections of the profile and of the
 * console: whether the browser can, the subscription it holds, and turning it on (which asks for
 * the notification permission, so only on the person's own click) or off.
 */

/**
 * What this browser offers: push; push only once installed (Safari on iPhone and iPad runs web
 * push only in an app added to the Home Screen); or none at all.
 */
export type PushSupport = 'supported' | 'install-first' | 'unsupported';

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  // iPadOS asks for desktop pages: a "Mac" with a touch screen.
  (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

const runsInstalled = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export function pushSupport(): PushSupport {
  const capable =
    'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (isAppleMobile() && !runsInstalled()) return 'install-first';
  return capable ? 'supported' : 'unsupported';
}

/** The person refused (or had refused) notifications for this site: only their browser can undo it. */
export class PushPermissionDenied extends Error {
  override name = 'PushPermissionDenied';
}

/** The subscription this browser holds for the portal, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Asks for the permission, then subscribes with the server's VAPID key; answers the subscription
 * as the server takes it. Throws PushPermissionDenied when notifications are not allowed.
 */
export async function subscribeThisDevice(
  vapidPublicKey: string,
): Promise<TPushSubscriptionRequest> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushPermissionDenied();
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(vapidPublicKey),
  });
  return subscription.toJSON() as TPushSubscriptionRequest;
}

/** Unsubscribes this browser; answers the endpoint it had, for the server to forget too. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
