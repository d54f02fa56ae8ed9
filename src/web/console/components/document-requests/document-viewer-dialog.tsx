import { X } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { DocumentViewer, type ViewedFile } from './document-viewer.js';

/**
 * The viewer over the page: the native modal dialog keeps the keyboard inside it, Escape closes
 * it, and the focus goes back to the View button that opened it.
 */
export function DocumentViewerDialog({ file, onClose }: { file: ViewedFile; onClose: () => void }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog aria-labelledby={titleId} initialFocusRef={closeRef} onClose={onClose} size="large">
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-border py-1.5 pr-1.5 pl-4">
          <h2 id={titleId} className="min-w-0 truncate text-base font-semibold">
            {file.fileName}
          </h2>
          <Button
            ref={closeRef}
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Close the viewer"
            onClick={onClose}
          >
            <X className="size-5" aria-hidden="true" />
          </Button>
        </div>
        <DocumentViewer file={file} />
      </div>
    </Dialog>
  );
}
