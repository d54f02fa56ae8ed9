import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '../../../../shared/api-paths.js';
import type { TDocumentListResponse } from '../../../../shared/documents.js';
import { apiRequest } from '../../../lib/api-client.js';
import { failureMessage } from '../utils/failure-message.js';
import { allDocumentsQueryKey } from './get-documents.js';
import { refreshDocumentReads } from './refresh-document-reads.js';

const DELETE_FAILED = 'The document could not be deleted. Please try again.';

/** DELETE /api/documents/{id}: removes one of the student's documents and its file (204). */
export async function deleteDocument(id: number): Promise<void> {
  await apiRequest('DELETE', apiPath(API_PATHS.document, { id }));
}

/**
 * The server's own words when it refused (the document is gone already, or was accepted by the
 * school), else a plain retry.
 */
export function deleteFailureMessage(error: unknown): string {
  return failureMessage(error, DELETE_FAILED);
}

/**
 * Deletes, takes the document off every list at once, and re-reads the lists; it settles once
 * they are read, so a request the file was in shows its state again (requested or rejected).
 */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_nothing, id) => {
      queryClient.setQueriesData<TDocumentListResponse>(
        { queryKey: allDocumentsQueryKey },
        (list) => list?.filter((document) => document.id !== id),
      );
    },
    // Also after a failure: a 404 means the document is gone, a 409 that it was accepted
    // meanwhile, and the lists should say so.
    onSettled: () => refreshDocumentReads(queryClient),
  });
}
