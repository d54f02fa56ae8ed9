import { Eye, FileImage, FileText, FolderOpen, Trash2 } from 'lucide-react';
import type { TDocument, TDocumentType } from '../../../../shared/documents.js';
import { Button } from '../../../components/ui/button.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { useDocuments } from '../api/get-documents.js';
import { formatFileSize } from '../utils/format-file-size.js';

const DOCUMENTS_LOAD_FAILED = 'Your documents could not be loaded.';

const TYPE_LABELS: Record<TDocumentType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
};

/**
 * The documents uploaded for one application, newest first, each with View and Delete; a
 * loading state, a failure with a retry, and an empty state.
 */
export function DocumentList({
  applicationId,
  onView,
  onDelete,
}: {
  applicationId: number;
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

  if (documents.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-sm text-muted-foreground">
        <FolderOpen className="size-8" aria-hidden="true" />
        <p className="font-semibold text-foreground">No documents yet</p>
        <p>Documents you upload for this application will appear here.</p>
      </div>
    );
  }

  return (
    <ul aria-label="Uploaded documents" className="flex flex-col divide-y divide-border">
      {documents.data.map((document) => {
        const Icon = document.fileType === 'application/pdf' ? FileText : FileImage;
        return (
          <li
            key={document.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0"
          >
            <Icon className="size-8 shrink-0 text-primary" aria-hidden="true" />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <p className="text-sm font-semibold wrap-anywhere">{document.fileName}</p>
              <p className="text-xs text-muted-foreground">
                {TYPE_LABELS[document.fileType]} · {formatFileSize(document.fileSize)} ·{' '}
                <RelativeTime value={document.uploadedAt} />
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  onView(document);
                }}
              >
                <Eye aria-hidden="true" />
                View <span className="sr-only">{document.fileName}</span>
              </Button>
              <Button
                type="button"
                variant="ghost-destructive"
                size="sm"
                onClick={() => {
                  onDelete(document);
                }}
              >
                <Trash2 aria-hidden="true" />
                Delete <span className="sr-only">{document.fileName}</span>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
