import { RotateCcw } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.js';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../../components/ui/dialog.js';

/**
 * 'Start Over' throws away all three answers, minutes of a student's work: asked first, opening
 * on the choice that loses nothing.
 */
export function StartOverDialog({
  onCancel,
  onConfirm,
}: {
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      initialFocusRef={cancelRef}
      onClose={onCancel}
    >
      <div className="flex flex-col gap-4 p-6">
        <DialogTitle id={titleId}>Start Over?</DialogTitle>
        <DialogDescription id={descriptionId}>
          Your three recorded answers will be deleted, and you will record them again from the first
          question.
        </DialogDescription>
        <DialogFooter>
          <Button ref={cancelRef} type="button" variant="outline" onClick={onCancel}>
            Keep My Answers
          </Button>
          <Button type="button" variant="destructive" onClick={onConfirm}>
            <RotateCcw aria-hidden="true" />
            Start Over
          </Button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
