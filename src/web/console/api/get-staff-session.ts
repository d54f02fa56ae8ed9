import { queryOptions, useQuery, type Query, type QueryClient } from '@tanstack/react-query';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZStaffSessionResponseSchema, type TStaffMember } from '../../../shared/staff.js';
import { consoleRead, failedStatus } from './console-request.js';

/** Every console query's key starts with this, apart from the student pages' keys (API paths). */
export const STAFF_QUERY_KEY = 'staff';
export const staffSessionQueryKey = [STAFF_QUERY_KEY, 'session'] as const;

export const isStaffQuery = (query: Pick<Query, 'queryKey'>) =>
  query.queryKey[0] === STAFF_QUERY_KEY;

/** Removes every console answer from the app's cache: the session's end, or leaving /staff. */
export function forgetConsoleAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: [STAFF_QUERY_KEY] });
}

/** GET /api/staff/session: who is signed in, or null without a session (a 401). */
export async function getStaffSession(): Promise<TStaffMember | null> {
  try {
    return (await consoleRead(STAFF_API_PATHS.staffSession, ZStaffSessionResponseSchema)).staff;
  } catch (error) {
    if (failedStatus(error) === 401) return null;
    throw error;
  }
}

/**
 * Read once per console visit: a sign-in sets it, and the end of the session shows as a 401 from
 * whatever the console asks next (console-app.tsx), so no page needs to ask again.
 */
export const staffSessionQueryOptions = queryOptions({
  queryKey: staffSessionQueryKey,
  queryFn: getStaffSession,
  staleTime: Infinity,
});

export function useStaffSession() {
  return useQuery(staffSessionQueryOptions);
}

/** The staff member of the session the console holds, when there is one. */
export function currentStaff(queryClient: QueryClient): TStaffMember | null {
  return queryClient.getQueryData(staffSessionQueryKey) ?? null;
}

/**
 * After any sign-in: the session it answered becomes the console's (without asking again), and
 * nothing read before it, under another session or none, is kept.
 */
export function startConsoleSession(queryClient: QueryClient, staff: TStaffMember): void {
  queryClient.removeQueries({
    predicate: (query) =>
      isStaffQuery(query) && query.queryKey.join('/') !== staffSessionQueryKey.join('/'),
  });
  queryClient.setQueryData(staffSessionQueryKey, staff);
}
