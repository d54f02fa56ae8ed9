import {
  verificationStatusPath,
  ZVerificationStatusResponseSchema,
  type TVerificationStatusResponse,
} from '../../../../shared/identity-verification.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * GET /api/veriff/status/{userId} (spec section 7): where the student's identity check stands.
 * Read by the page right after the provider's flow and then every few seconds while undecided.
 */
export async function getVerificationStatus(userId: string): Promise<TVerificationStatusResponse> {
  const res = await apiRequest('GET', verificationStatusPath(userId));
  return ZVerificationStatusResponseSchema.parse(await res.json());
}
