import { API_PATHS } from '../../../../shared/api-paths.js';
import { type TMoiSessionResponse, ZMoiSessionResponseSchema } from '../../../../shared/moi.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * POST /api/moi/sessions: the student's open interview session, the one answers upload into.
 * The server answers the same one until it is submitted (docs/decisions/006-moi-sessions.md).
 */
export async function startMoiSession(): Promise<TMoiSessionResponse> {
  const res = await apiRequest('POST', API_PATHS.moiSessions);
  return ZMoiSessionResponseSchema.parse(await res.json());
}
