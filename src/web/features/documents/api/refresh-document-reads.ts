import type { QueryClient } from '@tanstack/react-query';
import { allApplicationDocumentRequestsQueryKey } from './get-application-document-requests.js';
import { allDocumentRequestsQueryKey } from './get-document-requests.js';
import { allDocumentsQueryKey } from './get-documents.js';

/**
 * Reads again every list an upload or a delete changes: the documents, and the document requests
 * (whose state follows their newest file), one application's and everyone's. Resolves once they
 * are read, so a caller that waits sees the new state.
 */
export async function refreshDocumentReads(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [allDocumentsQueryKey, allDocumentRequestsQueryKey, allApplicationDocumentRequestsQueryKey].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
