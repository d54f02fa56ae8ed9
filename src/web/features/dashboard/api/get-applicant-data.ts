import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_PATHS } from '../../../../shared/api-paths.js';
import { ZApplicantDataResponseSchema } from '../../../../shared/applicant-data.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';
import { OFFLINE_COPY_KEPT_AT_HEADER } from '../../../lib/offline-copy-kept-at.js';
import { OFFLINE_COPY_HEADER } from '../../../lib/offline-reads.js';

/**
 * The answer, read a little more leniently than the contract: spec section 4 treats a missing
 * MOI status as Incomplete, so an answer without one must still show the rest of the record.
 */
const ZApplicantDataAnswerSchema = ZApplicantDataResponseSchema.extend({
  application: ZApplicantDataResponseSchema.shape.application.extend({
    'MOI Status': z.string().nullish(),
  }),
});
export type TApplicantDataAnswer = z.infer<typeof ZApplicantDataAnswerSchema>;

/**
 * The record as read, and how current it is: the server's, read at `readAt`, or, when the server
 * could not be reached, the service worker's copy, kept at `readAt` (decision 007).
 */
export interface TApplicantDataRead {
  record: TApplicantDataAnswer;
  offlineCopy: boolean;
  /** Milliseconds since the epoch. */
  readAt: number;
}

/** When the worker kept its copy; now when the copy does not say (a worker of an older version). */
function keptAt(res: Response): number {
  const kept = Date.parse(res.headers.get(OFFLINE_COPY_KEPT_AT_HEADER) ?? '');
  return Number.isNaN(kept) ? Date.now() : kept;
}

/**
 * POST /api/applicant-data (spec section 7): the signed-in student's admission record. The spec
 * posts an empty object with the bearer token; a failure throws `${status}: ${text}`.
 */
export async function getApplicantData(): Promise<TApplicantDataRead> {
  const res = await apiRequest('POST', API_PATHS.applicantData, {});
  const record = ZApplicantDataAnswerSchema.parse(await res.json());
  const offlineCopy = res.headers.has(OFFLINE_COPY_HEADER);
  return { record, offlineCopy, readAt: offlineCopy ? keptAt(res) : Date.now() };
}

/**
 * Keyed by the student as well as the path, so one student's record is never shown to another
 * who signs in on the same tab. Another page that changes the record (the MOI interview, on
 * submit) invalidates `[API_PATHS.applicantData]`, which matches every student's key.
 */
export const applicantDataQueryKey = (studentId: string) =>
  [API_PATHS.applicantData, studentId] as const;

/**
 * Fetched once per session (spec section 7): the record never goes stale on its own. An offline
 * copy is stale at once, so it is read again as soon as the connection is back.
 */
export function getApplicantDataQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: applicantDataQueryKey(studentId),
    queryFn: async () => {
      try {
        return await getApplicantData();
      } catch (error) {
        // Spec section 8: a failure is only logged; the dashboard keeps its defaults.
        console.warn('Could not load the applicant data:', error);
        throw error;
      }
    },
    staleTime: ({ state }) => (state.data?.offlineCopy ? 0 : Infinity),
  });
}

/**
 * The record, once the student has a full session and a verified face (the server refuses
 * anyone else, and the page's guard lets no one else in).
 */
export function useApplicantData() {
  const { user, isAuthenticated, faceVerified } = useAuth();
  const enabled = isAuthenticated && faceVerified && user?.sessionScope === 'student';
  return useQuery({ ...getApplicantDataQueryOptions(user?.id ?? ''), enabled });
}
