import { CircleAlert, CircleCheck, Upload } from 'lucide-react';
import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { DOCUMENT_ACCEPT } from '../../../../shared/documents.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Progress } from '../../../components/ui/progress.js';
import { usePublicConfig } from '../../../lib/public-config.js';
import { uploadFailureMessage, useUploadDocument } from '../api/upload-document.js';
import { checkDocumentFile } from '../utils/check-document-file.js';

/** What another part of the page may ask of the uploader: 'Upload Documents' opens its picker. */
export interface DocumentUploadHandle {
  chooseFile: () => void;
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; sent: number }
  | { phase: 'done'; fileName: string }
  /** `failure` counts failures, so the same message twice is a new alert, announced again. */
  | { phase: 'failed'; message: string; failure: number };

/**
 * What a screen reader hears: the start, every quarter of the bytes sent (not every percent,
 * which would drown everything else), the wait for the server, and the result. A failure is an
 * alert of its own.
 */
function announcementOf(state: UploadState): string {
  switch (state.phase) {
    case 'uploading': {
      if (state.sent >= 1) return `Finishing the upload of ${state.fileName}…`;
      const quarter = Math.floor(state.sent * 4) * 25;
      return quarter === 0
        ? `Uploading ${state.fileName}…`
        : `Uploading ${state.fileName}: ${quarter}% sent.`;
    }
    case 'done':
      return `${state.fileName} uploaded.`;
    default:
      return '';
  }
}

/** In demo mode each visitor's student, and what they upload, is removed a day later. */
export const DEMO_UPLOADS_NOTICE = 'This is a demo: files you upload are deleted after a day.';

/**
 * Upload for one application (spec section 5): the file picker, the spec's size and type
 * messages before anything is sent, a progress bar of the bytes really sent, and the server's
 * message or 'Upload failed. Please try again.' when it refuses. In demo mode a sentence beside
 * them says the upload will not be kept.
 *
 * With a `documentRequestId` the file goes into that request: each request's row has one, named
 * for it, and says `closedNote` instead of the button while the request takes no file. It stays
 * mounted then, so the end of an upload that closed it is still said.
 */
export function DocumentUploader({
  applicationId,
  documentRequestId,
  label = 'Upload Document',
  inputLabel = 'Choose a document to upload',
  closedNote,
  ref,
}: {
  applicationId: number;
  /** The document request the file answers; none for the application's other documents. */
  documentRequestId?: number;
  /** The button's words: several uploaders on one page need names of their own. */
  label?: ReactNode;
  /** The hidden file input's name. */
  inputLabel?: string;
  /** Said instead of the button while nothing can be uploaded ('Waiting for review'). */
  closedNote?: ReactNode;
  ref?: Ref<DocumentUploadHandle>;
}) {
  const hintId = useId();
  const demoNoticeId = useId();
  const demoMode = usePublicConfig().data?.demoMode === true;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const closedNoteRef = useRef<HTMLParagraphElement>(null);
  const upload = useUploadDocument();
  const failures = useRef(0);
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const busy = state.phase === 'uploading';

  function chooseFile() {
    // From a quick action elsewhere on the page: bring the student here, where progress shows.
    buttonRef.current?.focus();
    if (!busy) inputRef.current?.click();
  }

  function fail(message: string) {
    failures.current += 1;
    setState({ phase: 'failed', message, failure: failures.current });
  }

  useImperativeHandle(ref, () => ({ chooseFile }));

  const closed = closedNote !== undefined;
  const used = state.phase !== 'idle';
  useEffect(() => {
    // The upload closed the request and took the focused button away: the keyboard lands on
    // what is said instead, not at the top of the page.
    if (closed && used && document.activeElement === document.body) {
      closedNoteRef.current?.focus();
    }
  }, [closed, used]);

  function start(file: File) {
    const problem = checkDocumentFile(file);
    if (problem) {
      fail(problem);
      return;
    }
    const fileName = file.name;
    setState({ phase: 'uploading', fileName, sent: 0 });
    upload.mutate(
      {
        file,
        applicationId,
        documentRequestId,
        onProgress: (sent) => {
          setState({ phase: 'uploading', fileName, sent });
        },
      },
      {
        onSuccess: () => {
          setState({ phase: 'done', fileName });
        },
        onError: (error) => {
          fail(uploadFailureMessage(error));
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {closed ? (
          <p
            ref={closedNoteRef}
            tabIndex={-1}
            className="flex items-center gap-2 rounded text-sm font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring"
          >
            {closedNote}
          </p>
        ) : (
          <>
            <Button
              ref={buttonRef}
              type="button"
              variant="outline"
              aria-describedby={demoMode ? `${hintId} ${demoNoticeId}` : hintId}
              // Not `disabled`: the button keeps the keyboard focus while the upload runs.
              aria-disabled={busy}
              className="aria-disabled:cursor-progress aria-disabled:opacity-60"
              onClick={chooseFile}
            >
              <Upload aria-hidden="true" />
              {label}
            </Button>
            <p id={hintId} className="text-sm text-muted-foreground">
              PDF, JPG or PNG, up to 10 MB.
            </p>
            {demoMode ? (
              <p id={demoNoticeId} className="text-sm text-muted-foreground">
                {DEMO_UPLOADS_NOTICE}
              </p>
            ) : null}
          </>
        )}
        <input
          ref={inputRef}
          type="file"
          accept={DOCUMENT_ACCEPT}
          aria-label={inputLabel}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again (after fixing a failure) still counts.
            event.target.value = '';
            if (file) start(file);
          }}
        />
      </div>
      <p role="status" className="sr-only">
        {announcementOf(state)}
      </p>
      {state.phase === 'uploading' ? (
        <div className="flex flex-col gap-1.5 rounded-xl border border-border bg-muted/60 p-3">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 font-medium wrap-anywhere">
              {state.sent >= 1 ? 'Finishing' : 'Uploading'} {state.fileName}
            </span>
            <span aria-hidden="true" className="shrink-0 font-semibold">
              {Math.round(state.sent * 100)}%
            </span>
          </div>
          <Progress
            value={Math.round(state.sent * 100)}
            aria-label={`Uploading ${state.fileName}`}
          />
        </div>
      ) : null}
      {state.phase === 'done' ? (
        <p className="flex items-start gap-2 text-sm font-medium text-green-800">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 wrap-anywhere">{state.fileName} uploaded.</span>
        </p>
      ) : null}
      {state.phase === 'failed' ? (
        <Alert key={state.failure} variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
