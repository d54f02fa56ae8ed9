import { useLeaveGuard } from '../hooks/use-leave-guard.js';
import { ConfirmDialog } from './ui/confirm-dialog.js';

/**
 * While `active`, asks before any way off the page (use-leave-guard.ts) with this question,
 * opening on the choice that keeps the work. The browser's own question covers reload and close.
 */
export function LeaveGuard({
  active,
  title,
  description,
  stayLabel,
  leaveLabel,
}: {
  active: boolean;
  title: string;
  description: string;
  stayLabel: string;
  leaveLabel: string;
}) {
  const guard = useLeaveGuard(active);
  if (!guard.asking) return null;
  return (
    <ConfirmDialog
      title={title}
      description={description}
      cancelLabel={stayLabel}
      confirmLabel={leaveLabel}
      onConfirm={guard.leave}
      onCancel={guard.stay}
    />
  );
}
