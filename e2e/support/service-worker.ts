import type { Page } from '@playwright/test';

/** Waits until the service worker is active and controls the page. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (
      registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null
    );
  });
}

/** One entry of Cache Storage, and which of the looked-for texts its body holds in clear. */
export interface CacheEntryFinding {
  cache: string;
  url: string;
  found: string[];
}

/**
 * Reads every entry of every cache of the origin, as any page of the origin (or anyone opening
 * the browser's storage) can, and says which of `texts` each body holds.
 */
export async function readEveryCache(page: Page, texts: string[]): Promise<CacheEntryFinding[]> {
  return page.evaluate(async (needles) => {
    const findings: CacheEntryFinding[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const body = response ? await response.text() : '';
        findings.push({
          cache: name,
          url: request.url,
          found: needles.filter((text) => body.includes(text)),
        });
      }
    }
    return findings;
  }, texts);
}
