import { FolderOpen } from 'lucide-react';
import type { TDocument } from '../../../../shared/documents.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { useDocuments } from '../api/get-documents.js';
import { DocumentItem } from './document-item.js';

const DOCUMENTS_LOAD_FAILED = 'Your documents could not be loaded.';

/**
 * The documents uploaded for one application outside any document request, newest first, each
 * with View and Delete; a loading state, a failure with a retry, and an empty state. A file
 * uploaded into a request is listed in that request's row instead. `others`: the application has
 * requests, so these are its other documents.
 */
export function DocumentList({
  applicationId,
  others,
  onView,
  onDelete,
}: {
  applicationId: number;
  others: boolean;
  onView: (document: TDocument) => void;
  onDelete: (document: TDocument) => void;
}) {
  const documents = useDocuments(applicationId);

  if (documents.data === undefined) {
    if (documents.isError && !documents.isFetching) {
      return (
        <LoadFailedAlert title={DOCUMENTS_LOAD_FAILED} onRetry={() => void documents.refetch()} />
      );
    }
    return <LoadingStatus>Loading your documents…</LoadingStatus>;
  }

  const free = documents.data.filter((document) => document.documentRequestId === null);
  if (free.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-sm text-muted-foreground">
        <FolderOpen className="size-8" aria-hidden="true" />
        <p className="font-semibold text-foreground">
          {others ? 'No other documents' : 'No documents yet'}
        </p>
        <p>
          {others
            ? 'Anything else you upload for this application will appear here.'
            : 'Documents you upload for this application will appear here.'}
        </p>
      </div>
    );
  }

  return (
    <ul aria-label="Uploaded documents" className="flex flex-col divide-y divide-border">
      {free.map((document) => (
        <DocumentItem key={document.id} document={document} onView={onView} onDelete={onDelete} />
      ))}
    </ul>
  );
}
