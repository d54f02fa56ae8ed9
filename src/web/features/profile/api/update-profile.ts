import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  PROFILE_MESSAGES,
  ZProfileSchema,
  type TProfile,
  type TProfileUpdateRequest,
} from '../../../../shared/profile.js';
import { apiRequest } from '../../../lib/api-client.js';
import { readApiError } from '../../../lib/read-api-error.js';
import { getProfileQueryOptions, useProfileStudentId } from './get-profile.js';

/** PUT /api/profile (spec section 7): the whole profile; answers it as stored. */
export async function updateProfile(body: TProfileUpdateRequest): Promise<TProfile> {
  const res = await apiRequest('PUT', API_PATHS.profile, body);
  return ZProfileSchema.parse(await res.json());
}

/** The server's own words when it refused (a field it would not take), else a plain retry. */
export function updateProfileFailureMessage(error: unknown): string {
  return readApiError(error)?.message ?? PROFILE_MESSAGES.saveFailed;
}

/** Saves, then keeps the stored profile as the one the form resets to. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const studentId = useProfileStudentId();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      if (studentId !== null)
        queryClient.setQueryData(getProfileQueryOptions(studentId).queryKey, {
          offlineCopy: false,
          profile: saved,
        });
    },
  });
}
