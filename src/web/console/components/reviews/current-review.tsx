import { Link } from 'react-router';
import type { TReviewDecision } from '../../../../shared/document-requests.js';
import type { TReviewQueueItem } from '../../../../shared/staff-document-requests.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { consolePaths } from '../../console-paths.js';
import { formatDay } from '../document-requests/describe-due-date.js';
import { DocumentViewer } from '../document-requests/document-viewer.js';
import { FILE_TYPE_NAMES } from '../document-requests/request-files.js';
import { ReviewControls } from '../document-requests/review-controls.js';
import { fileSizeText } from '../file-size.js';

/** The file being reviewed: what it was uploaded for, Accept and Reject, and the file itself. */
export function CurrentReview({
  item,
  pending,
  rejecting,
  onRejectingChange,
  onDecide,
}: {
  item: TReviewQueueItem;
  pending: boolean;
  rejecting: boolean;
  onRejectingChange: (rejecting: boolean) => void;
  onDecide: (decision: TReviewDecision, reason: string | null) => void;
}) {
  return (
    <section
      aria-labelledby="current-review"
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-card p-4"
    >
      <div>
        <h2 id="current-review" className="text-lg font-semibold wrap-anywhere">
          {item.title}
        </h2>
        <p className="text-sm text-muted-foreground">
          <TextLink asChild>
            <Link to={consolePaths.student.getHref(item.studentId, 'applications')}>
              {item.studentName}
            </Link>
          </TextLink>
          , {item.university}
        </p>
        <p className="text-sm text-muted-foreground wrap-anywhere">
          {item.fileName} ({FILE_TYPE_NAMES[item.fileType]}, {fileSizeText(item.fileSize)}),
          uploaded <RelativeTime value={item.uploadedAt} afterAWeek="date" />
          {item.dueDate ? `, due ${formatDay(item.dueDate)}` : ''}
        </p>
      </div>
      <ReviewControls
        fileName={item.fileName}
        pending={pending}
        rejecting={rejecting}
        onRejectingChange={onRejectingChange}
        onDecide={onDecide}
      />
      <div className="flex h-[70vh] min-h-96 flex-col overflow-hidden rounded-xl border border-border">
        <DocumentViewer
          key={item.documentId}
          file={{
            studentId: item.studentId,
            documentId: item.documentId,
            fileName: item.fileName,
            fileType: item.fileType,
          }}
        />
      </div>
    </section>
  );
}
