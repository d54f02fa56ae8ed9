import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { TPasskey } from '../../../../shared/passkeys.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { readApiError } from '../../../lib/read-api-error.js';
import { useAddPasskey } from '../api/add-passkey.js';
import { usePasskeys } from '../api/get-passkeys.js';
import { useRemovePasskey } from '../api/remove-passkey.js';
import { usePasskeySupport } from '../hooks/use-passkey-support.js';
import { isNetworkFailure, PasskeyError } from '../utils/passkey-error.js';
import { PasskeyChangeDialog } from './passkey-change-dialog.js';

export const PASSKEYS_TEXTS = {
  loadFailed: 'Your passkeys could not be loaded.',
  offline: 'Your passkeys are shown when you are online.',
  onlyPasskey:
    'This is your only passkey, so you cannot remove it: without it you could not sign in. Add another passkey first.',
  none: 'You have no passkey yet. Add one to sign in with your fingerprint, face or screen lock.',
  added: 'Passkey added.',
  removed: 'Passkey removed.',
  signedOutElsewhere: 'You are signed out on your other devices.',
  changeFailed: 'That did not work. Please try again.',
  unsupported:
    'This browser cannot use passkeys, so you cannot add or remove one here. Please open the portal in an up-to-date Chrome, Safari or Edge.',
} as const;

type Change = { kind: 'add' } | { kind: 'remove'; passkey: TPasskey };

/** The message of a failed change: the passkey prompt's or the server's own, else a retry. */
function failureOf(error: Error | null): string | null {
  if (!error) return null;
  if (error instanceof PasskeyError) return error.message;
  return readApiError(error)?.message ?? PASSKEYS_TEXTS.changeFailed;
}

/**
 * The student's passkeys on their profile (decision 013): each one's name, when it was made and
 * last used, and Remove; then 'Add a passkey' for this device. Adding or removing asks first
 * whether to sign out the student's other devices, and, when the session has not just signed in
 * with a passkey, the student confirms with one of theirs before the change. The only passkey
 * cannot be removed: without it the student could not sign in again.
 */
export function PasskeysSection() {
  const titleId = useId();
  const passkeys = usePasskeys();
  const support = usePasskeySupport();
  const kind = support === 'simulated' ? 'simulated' : 'real';
  const canChange = support === 'real' || support === 'simulated';
  const add = useAddPasskey(kind);
  const remove = useRemovePasskey(kind);
  const [change, setChange] = useState<Change | null>(null);
  const [done, setDone] = useState('');
  const addButtonRef = useRef<HTMLButtonElement>(null);

  // A removed passkey's button is gone with it: the keyboard goes on from 'Add a passkey'.
  useEffect(() => {
    if (done) addButtonRef.current?.focus();
  }, [done]);

  const finish = (message: string, signOutOtherDevices: boolean) => {
    setChange(null);
    setDone(signOutOtherDevices ? `${message} ${PASSKEYS_TEXTS.signedOutElsewhere}` : message);
  };
  const open = (next: Change) => {
    add.reset();
    remove.reset();
    setDone('');
    setChange(next);
  };
  const list = passkeys.data ?? [];

  return (
    <Card className="gap-5 p-5 sm:p-6" role="region" aria-labelledby={titleId}>
      <div className="grid gap-1">
        <CardTitle id={titleId}>Passkeys</CardTitle>
        <CardDescription>
          You sign in with a passkey: your fingerprint, face or screen lock. Remove a passkey you no
          longer use, for example on a lost phone.
        </CardDescription>
      </div>

      {support === 'unsupported' ? (
        <p className="text-sm text-muted-foreground">{PASSKEYS_TEXTS.unsupported}</p>
      ) : null}
      <p role="status" className={done ? 'text-sm font-medium text-success' : 'sr-only'}>
        {done}
      </p>

      {passkeys.isError && isNetworkFailure(passkeys.error) ? (
        // Not an alarm: the list is not kept for offline use (a profile page opened offline).
        <p className="text-sm text-muted-foreground">{PASSKEYS_TEXTS.offline}</p>
      ) : passkeys.isError ? (
        <LoadFailedAlert
          title={PASSKEYS_TEXTS.loadFailed}
          onRetry={() => void passkeys.refetch()}
        />
      ) : passkeys.isPending ? (
        <LoadingStatus>Loading your passkeys…</LoadingStatus>
      ) : (
        <ul className="grid gap-3">
          {list.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              removable={list.length > 1 && canChange}
              onRemove={() => {
                open({ kind: 'remove', passkey });
              }}
            />
          ))}
        </ul>
      )}
      {passkeys.isSuccess && list.length <= 1 ? (
        <p className="text-sm text-muted-foreground">
          {list.length === 0 ? PASSKEYS_TEXTS.none : PASSKEYS_TEXTS.onlyPasskey}
        </p>
      ) : null}

      <Button
        ref={addButtonRef}
        type="button"
        variant="outline"
        className="self-start"
        disabled={!canChange}
        onClick={() => {
          open({ kind: 'add' });
        }}
      >
        <Plus aria-hidden="true" />
        Add a passkey
      </Button>

      {change?.kind === 'add' ? (
        <PasskeyChangeDialog
          title="Add a passkey"
          description="Your device will ask for your fingerprint, face or screen lock to make a new passkey. If you did not sign in with a passkey in the last few minutes, it first asks you to confirm with one you have."
          action="Add passkey"
          pendingAction="Adding…"
          icon={<Plus aria-hidden="true" />}
          pending={add.isPending}
          failure={failureOf(add.error)}
          onCancel={() => {
            setChange(null);
          }}
          onConfirm={(choice) => {
            add.mutate(choice, {
              onSuccess: () => {
                finish(PASSKEYS_TEXTS.added, choice.signOutOtherDevices);
              },
            });
          }}
        />
      ) : null}
      {change?.kind === 'remove' ? (
        <PasskeyChangeDialog
          title="Remove passkey"
          description={
            <>
              You will not be able to sign in with{' '}
              <span className="font-semibold text-foreground">{change.passkey.name}</span> any more.
              If you did not sign in with a passkey in the last few minutes, your device first asks
              you to confirm with one you have.
            </>
          }
          action="Remove"
          pendingAction="Removing…"
          icon={<Trash2 aria-hidden="true" />}
          destructive
          pending={remove.isPending}
          failure={failureOf(remove.error)}
          onCancel={() => {
            setChange(null);
          }}
          onConfirm={(choice) => {
            remove.mutate(
              { id: change.passkey.id, ...choice },
              {
                onSuccess: () => {
                  finish(PASSKEYS_TEXTS.removed, choice.signOutOtherDevices);
                },
              },
            );
          }}
        />
      ) : null}
    </Card>
  );
}

function PasskeyItem({
  passkey,
  removable,
  onRemove,
}: {
  passkey: TPasskey;
  removable: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-border p-3 sm:p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
        <KeyRound className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold wrap-anywhere">{passkey.name}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm text-muted-foreground">
          <dt>Created</dt>
          <dd>
            <RelativeTime value={passkey.createdAt} afterAWeek="date" />
          </dd>
          <dt>Last used</dt>
          <dd>
            {passkey.lastUsedAt ? (
              <RelativeTime value={passkey.lastUsedAt} afterAWeek="date" />
            ) : (
              'Not yet'
            )}
          </dd>
        </dl>
      </div>
      {removable ? (
        <Button
          type="button"
          variant="ghost-destructive"
          size="sm"
          // Which passkey, for a screen reader going from button to button.
          aria-label={`Remove ${passkey.name}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      ) : null}
    </li>
  );
}
