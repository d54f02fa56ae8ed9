import { CircleCheck } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogDescription, DialogTitle } from '../../../components/ui/dialog.js';

/** Spec section 2: after submit, a success dialog offers 'Return to Dashboard'. */
export function SubmissionSuccessDialog({ onReturn }: { onReturn: () => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const returnRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      initialFocusRef={returnRef}
      // Nothing is left to do on this page: closing the dialog is returning to the dashboard.
      onClose={onReturn}
    >
      <div className="flex flex-col items-center gap-4 p-6 text-center">
        <CircleCheck className="size-12 text-success" aria-hidden="true" />
        <DialogTitle id={titleId}>MOI Interview Submitted</DialogTitle>
        <DialogDescription id={descriptionId}>
          Your three answers were uploaded. Your school will review your recording, and your
          dashboard now shows your MOI interview as submitted.
        </DialogDescription>
        <Button ref={returnRef} type="button" className="w-full sm:w-fit" onClick={onReturn}>
          Return to Dashboard
        </Button>
      </div>
    </Dialog>
  );
}
