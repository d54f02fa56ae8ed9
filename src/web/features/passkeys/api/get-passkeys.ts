import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import { ZPasskeyListResponseSchema, type TPasskey } from '../../../../shared/passkeys.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';

/** GET /api/passkeys: the signed-in student's passkeys, oldest first. */
export async function getPasskeys(): Promise<TPasskey[]> {
  const res = await apiRequest('GET', API_PATHS.passkeys);
  return ZPasskeyListResponseSchema.parse(await res.json()).passkeys;
}

/** Keyed by the student as well, so one student's passkeys are never shown to another. */
export const passkeysQueryKey = (studentId: string) => [API_PATHS.passkeys, studentId] as const;

export function getPasskeysQueryOptions(studentId: string) {
  return queryOptions({ queryKey: passkeysQueryKey(studentId), queryFn: getPasskeys });
}

/** The signed-in student's passkeys; only a full session may list them. */
export function usePasskeys() {
  const { user } = useAuth();
  const studentId = user?.sessionScope === 'student' ? user.id : null;
  return useQuery({
    ...getPasskeysQueryOptions(studentId ?? ''),
    enabled: studentId !== null,
  });
}
