import { FileDialog } from '../../../components/ui/file-dialog.js';
import { DocumentViewer, type ViewedFile } from './document-viewer.js';

/** A student's file in the viewer over the page, without downloading it. */
export function DocumentViewerDialog({ file, onClose }: { file: ViewedFile; onClose: () => void }) {
  return (
    <FileDialog fileName={file.fileName} closeLabel="Close the viewer" onClose={onClose}>
      <DocumentViewer file={file} />
    </FileDialog>
  );
}
