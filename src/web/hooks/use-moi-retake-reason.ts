import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../shared/api-paths.js';
import { ZMoiReviewResponseSchema } from '../../shared/moi.js';
import { apiRequest } from '../lib/api-client.js';

/**
 * Why the school asked the student to record the interview again (GET /api/moi/review), for the
 * interview page and the dashboard's card; null when it did not, while loading, or when `enabled`
 * is false (the interview is not waiting on the student).
 */
export function useMoiRetakeReason(enabled: boolean): string | null {
  const review = useQuery({
    queryKey: [API_PATHS.moiReview],
    queryFn: async () => {
      const res = await apiRequest('GET', API_PATHS.moiReview);
      return ZMoiReviewResponseSchema.parse(await res.json());
    },
    enabled,
  });
  return enabled ? (review.data?.retakeReason ?? null) : null;
}
