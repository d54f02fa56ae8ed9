import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearPersonalOfflineReads,
  offlineReadsCacheFor,
  PUBLIC_READS_CACHE,
} from './offline-reads.js';

describe('offlineReadsCacheFor', () => {
  it('gives each session token its own cache, named without the token', async () => {
    const first = await offlineReadsCacheFor('Bearer token-of-priya');
    expect(first).toMatch(/^portal-api-session-[0-9a-f]{24}$/);
    expect(first).not.toContain('token-of-priya');
    expect(await offlineReadsCacheFor('Bearer token-of-priya')).toBe(first);
    expect(await offlineReadsCacheFor('Bearer token-of-lucas')).not.toBe(first);
  });

  it('puts answers for no session in the public cache', async () => {
    expect(await offlineReadsCacheFor(null)).toBe(PUBLIC_READS_CACHE);
  });
});

describe('clearPersonalOfflineReads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("deletes every session's cache and keeps the public one and the app shell", async () => {
    const names = new Set([
      'portal-api-session-aaa',
      'portal-api-session-bbb',
      PUBLIC_READS_CACHE,
      'workbox-precache-v2-http://localhost/',
    ]);
    vi.stubGlobal('caches', {
      keys: async () => [...names],
      delete: async (name: string) => names.delete(name),
    });

    await clearPersonalOfflineReads();

    expect([...names]).toEqual([PUBLIC_READS_CACHE, 'workbox-precache-v2-http://localhost/']);
  });
});
