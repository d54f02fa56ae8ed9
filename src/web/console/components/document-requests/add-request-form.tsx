import { Plus } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { ZNewDocumentRequestSchema } from '../../../../shared/staff-document-requests.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { failureMessage } from '../../api/console-request.js';
import { useAddDocumentRequest } from '../../api/document-requests.js';
import { asSentence } from '../form-text.js';
import {
  DocumentTitlePicker,
  NO_DOCUMENT_TITLE,
  type DocumentTitle,
} from './document-title-picker.js';
import { RequestNoteField } from './request-note-field.js';

type Field = 'title' | 'note' | 'dueDate';
type FieldErrors = Partial<Record<Field, string>>;

/** A new request on one application: the document, an optional note and due date. */
export function AddRequestForm({
  applicationId,
  onAdded,
  onCancel,
}: {
  applicationId: number;
  onAdded: (title: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const add = useAddDocumentRequest(applicationId);
  const [title, setTitle] = useState<DocumentTitle>(NO_DOCUMENT_TITLE);
  const [note, setNote] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    // Checked as the server will: trimmed, an empty note or due date is none.
    const parsed = ZNewDocumentRequestSchema.safeParse({
      title: title.title,
      note,
      dueDate: dueDate === '' ? null : dueDate,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= asSentence(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        onAdded(parsed.data.title);
      },
    });
  };

  return (
    <form
      aria-label="Add a request"
      noValidate
      onSubmit={submit}
      className="grid gap-4 rounded-xl border border-border bg-card p-4 md:grid-cols-2"
    >
      <div className="md:col-span-2">
        <FailureAlert
          failure={
            add.isError ? failureMessage(add.error, 'The request could not be added.') : null
          }
        />
      </div>
      <DocumentTitlePicker id={id} value={title} error={errors.title} onChange={setTitle} />
      <FormField id={`${id}-due`} label="Due date (optional)" error={errors.dueDate}>
        <Input
          type="date"
          value={dueDate}
          onChange={(event) => {
            setDueDate(event.target.value);
          }}
        />
      </FormField>
      <RequestNoteField id={`${id}-note`} value={note} error={errors.note} onChange={setNote} />
      <div className="flex flex-wrap gap-2 md:col-span-2">
        <Button type="submit" aria-busy={add.isPending}>
          <Plus aria-hidden="true" />
          {add.isPending ? 'Adding…' : 'Add the request'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
