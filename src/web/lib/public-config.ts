import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../shared/api-paths.js';
import type { TPublicConfigResponse } from '../../shared/public-config.js';
import { getQueryFn } from './api-client.js';

/** How the server runs (demo mode on or off), read once per session before anyone signs in. */
export const publicConfigQueryOptions = queryOptions({
  queryKey: [API_PATHS.publicConfig],
  queryFn: getQueryFn<TPublicConfigResponse>({ on401: 'throw' }),
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
