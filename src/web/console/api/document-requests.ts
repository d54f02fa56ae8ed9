import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  type TNewDocumentRequest,
  ZCreatedDocumentRequestSchema,
  ZStaffDocumentRequestListResponseSchema,
} from '../../../shared/staff-document-requests.js';
import { consoleRead, consoleRequest } from './console-request.js';

/** One application's requests, which a review (review-document.ts) also updates. */
export const documentRequestsKey = (applicationId: number) =>
  ['staff', 'document-requests', applicationId] as const;

/** GET /api/staff/applications/{id}/document-requests: oldest first, each with its files. */
export function useDocumentRequests(applicationId: number) {
  return useQuery({
    queryKey: documentRequestsKey(applicationId),
    // The student uploads while staff look: the checklist is read afresh each visit.
    staleTime: 0,
    queryFn: () =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffApplicationDocumentRequests, { id: applicationId }),
        ZStaffDocumentRequestListResponseSchema,
      ),
  });
}

/** POST /api/staff/applications/{id}/document-requests, then the checklist read again. */
export function useAddDocumentRequest(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TNewDocumentRequest) =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffApplicationDocumentRequests, { id: applicationId }),
        ZCreatedDocumentRequestSchema,
        'POST',
        request,
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: documentRequestsKey(applicationId) }),
  });
}

/**
 * DELETE /api/staff/document-requests/{id}. Removed or refused (409: the student uploaded into it
 * meanwhile), the checklist is read again, so it shows the request as it now stands.
 */
export function useRemoveDocumentRequest(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) =>
      consoleRequest('DELETE', apiPath(STAFF_API_PATHS.staffDocumentRequest, { id: requestId })),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: documentRequestsKey(applicationId) }),
  });
}
