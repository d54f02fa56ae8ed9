import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  verifyWithProviderPath,
  ZVerifyFaceResponseSchema,
  type TVerifyFaceResponse,
} from '../../../../shared/identity-verification.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * POST /api/auth/verify-face (spec section 7). The server answers 200 only when the provider
 * approved this student, so a 200 is what lets the page call the check a success.
 */
export async function verifyFace(): Promise<TVerifyFaceResponse> {
  const res = await apiRequest('POST', API_PATHS.verifyFace);
  return ZVerifyFaceResponseSchema.parse(await res.json());
}

/**
 * The verify-with-provider action of spec section 7, POST /api/veriff/verify/{sessionId}: the
 * server confirms this one provider session (the student's own) with the provider.
 */
export async function verifyWithProvider(sessionId: string): Promise<TVerifyFaceResponse> {
  const res = await apiRequest('POST', verifyWithProviderPath(sessionId));
  return ZVerifyFaceResponseSchema.parse(await res.json());
}
