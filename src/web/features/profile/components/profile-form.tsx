import { zodResolver } from '@hookform/resolvers/zod';
import { CloudOff, LockKeyhole, Pencil, Save } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import {
  ZProfileUpdateRequestSchema,
  type TProfile,
  type TProfileUpdateRequest,
} from '../../../../shared/profile.js';
import { SEALED_PROFILE_FIELDS } from '../../../../shared/sealed-profile-fields.js';
import { LeaveGuard } from '../../../components/leave-guard.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { ErrorSummary, type FieldError } from '../../../components/ui/error-summary.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { cn } from '../../../lib/cn.js';
import { OFFLINE_ACTION_MESSAGE } from '../../../lib/offline-action-message.js';
import { OWN_BOTTOM_CONTROLS } from '../../../lib/own-bottom-controls.js';
import type { TProfileRead } from '../api/get-profile.js';
import { updateProfileFailureMessage, useUpdateProfile } from '../api/update-profile.js';
import { PROFILE_SECTIONS } from '../data/profile-sections.js';
import { ProfileFieldControl } from './profile-field-control.js';

export const PROFILE_SAVED = 'Your profile has been saved.';
export const PROFILE_OFFLINE_COPY =
  'This is the copy of your profile kept for offline use. Your passport number, date of birth, medical conditions and emergency contact are not kept on this device: they show, and you can edit your profile, when you are back online.';
export const PROFILE_FIELD_NOT_KEPT = 'Shown when you are online';

const notKeptOffline = new Set<keyof TProfile>(SEALED_PROFILE_FIELDS);

const PROFILE_FIELDS = PROFILE_SECTIONS.flatMap((section) => section.fields);
const fieldIdOf = (name: keyof TProfile) => `profile-${name}`;

/** The form's errors, in the order of its fields, for the error summary at its top. */
function summaryOf(errors: FieldErrors<TProfile>): FieldError[] {
  return PROFILE_FIELDS.flatMap(({ name }) => {
    const message = errors[name]?.message;
    return message ? [{ fieldId: fieldIdOf(name), message }] : [];
  });
}

/**
 * The profile form of spec sections 2, 4 and 5. It opens in view mode, every field disabled,
 * until 'Edit Profile'. Save is disabled until something changed and while saving; Cancel puts
 * back the server's values. Each rule's message shows under its field, and all of them in the
 * error summary at the top, which takes the keyboard, so a student on a phone sees what to fix.
 * Changes not saved yet are asked about before the student leaves the page.
 *
 * The worker's offline copy (decision 007) shows without its sealed fields and is never edited:
 * 'Edit Profile' asks the page for the whole profile first (`readWholeProfile`), which mounts a
 * new form with it, in edit mode (`startEditing`), or says a connection is needed.
 */
