import { Check, Undo2 } from 'lucide-react';
import { useRef } from 'react';
import type { TReviewDecision } from '../../../../shared/document-requests.js';
import { Button } from '../../../components/ui/button.js';
import { RejectReasonForm } from './reject-reason-form.js';

/**
 * Accept a file, or Reject it, which asks for the reason first. Whether the reason form is open
 * is the caller's, so the reviews page can open it from the keyboard.
 */
export function ReviewControls({
  fileName,
  pending,
  rejecting,
  onRejectingChange,
  onDecide,
}: {
  fileName: string;
  pending: boolean;
  rejecting: boolean;
  onRejectingChange: (rejecting: boolean) => void;
  /** Accept (no reason), or reject with the reason picked or written. */
  onDecide: (decision: TReviewDecision, reason: string | null) => void;
}) {
  const rejectRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          aria-busy={pending && !rejecting}
          onClick={() => {
            if (!pending) onDecide('accept', null);
          }}
        >
          <Check aria-hidden="true" />
          Accept <span className="sr-only">{fileName}</span>
        </Button>
        <Button
          ref={rejectRef}
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={rejecting}
          onClick={() => {
            onRejectingChange(!rejecting);
          }}
        >
          <Undo2 aria-hidden="true" />
          Reject <span className="sr-only">{fileName}</span>
        </Button>
      </div>
      {rejecting ? (
        <RejectReasonForm
          fileName={fileName}
          pending={pending}
          onReject={(reason) => {
            onDecide('reject', reason);
          }}
          onCancel={() => {
            onRejectingChange(false);
            rejectRef.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
