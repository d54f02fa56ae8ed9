import { expect, test, type Page } from '@playwright/test';
import type { TPushSubscriptionRequest } from '../src/shared/push-subscriptions.js';
import {
  type FakePushService,
  startFakePushService,
} from '../src/server/test/fake-push-service.js';
import { signInWithDemo } from './support/demo-session.js';
import { controlledByServiceWorker } from './support/service-worker.js';

/**
 * [NOTIFICATIONS] Web push on the student's profile (issue 25): turned on from the Notifications
 * section, the browser asked only on the button's click; then a push to the service worker shows
 * the notification, with the path a click opens.
 *
 * Chromium's own PushManager.subscribe reaches its push service (Google's) over the network,
 * which this machine does not have. So the page's PushManager answers with a subscription of the
 * fake push service on loopback (keys made by it, as a browser's would be), and everything else is
 * real: the permission, the VAPID key the page subscribes with, the POST and DELETE the server
 * keeps, and the service worker's push and notification through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as the push service would hand it to Chromium.
 */

/**
 * Replaces the browser's push subscription by `subscription`, noting the key the page used, and
 * notes whether the page asked for the notification permission.
 */
function fakePushManager(page: Page, subscription: TPushSubscriptionRequest) {
  return page.addInitScript((sub) => {
    // Kept in the tab's session, as the browser keeps a subscription across page loads.
    const ON = 'e2e-push-subscribed';
    const held = () =>
      ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: {} as PushSubscriptionOptions,
        getKey: () => null,
        toJSON: () => sub,
        unsubscribe: () => {
          sessionStorage.removeItem(ON);
          return Promise.resolve(true);
        },
      }) as unknown as PushSubscription;
    const bytes = (key: BufferSource | string | null | undefined) =>
      key instanceof Uint8Array
        ? btoa(String.fromCharCode(...Array.from(key)))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, '')
        : null;
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      sessionStorage.setItem('e2e-push-key', bytes(options?.applicationServerKey) ?? '');
      sessionStorage.setItem(ON, 'yes');
      return Promise.resolve(held());
    };
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(sessionStorage.getItem(ON) ? held() : null);
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      sessionStorage.setItem('e2e-permission-asked', 'yes');
      return ask();
    };
  }, subscription);
}

/** What the journey uses of the service worker's scope (the tests' types have no webworker lib). */
interface WorkerScope {
  registration: { getNotifications(): Promise<Notification[]> };
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
}

/** The portal's service worker registration, for the DevTools protocol. */
async function swRegistrationId(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await registered };
}

test.describe('[NOTIFICATIONS] web push', () => {
  let push: FakePushService;
  test.beforeAll(async () => {
    push = await startFakePushService();
  });
  test.afterAll(async () => {
    await push.close();
  });

  test('a student turns push on in the profile; a push shows its notification with its path; then turns it off', async ({
    page,
    context,
    baseURL,
  }) => {
    const subscription = push.subscribe();
    await fakePushManager(page, subscription);
    await signInWithDemo(page);
    await page.goto('/profile');
    await controlledByServiceWorker(page);

    const section = page.getByRole('region', { name: 'Notifications' });
    await expect(
      section.getByRole('checkbox', { name: 'Messages from your school by push notification' }),
    ).toBeChecked();
    await expect(section.getByText('Push notifications are off for this device.')).toBeVisible();
    const askedForPermission = () =>
      page.evaluate(() => sessionStorage.getItem('e2e-permission-asked') === 'yes');
    expect(await askedForPermission()).toBe(false);

    await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/notifications/push-subscriptions') &&
        r.request().method() === 'POST',
    );
    await section
      .getByRole('button', { name: 'Turn on push notifications on this device' })
      .click();
    const posted = await saved;
    expect(posted.status()).toBe(204);
    expect(posted.request().postDataJSON()).toEqual(subscription);
    await expect(section.getByText('Push notifications are on for this device.')).toBeVisible();
    expect(await askedForPermission()).toBe(true);
    const config = (await (await page.request.get('/api/config')).json()) as {
      vapidPublicKey: string;
    };
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-push-key'))).toBe(
      config.vapidPublicKey,
    );

    // This journey runs in the full chromium (playwright.config.ts), where the granted permission
    // lets the worker show the notification and read it back.
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('the portal has a service worker');
    const sent = { title: 'Graduate Admissions Office replied to your message', path: '/messages' };
    const { cdp, registrationId } = await swRegistrationId(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL ?? '').origin,
      registrationId,
      data: JSON.stringify(sent),
    });
    await expect
      .poll(() =>
        worker.evaluate(async () => {
          const shown = await (self as unknown as WorkerScope).registration.getNotifications();
          return shown.map(({ title, icon, data }) => ({ title, icon, data: data as unknown }));
        }),
      )
      .toEqual([
        { title: sent.title, icon: `${baseURL}/icons/icon-192.png`, data: { path: sent.path } },
      ]);

    // A headless browser has no notification to click: the worker gets the click event the
    // browser would dispatch for the notification it shows.
    await worker.evaluate(async () => {
      const worker = self as unknown as WorkerScope;
      const [notification] = await worker.registration.getNotifications();
      if (!notification) throw new Error('the notification is shown');
      const click = new worker.NotificationEvent('notificationclick', { notification });
      // Only the browser's own events may extend their lifetime; this one needs no waiting.
      Object.defineProperty(click, 'waitUntil', { value: () => undefined });
      worker.dispatchEvent(click);
    });
    await expect(page).toHaveURL(`${baseURL}${sent.path}`);
    await page.goto('/profile');

    const removed = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/notifications/push-subscriptions') &&
        r.request().method() === 'DELETE',
    );
    await section
      .getByRole('button', { name: 'Turn off push notifications on this device' })
      .click();
    expect((await removed).status()).toBe(204);
    expect((await removed).request().postDataJSON()).toEqual({ endpoint: subscription.endpoint });
    await expect(section.getByText('Push notifications are off for this device.')).toBeVisible();
  });
});
