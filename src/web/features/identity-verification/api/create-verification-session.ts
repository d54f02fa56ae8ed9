import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  ZCreateVerificationSessionResponseSchema,
  type TCreateVerificationSessionRequest,
  type TCreateVerificationSessionResponse,
} from '../../../../shared/identity-verification.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * POST /api/veriff/session (spec section 7): opens a session with the identity provider for the
 * signed-in student. apiRequest adds the bearer token when this tab has one.
 */
export async function createVerificationSession(
  body: TCreateVerificationSessionRequest,
): Promise<TCreateVerificationSessionResponse> {
  const res = await apiRequest('POST', API_PATHS.veriffSession, body);
  return ZCreateVerificationSessionResponseSchema.parse(await res.json());
}
