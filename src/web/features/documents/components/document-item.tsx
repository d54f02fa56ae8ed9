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
 * says more under the name (a request's file: why it was sent back).
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
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
      <Icon className="size-8 shrink-0 text-primary" aria-hidden="true" />
      {/* At least 10rem for the name: on a phone the buttons go under it rather than squeeze it. */}
      <div className="flex min-w-0 flex-1 basis-40 flex-col gap-0.5">
        <p className="text-sm font-semibold wrap-anywhere">{document.fileName}</p>
        <p className="text-xs text-muted-foreground">
          {TYPE_LABELS[document.fileType]} · {formatFileSize(document.fileSize)} ·{' '}
          <RelativeTime value={document.uploadedAt} />
        </p>
        {children}
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
}
