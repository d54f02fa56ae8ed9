import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { Spinner } from '../../../components/ui/spinner.js';

export const SIGN_OUT_OTHER_DEVICES = 'Sign me out on my other devices';

/**
 * The question before a passkey is added or removed, as an alert dialog that opens on Cancel:
 * what will happen, and whether to sign the student out on their other devices (for a lost phone,
 * or a session someone else may hold). Escape cancels, except while the change runs.
 */
export function PasskeyChangeDialog({
  title,
  description,
  action,
  pendingAction,
  icon,
  destructive = false,
  pending,
  failure,
  onConfirm,
  onCancel,
}: {
  title: string;
  description: ReactNode;
  /** The button's label, and what it reads while the change runs. */
  action: string;
  pendingAction: string;
  icon: ReactNode;
  destructive?: boolean;
  pending: boolean;
  failure: string | null;
  onConfirm: (choice: { signOutOtherDevices: boolean }) => void;
  onCancel: () => void;
}) {
  const checkboxId = useId();
  const hintId = useId();
  const [signOutOtherDevices, setSignOutOtherDevices] = useState(false);

  return (
    <ConfirmDialog
      title={title}
      description={description}
      failure={failure}
      confirmLabel={
        <>
          {pending ? <Spinner size="sm" /> : icon}
          {pending ? pendingAction : action}
        </>
      }
      variant={destructive ? 'destructive' : 'default'}
      pending={pending}
      holdWhilePending
      onConfirm={() => {
        onConfirm({ signOutOtherDevices });
      }}
      onCancel={onCancel}
    >
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          checked={signOutOtherDevices}
          disabled={pending}
          aria-describedby={hintId}
          onChange={(event) => {
            setSignOutOtherDevices(event.target.checked);
          }}
        />
        <div className="grid gap-1">
          <label htmlFor={checkboxId} className="text-sm font-semibold">
            {SIGN_OUT_OTHER_DEVICES}
          </label>
          <p id={hintId} className="text-sm text-muted-foreground">
            Choose this if you lost a device, or think someone else used your account. This device
            stays signed in.
          </p>
        </div>
      </div>
    </ConfirmDialog>
  );
}
