import { Eye, FileImage, FileText, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TDocument, TDocumentType } from '../../../../shared/documents.js';
import { Button } from '../../../components/ui/button.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { formatFileSize } from '../utils/format-file-size.js';

const TYPE_LABELS: Record<TDocumentType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
};

/**
 * One uploaded file in a list: its name, type, size and when, with View and Delete. `children`
 * says more under the name (a request's file: why it was sent back). On a phone the parts stack:
 * the name (two lines at most, the rest cut with an ellipsis, whole in its title and to a screen
 * reader), the details, then the actions side by side across the row's full width; from `sm` up
 * the actions sit beside the name.
 */
export function DocumentItem({
  document,
  onView,
  onDelete,
  children,
}: {
  document: TDocument;
  onView: (document: TDocument) => void;
  onDelete: (document: TDocument) => void;
  children?: ReactNode;
}) {
  const Icon = document.fileType === 'application/pdf' ? FileText : FileImage;
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p className="line-clamp-2 text-sm font-semibold wrap-anywhere" title={document.fileName}>
            {document.fileName}
          </p>
          <p className="text-xs text-muted-foreground">
            {TYPE_LABELS[document.fileType]} · {formatFileSize(document.fileSize)} ·{' '}
            <RelativeTime value={document.uploadedAt} />
          </p>
          {children}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
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
          className="border border-destructive/30 sm:border-transparent"
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
}
