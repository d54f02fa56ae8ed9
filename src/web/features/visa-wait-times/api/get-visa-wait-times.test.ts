import { describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '../../../test/fake-fetch.js';
import { SOME_WAIT_TIMES } from '../test/wait-times-fixtures.js';
import { getVisaWaitTimes, getVisaWaitTimesQueryOptions } from './get-visa-wait-times.js';

describe('GET /api/visa-wait-times', () => {
  it('is fresh for 24 hours and kept for 48 (spec section 7, "Caching")', () => {
    const options = getVisaWaitTimesQueryOptions();
    expect(options.queryKey).toEqual(['/api/visa-wait-times']);
    expect(options.staleTime).toBe(24 * 60 * 60 * 1000);
    expect(options.gcTime).toBe(48 * 60 * 60 * 1000);
  });

  it('reads the list, and revalidates past the browser cache when asked', async () => {
    const { fetchMock } = installFakeFetch({ 'GET /api/visa-wait-times': json(SOME_WAIT_TIMES) });

    expect(await getVisaWaitTimes()).toEqual(SOME_WAIT_TIMES);
    await getVisaWaitTimes({ revalidate: true });

    expect(fetchMock.mock.calls.map(([, init]) => init?.cache)).toEqual(['default', 'no-cache']);
  });

  it('throws the status and the body text on failure', async () => {
    installFakeFetch({ 'GET /api/visa-wait-times': json({ message: 'Unavailable' }, 503) });

    await expect(getVisaWaitTimes()).rejects.toThrow('503: {"message":"Unavailable"}');
  });

  it('refuses an answer that is not the contract', async () => {
    installFakeFetch({ 'GET /api/visa-wait-times': json([{ post: 'Lagos' }]) });

    await expect(getVisaWaitTimes()).rejects.toThrow();
  });
});