export function ProfileForm({
  read,
  startEditing = false,
  readWholeProfile,
}: {
  read: TProfileRead;
  startEditing?: boolean;
  readWholeProfile: () => Promise<boolean>;
}) {
  const profile = read.profile;
  const update = useUpdateProfile();
  // An offline copy never opens for editing: a save would blank the fields it lacks.
  const [editing, setEditing] = useState(startEditing && !read.offlineCopy);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [readingWhole, setReadingWhole] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  // Counts the switches between view and edit mode: after each, focus goes where the student's
  // next step is (the first field, or 'Edit Profile'); on the first render it stays put, unless
  // the form opens in edit mode.
  const [modeSwitches, setModeSwitches] = useState(editing ? 1 : 0);
  const [failedChecks, setFailedChecks] = useState(0);

  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<TProfile, unknown, TProfileUpdateRequest>({
    resolver: zodResolver(ZProfileUpdateRequestSchema),
    defaultValues: profile,
    // The error summary takes the keyboard instead, and links to each field.
    shouldFocusError: false,
  });

  useEffect(() => {
    if (modeSwitches === 0) return;
    if (editing) setFocus('firstName');
    else editButtonRef.current?.focus();
  }, [modeSwitches, editing, setFocus]);

  function switchMode(toEditing: boolean) {
    setFailure(null);
    setEditing(toEditing);
    setModeSwitches((count) => count + 1);
  }

  async function onEdit() {
    setSaved(false);
    if (!read.offlineCopy) {
      switchMode(true);
      return;
    }
    setFailure(null);
    setReadingWhole(true);
    const whole = await readWholeProfile();
    setReadingWhole(false);
    if (!whole) setFailure(OFFLINE_ACTION_MESSAGE);
  }

  const failureAlert = <FailureAlert failure={failure} />;

  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const stored = await update.mutateAsync(values);
        reset(stored);
        setSaved(true);
        switchMode(false);
      } catch (error) {
        setFailure(updateProfileFailureMessage(error));
      }
    },
    () => {
      setFailedChecks((count) => count + 1);
    },
  );

  return (
    <form
      noValidate
      aria-label="Profile"
      onSubmit={(event) => void onSubmit(event)}
      // A field reached from the error summary shows with its label, clear of the Save bar.
      className="flex flex-col gap-6 [&_:is(input,select,textarea)]:scroll-mt-24 [&_:is(input,select,textarea)]:scroll-mb-48"
    >
      {editing ? <ErrorSummary errors={summaryOf(errors)} attempt={failedChecks} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <LockKeyhole className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Your passport number, date of birth, medical conditions and emergency contact are stored
            encrypted.
          </span>
        </p>
        {editing ? null : (
          <Button
            ref={editButtonRef}
            type="button"
            disabled={readingWhole}
            aria-busy={readingWhole}
            onClick={() => void onEdit()}
          >
            {readingWhole ? <Spinner size="sm" /> : <Pencil aria-hidden="true" />}
            Edit Profile
          </Button>
        )}
      </div>

      {read.offlineCopy ? (
        <Alert role="status" variant="info">
          <CloudOff aria-hidden="true" />
          <AlertDescription>{PROFILE_OFFLINE_COPY}</AlertDescription>
        </Alert>
      ) : null}
      {editing ? null : failureAlert}

      <p role="status" className={saved ? 'text-sm font-medium text-success' : 'sr-only'}>
        {saved ? PROFILE_SAVED : ''}
      </p>

      {PROFILE_SECTIONS.map((section) => (
        <Card key={section.id} className="gap-5 p-5 sm:p-6">
          <fieldset disabled={!editing} className="min-w-0">
            <legend className="mb-5">
              <CardTitle>{section.title}</CardTitle>
            </legend>
            <div className="grid gap-5 sm:grid-cols-2">
              {section.fields.map((field) => (
                <FormField
                  key={field.name}
                  id={fieldIdOf(field.name)}
                  label={field.optional ? `${field.label} (optional)` : field.label}
                  hint={field.hint}
                  error={errors[field.name]?.message}
                  className={cn(field.kind === 'textarea' && 'sm:col-span-2')}
                >
                  {read.offlineCopy && notKeptOffline.has(field.name) ? (
                    <Input readOnly placeholder={PROFILE_FIELD_NOT_KEPT} />
                  ) : (
                    <ProfileFieldControl field={field} registration={register(field.name)} />
                  )}
                </FormField>
              ))}
            </div>
          </fieldset>
        </Card>
      ))}

      {editing ? (
        <div
          {...OWN_BOTTOM_CONTROLS}
          className="sticky bottom-0 -mx-4 flex flex-col gap-3 border-t border-border bg-background px-4 py-3 max-sm:bottom-[calc(4rem+env(safe-area-inset-bottom))] sm:mx-0 sm:rounded-xl sm:border"
        >
          {failureAlert}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!isDirty || isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? <Spinner size="sm" /> : <Save aria-hidden="true" />}
              {isSubmitting ? 'Saving…' : 'Save Changes'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={isSubmitting}
              onClick={() => {
                reset(profile);
                switchMode(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}

      <LeaveGuard
        active={editing && isDirty}
        title="Leave without saving?"
        description="You changed your profile but did not save it. If you leave now, your changes will be lost."
        stayLabel="Keep Editing"
        leaveLabel="Leave Without Saving"
      />
    </form>
  );
}
