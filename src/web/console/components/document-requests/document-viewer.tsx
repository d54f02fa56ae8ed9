import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { TDocumentType } from '../../../../shared/documents.js';
import { Button } from '../../../components/ui/button.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { studentDocumentFileUrl, useFileBlobUrl } from '../../api/student-document-file.js';

/** A student's file, as the viewer needs it. */
export interface ViewedFile {
  studentId: string;
  documentId: number;
  fileName: string;
  fileType: TDocumentType;
}

/**
 * A student's file shown in the page: an image straight from its inline address, a PDF in the
 * browser's own viewer in an <iframe> (the policy forbids <object>). The file's address also opens
 * in a new tab, for a browser that shows no PDF in a frame. Key it by the file: another file
 * mounts it anew.
 */
export function DocumentViewer({ file }: { file: ViewedFile }) {
  const url = studentDocumentFileUrl(file.studentId, file.documentId);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto bg-muted">
        {file.fileType === 'application/pdf' ? (
          <PdfFrame url={url} file={file} />
        ) : (
          <img
            src={url}
            alt={`${file.fileName}, as the student uploaded it`}
            className="max-h-full max-w-full object-contain"
          />
        )}
      </div>
      <div className="flex justify-end border-t border-border p-2">
        <Button asChild variant="ghost" size="sm">
          <NewTabLink href={url} showIcon={false}>
            <ExternalLink aria-hidden="true" />
            Open in a new tab
          </NewTabLink>
        </Button>
      </div>
    </div>
  );
}

/** The PDF, read again on Try Again: a new attempt mounts the frame anew. */
function PdfFrame({ url, file }: { url: string; file: ViewedFile }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <PdfFrameAttempt
      key={attempt}
      url={url}
      file={file}
      onRetry={() => {
        setAttempt((n) => n + 1);
      }}
    />
  );
}

function PdfFrameAttempt({
  url,
  file,
  onRetry,
}: {
  url: string;
  file: ViewedFile;
  onRetry: () => void;
}) {
  const framed = useFileBlobUrl(url, file.fileType);
  if (framed.status === 'loading') return <LoadingStatus>Loading the file…</LoadingStatus>;
  if (framed.status === 'failed')
    return (
      <div className="w-full p-4">
        <LoadFailedAlert title="This file could not be loaded." onRetry={onRetry} />
      </div>
    );
  return (
    <iframe title={file.fileName} src={framed.url} className="h-full min-h-96 w-full border-0" />
  );
}
