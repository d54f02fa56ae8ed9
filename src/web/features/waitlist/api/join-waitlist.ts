import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  WAITLIST_FEATURE,
  WAITLIST_MESSAGES,
  ZWaitlistResponseSchema,
  type TWaitlistRequest,
  type TWaitlistResponse,
} from '../../../../shared/waitlist.js';
import { apiRequest } from '../../../lib/api-client.js';
import { readApiError } from '../../../lib/read-api-error.js';

/** POST /api/waitlist (spec section 7) for the one feature it collects today. */
export async function joinWaitlist({ email }: { email: string }): Promise<TWaitlistResponse> {
  const body: TWaitlistRequest = { email, feature: WAITLIST_FEATURE };
  const res = await apiRequest('POST', API_PATHS.waitlist, body);
  return ZWaitlistResponseSchema.parse(await res.json());
}

/** Spec section 8, "Waitlist": the server's message when it sent one, else 'Failed to join waitlist'. */
export function joinWaitlistFailureMessage(error: unknown): string {
  return readApiError(error)?.message ?? WAITLIST_MESSAGES.failed;
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
