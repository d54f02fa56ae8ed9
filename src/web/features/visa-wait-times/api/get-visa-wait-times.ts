import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  ZVisaWaitTimesResponseSchema,
  type TVisaWaitTimesResponse,
} from '../../../../shared/visa-wait-times.js';

/** Spec section 7, "Caching": wait times are fresh for 24 hours and kept for 48. */
export const WAIT_TIMES_STALE_TIME_MS = 24 * 60 * 60 * 1000;
export const WAIT_TIMES_GC_TIME_MS = 48 * 60 * 60 * 1000;

/**
 * GET /api/visa-wait-times (spec section 7): every post's student-visa wait, public. Fetched
 * without the bearer token, so the browser and shared caches may keep the public answer. A
 * normal load may come from the browser's HTTP cache (the server allows an hour); `revalidate`
 * asks the server again with the stored ETag, which costs a 304 when nothing changed.
 */
export async function getVisaWaitTimes({
  revalidate = false,
  signal,
}: { revalidate?: boolean; signal?: AbortSignal } = {}): Promise<TVisaWaitTimesResponse> {
  const res = await fetch(API_PATHS.visaWaitTimes, {
    method: 'GET',
    headers: { Accept: 'application/json' },
    credentials: 'include',
    cache: revalidate ? 'no-cache' : 'default',
    signal: signal ?? null,
  });
  // The error text of the app's request helpers (spec section 7): status, colon, body text.
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return ZVisaWaitTimesResponseSchema.parse(await res.json());
}

export const visaWaitTimesQueryKey = [API_PATHS.visaWaitTimes] as const;

export function getVisaWaitTimesQueryOptions() {
  return queryOptions({
    queryKey: visaWaitTimesQueryKey,
    queryFn: ({ signal }) => getVisaWaitTimes({ signal }),
    staleTime: WAIT_TIMES_STALE_TIME_MS,
    gcTime: WAIT_TIMES_GC_TIME_MS,
  });
}

export function useVisaWaitTimes() {
  return useQuery(getVisaWaitTimesQueryOptions());
}

/**
 * The Refresh button: fetches now, past the browser's cache, into the same cache entry. Resolves
 * true on success; on failure the entry keeps the list it had and reports the error.
 */
export function useRefreshVisaWaitTimes(): () => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await queryClient.query({
        ...getVisaWaitTimesQueryOptions(),
        queryFn: ({ signal }) => getVisaWaitTimes({ revalidate: true, signal }),
        staleTime: 0,
      });
      return true;
    } catch {
      return false;
    }
  }, [queryClient]);
}
