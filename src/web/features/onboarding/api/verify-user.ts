import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import { ZLoginResponseSchema, type TLoginResponse } from '../../../../shared/auth.js';
import type { TVerifyUserRequest } from '../../../../shared/onboarding.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * POST /api/auth/verify-user (spec section 7): exchanges the lookup's proof cookie for an
 * onboarding session, the token and user that sign the student in.
 */
export async function verifyUser(body: TVerifyUserRequest): Promise<TLoginResponse> {
  const res = await apiRequest('POST', API_PATHS.verifyUser, body);
  return ZLoginResponseSchema.parse(await res.json());
}

export function useVerifyUser() {
  return useMutation({ mutationFn: verifyUser });
}
