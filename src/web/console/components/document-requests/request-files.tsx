import { Eye } from 'lucide-react';
import type { TStaffDocumentRequest } from '../../../../shared/staff-document-requests.js';
import type { TDocumentType } from '../../../../shared/documents.js';
import { Button } from '../../../components/ui/button.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { fileSizeText } from '../file-size.js';

type RequestFile = TStaffDocumentRequest['documents'][number];

export const FILE_TYPE_NAMES: Record<TDocumentType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** How a file's review stands, and who decided. */
function reviewText(file: RequestFile): string {
  const by = file.reviewedBy ? ` by ${file.reviewedBy}` : '';
  if (file.review === 'pending') return 'Waiting for review';
  if (file.review === 'accepted') return `Accepted${by}`;
  return `Sent back${by}: ${file.reason ?? 'no reason given'}`;
}

/** The files uploaded into a request, newest first: the older ones with why they were sent back. */
export function RequestFiles({
  files,
  onView,
}: {
  files: RequestFile[];
  onView: (file: RequestFile) => void;
}) {
  if (files.length === 0) return <p className="text-sm text-muted-foreground">No file yet.</p>;
  return (
    <ul aria-label="Files" className="flex flex-col gap-1.5">
      {files.map((file, index) => (
        <li
          key={file.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-border px-3 py-2 text-sm"
        >
          <span className="font-semibold wrap-anywhere">{file.fileName}</span>
          <span className="text-muted-foreground">
            {FILE_TYPE_NAMES[file.fileType]}, {fileSizeText(file.fileSize)}, uploaded{' '}
            <RelativeTime value={file.uploadedAt} afterAWeek="date" />
            {index > 0 ? ' (an earlier file)' : ''}
          </span>
          <span className={file.review === 'rejected' ? 'text-destructive' : undefined}>
            {reviewText(file)}
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="ml-auto"
            onClick={() => {
              onView(file);
            }}
          >
            <Eye aria-hidden="true" />
            View <span className="sr-only">{file.fileName}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
