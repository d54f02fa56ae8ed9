import { FileText } from 'lucide-react';
import { apiPath } from '../../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../../shared/staff-api-paths.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { fileSizeText } from '../file-size.js';

/** The student's uploads, each opened in a new tab from the staff route (with the cookie). */
export function DocumentsSection({
  studentId,
  documents,
}: {
  studentId: string;
  documents: TStaffStudentRecord['documents'];
}) {
  if (documents.length === 0) return <p className="text-muted-foreground">No documents.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {documents.map((document) => (
        <li
          key={document.id}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-border bg-card px-4 py-3 text-sm"
        >
          <FileText className="size-5 text-muted-foreground" aria-hidden="true" />
          <TextLink asChild wrap="anywhere">
            <NewTabLink
              showIcon={false}
              href={apiPath(STAFF_API_PATHS.staffStudentDocumentFile, {
                id: studentId,
                documentId: document.id,
              })}
            >
              {document.fileName}
            </NewTabLink>
          </TextLink>
          <span className="text-muted-foreground">
            {document.fileType}, {fileSizeText(document.fileSize)}
          </span>
          <span className="text-muted-foreground">
            Uploaded <RelativeTime value={document.uploadedAt} afterAWeek="date" />
          </span>
        </li>
      ))}
    </ul>
  );
}
