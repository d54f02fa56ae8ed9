import { FileUp } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { API_PATHS, apiPath } from '../../../../shared/api-paths.js';
import { I20_UPLOAD_FIELDS, MAX_I20_BYTES } from '../../../../shared/issued-documents.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { useIssueI20 } from '../../api/change-student-record.js';
import { formText } from '../form-text.js';
import { RecordChangeCard } from './record-change-card.js';

type FieldErrors = Partial<Record<'issuedOn' | 'file', string>>;

/** The upload's form data, or what to fix first: the day, then a PDF of at most 10 MB. */
function readForm(form: HTMLFormElement): { upload: FormData } | { errors: FieldErrors } {
  const issuedOn = formText(new FormData(form), I20_UPLOAD_FIELDS.issuedOn);
  const input = form.elements.namedItem(I20_UPLOAD_FIELDS.file);
  const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
  const errors: FieldErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(issuedOn)) errors.issuedOn = 'Enter the day the I-20 was issued.';
  if (!file || file.size === 0) errors.file = "Choose the I-20's PDF.";
  else if (file.size > MAX_I20_BYTES) errors.file = 'The I-20 must be at most 10 MB.';
  if (Object.keys(errors).length > 0 || !file) return { errors };
  // The day first: the server reads it before the file.
  const upload = new FormData();
  upload.append(I20_UPLOAD_FIELDS.issuedOn, issuedOn);
  upload.append(I20_UPLOAD_FIELDS.file, file, file.name);
  return { upload };
}

/** The I-20: issued from its PDF, which the student then downloads (administrators, school officers). */
export function I20Form({
  studentId,
  overview,
}: {
  studentId: string;
  overview: TStaffStudentRecord['overview'];
}) {
  const ids = { issuedOn: useId(), file: useId() };
  const [errors, setErrors] = useState<FieldErrors>({});
  const issue = useIssueI20(studentId);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (issue.isPending) return;
    const read = readForm(event.currentTarget);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    issue.mutate({ body: read.upload, version: overview.version });
  };

  return (
    <RecordChangeCard title="I-20" state={issue}>
      {overview.i20Issued ? (
        <p className="text-sm">
          Issued{overview.i20IssuedOn ? ` on ${overview.i20IssuedOn}` : ''}.{' '}
          <TextLink asChild>
            <a href={apiPath(API_PATHS.staffStudentI20, { id: studentId })}>Open the I-20 file</a>
          </TextLink>{' '}
          (a new upload replaces it).
        </p>
      ) : null}
      <form
        key={overview.version}
        aria-label="I-20"
        noValidate
        onSubmit={submit}
        className="grid gap-4 md:grid-cols-2"
      >
        <FormField id={ids.issuedOn} label="Issued on" error={errors.issuedOn}>
          <Input
            name={I20_UPLOAD_FIELDS.issuedOn}
            type="date"
            defaultValue={overview.i20IssuedOn ?? ''}
          />
        </FormField>
        <FormField id={ids.file} label="The I-20 (PDF, at most 10 MB)" error={errors.file}>
          <Input name={I20_UPLOAD_FIELDS.file} type="file" accept="application/pdf,.pdf" />
        </FormField>
        <div className="md:col-span-2">
          <Button type="submit" aria-busy={issue.isPending}>
            <FileUp aria-hidden="true" />
            {issue.isPending ? 'Uploading…' : 'Issue the I-20'}
          </Button>
        </div>
      </form>
    </RecordChangeCard>
  );
}
