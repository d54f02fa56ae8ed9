import { DOCUMENT_REQUEST_LIMITS } from '../../../../shared/staff-document-requests.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Textarea } from '../../../components/ui/textarea.js';

/** The optional note the student reads with a request (a new one, or a checklist's item). */
export function RequestNoteField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (note: string) => void;
}) {
  return (
    <FormField
      id={id}
      label="Note to the student (optional)"
      error={error}
      className="md:col-span-2"
    >
      <Textarea
        rows={2}
        value={value}
        maxLength={DOCUMENT_REQUEST_LIMITS.note}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </FormField>
  );
}
