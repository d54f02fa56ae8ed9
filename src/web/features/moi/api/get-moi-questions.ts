import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  MOI_FALLBACK_QUESTIONS,
  type TMoiQuestion,
  ZMoiQuestionListResponseSchema,
} from '../../../../shared/moi.js';
import { apiRequest } from '../../../lib/api-client.js';

/** GET /api/moi/questions (spec section 7): the questions, in the order they are asked. */
export async function getMoiQuestions(): Promise<TMoiQuestion[]> {
  const res = await apiRequest('GET', API_PATHS.moiQuestions);
  return ZMoiQuestionListResponseSchema.parse(await res.json());
}

/** The same for every student and never stale on its own (spec section 7, "Caching"). */
export const moiQuestionsQueryOptions = queryOptions({
  queryKey: [API_PATHS.moiQuestions] as const,
  queryFn: getMoiQuestions,
  staleTime: Infinity,
});

/**
 * The questions to ask: null while they load; the built-in three when the fetch fails (spec
 * section 8); an empty list only when the server has none, which the page reports.
 */
export function useInterviewQuestions(): readonly TMoiQuestion[] | null {
  const query = useQuery(moiQuestionsQueryOptions);
  if (query.isError) return MOI_FALLBACK_QUESTIONS;
  return query.data ?? null;
}
