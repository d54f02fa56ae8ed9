import { RotateCcw } from 'lucide-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';

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
  return (
    <ConfirmDialog
      title="Start Over?"
      description="Your three recorded answers will be deleted, and you will record them again from the first question."
      cancelLabel="Keep My Answers"
      confirmLabel={
        <>
          <RotateCcw aria-hidden="true" />
          Start Over
        </>
      }
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
