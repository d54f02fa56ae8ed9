import { Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { DOCUMENT_REQUEST_MESSAGES } from '../../../../shared/document-requests.js';
import {
  DOCUMENT_REQUEST_LIMITS,
  REJECTION_REASONS,
} from '../../../../shared/staff-document-requests.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';

const OTHER = 'other';

/**
 * Why a file is sent back: one of the common reasons, or the reviewer's own words. It opens on
 * the first reason (the reviews page's `r` opens it from the keyboard); Enter sends it back, even
 * from a reason (browsers differ on whether Enter on a radio button submits), Escape cancels.
 */
export function RejectReasonForm({
  fileName,
  pending,
  onReject,
  onCancel,
}: {
  fileName: string;
  pending: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState('');
  const [ownReason, setOwnReason] = useState('');
  const [error, setError] = useState<string>();
  const firstReasonRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstReasonRef.current?.focus();
  }, []);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const reason = (choice === OTHER ? ownReason : choice).trim();
    if (reason === '') {
      setError(DOCUMENT_REQUEST_MESSAGES.reasonRequired);
      return;
    }
    setError(undefined);
    onReject(reason);
  };

  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  const errorId = `${id}-error`;
  return (
    <form
      aria-label={`Send back ${fileName}`}
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
      className="grid gap-3 rounded-xl border border-border bg-muted/40 p-3"
    >
      <fieldset aria-describedby={error ? errorId : undefined} className="grid gap-1.5">
        <legend className="mb-1 text-sm font-semibold">Why? The student reads this.</legend>
        {[...REJECTION_REASONS, OTHER].map((reason, index) => (
          <label key={reason} className="flex min-h-9 items-center gap-2 text-sm">
            <input
              ref={index === 0 ? firstReasonRef : undefined}
              type="radio"
              name={`${id}-reason`}
              value={reason}
              checked={choice === reason}
              onChange={() => {
                setChoice(reason);
              }}
              onKeyDown={submitOnEnter}
              className="size-4 accent-primary"
            />
            {reason === OTHER ? 'Other reason…' : reason}
          </label>
        ))}
      </fieldset>
      {choice === OTHER ? (
        <FormField id={`${id}-own`} label="Your reason">
          <Input
            value={ownReason}
            maxLength={DOCUMENT_REQUEST_LIMITS.reason}
            autoComplete="off"
            onChange={(event) => {
              setOwnReason(event.target.value);
            }}
          />
        </FormField>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" size="sm" aria-busy={pending}>
          <Undo2 aria-hidden="true" />
          {pending ? 'Sending back…' : 'Send back'}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
