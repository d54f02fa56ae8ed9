import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  type TMoiAnswersRequest,
  type TMoiSubmissionResponse,
  ZMoiSubmissionResponseSchema,
} from '../../../../shared/moi.js';
import { apiRequest } from '../../../lib/api-client.js';

/** POST /api/moi/answers (spec section 7): submits the three uploaded answers. */
export async function submitMoiAnswers(body: TMoiAnswersRequest): Promise<TMoiSubmissionResponse> {
  const res = await apiRequest('POST', API_PATHS.moiAnswers, body);
  return ZMoiSubmissionResponseSchema.parse(await res.json());
}
