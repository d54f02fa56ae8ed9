import { NotebookPen } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { MAX_NOTE_LENGTH } from '../../../../shared/staff-students.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { FormField } from '../../../components/ui/form-field.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { failureMessage } from '../../api/console-request.js';
import { useAddStaffNote, useStaffNotes } from '../../api/staff-notes.js';
import { formText } from '../form-text.js';

/** Staff's internal notes on the student, newest first, and a new one: never shown to the student. */
export function NotesSection({ studentId }: { studentId: string }) {
  const id = useId();
  const [error, setError] = useState<string>();
  const notes = useStaffNotes(studentId);
  const add = useAddStaffNote(studentId);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const form = event.currentTarget;
    const body = formText(new FormData(form), 'body').trim();
    if (body === '') {
      setError('Write the note.');
      return;
    }
    setError(undefined);
    add.mutate(
      { body },
      {
        onSuccess: () => {
          form.reset();
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <form aria-label="Add a note" noValidate onSubmit={submit} className="grid gap-3">
        <FailureAlert
          failure={add.isError ? failureMessage(add.error, 'The note could not be saved.') : null}
        />
        <FormField
          id={id}
          label="New note"
          hint="Only staff who serve this student read notes; the student never does."
          error={error}
        >
          <Textarea name="body" maxLength={MAX_NOTE_LENGTH} rows={3} />
        </FormField>
        <Button type="submit" className="self-start" aria-busy={add.isPending}>
          <NotebookPen aria-hidden="true" />
          {add.isPending ? 'Saving…' : 'Add the note'}
        </Button>
      </form>
      {notes.isPending ? <LoadingStatus>Loading the notes…</LoadingStatus> : null}
      {notes.isError ? (
        <LoadFailedAlert
          title="The notes could not be loaded."
          onRetry={() => void notes.refetch()}
        />
      ) : null}
      {notes.data?.items.length === 0 ? (
        <p className="text-muted-foreground">No notes yet.</p>
      ) : null}
      {notes.data && notes.data.items.length > 0 ? (
        <ol aria-label="Notes" className="flex flex-col gap-3">
          {notes.data.items.map((note) => (
            <li key={note.id} className="rounded-xl border border-border bg-card p-4 text-sm">
              <p className="whitespace-pre-wrap wrap-anywhere">{note.body}</p>
              <p className="mt-2 text-muted-foreground">
                {note.authorName ?? 'A former staff member'},{' '}
                <RelativeTime value={note.createdAt} afterAWeek="date" />
              </p>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
