import { Download } from 'lucide-react';
import { useState } from 'react';
import type { TDocument } from '../../../../shared/documents.js';
import { Button } from '../../../components/ui/button.js';
import { FileDialog } from '../../../components/ui/file-dialog.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { useDocumentFileUrl } from '../api/get-document-file.js';

const PREVIEW_LOAD_FAILED = 'This document could not be loaded.';

/**
 * The preview of a document's real file: an image in <img>, a PDF in the browser's own viewer
 * in an <iframe> (the policy forbids <object>). Full screen on a phone. A download is offered
 * too: many phone browsers show no PDF in a frame.
 */
export function DocumentPreviewDialog({
  document,
  onClose,
}: {
  document: TDocument;
  onClose: () => void;
}) {
  const [attempt, setAttempt] = useState(0);

  return (
    <FileDialog fileName={document.fileName} closeLabel="Close preview" onClose={onClose}>
      {/* A new attempt mounts the body anew, which reads the file again. */}
      <PreviewBody
        key={attempt}
        document={document}
        onRetry={() => {
          setAttempt((n) => n + 1);
        }}
      />
    </FileDialog>
  );
}

function PreviewBody({ document, onRetry }: { document: TDocument; onRetry: () => void }) {
  const file = useDocumentFileUrl(document);
  const label = `Preview of ${document.fileName}`;

  if (file.status === 'loading') {
    return (
      <div className="flex flex-1 items-center justify-center">
        <LoadingStatus>Loading the preview…</LoadingStatus>
      </div>
    );
  }
  if (file.status === 'failed') {
    return (
      <div className="flex-1 p-4">
        <LoadFailedAlert title={PREVIEW_LOAD_FAILED} onRetry={onRetry} />
      </div>
    );
  }
  return (
    <>
      <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto bg-muted">
        {document.fileType === 'application/pdf' ? (
          <iframe title={label} src={file.url} className="h-full w-full border-0 bg-card" />
        ) : (
          <img src={file.url} alt={label} className="max-h-full max-w-full object-contain" />
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 border-t border-border p-3">
        {document.fileType === 'application/pdf' ? (
          <p className="mr-auto text-sm text-muted-foreground">PDF not showing? Download it.</p>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <a href={file.url} download={document.fileName}>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
      </div>
    </>
  );
}
