import { FileUp } from 'lucide-react';
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { apiPath } from '../../../../shared/api-paths.js';
import {
  ISSUED_DOCUMENT_FILE_FIELD,
  ISSUED_DOCUMENTS,
  MAX_ISSUED_DOCUMENT_BYTES,
  type TIssuedDocumentKind,
} from '../../../../shared/issued-documents.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { useUploadIssuedDocument } from '../../api/change-student-record.js';
import { formText } from '../form-text.js';
import { RecordChangeCard } from './record-change-card.js';

type FieldErrors = Partial<Record<'day' | 'file', string>>;

/** How the record's card shows each issued file. */
export interface IssuedDocumentFormTexts {
  /** The card's heading and the form's name. */
  title: string;
  /** The day's field, for a kind that names one. */
  dayLabel?: string;
  dayDefault?: string | null;
  missingDay?: string;
  fileLabel: string;
  missingFile: string;
  submit: string;
  /** What the record says of the file now, before its link. */
  current: ReactNode;
}

/** The upload's form data, or what to fix first: the day, then a PDF of at most 10 MB. */
function readForm(
  form: HTMLFormElement,
  kind: TIssuedDocumentKind,
  texts: IssuedDocumentFormTexts,
): { upload: FormData } | { errors: FieldErrors } {
  const { dateField, title } = ISSUED_DOCUMENTS[kind];
  const day = dateField ? formText(new FormData(form), dateField) : '';
  const input = form.elements.namedItem(ISSUED_DOCUMENT_FILE_FIELD);
  const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
  const errors: FieldErrors = {};
  if (dateField && !/^\d{4}-\d{2}-\d{2}$/.test(day)) errors.day = texts.missingDay;
  if (!file || file.size === 0) errors.file = texts.missingFile;
  else if (file.size > MAX_ISSUED_DOCUMENT_BYTES)
    errors.file = `The ${title} must be at most 10 MB.`;
  if (Object.keys(errors).length > 0 || !file) return { errors };
  // The day first: the server reads it before the file.
  const upload = new FormData();
  if (dateField) upload.append(dateField, day);
  upload.append(ISSUED_DOCUMENT_FILE_FIELD, file, file.name);
  return { upload };
}

/**
 * A file issued to the student, uploaded from the record (the I-20, the acceptance letter, the
 * SEVIS fee's receipt): a PDF, with the day it names; a new upload replaces the earlier file.
 */
export function IssuedDocumentForm({
  kind,
  studentId,
  overview,
  texts,
}: {
  kind: TIssuedDocumentKind;
  studentId: string;
  overview: TStaffStudentRecord['overview'];
  texts: IssuedDocumentFormTexts;
}) {
  const ids = { day: useId(), file: useId() };
  const [errors, setErrors] = useState<FieldErrors>({});
  const upload = useUploadIssuedDocument(studentId, kind);
  const { dateField, staffPath, title } = ISSUED_DOCUMENTS[kind];

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    const read = readForm(event.currentTarget, kind, texts);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    upload.mutate({ body: read.upload, version: overview.version });
  };

  return (
    <RecordChangeCard title={texts.title} state={upload}>
      {overview.issuedFiles.includes(kind) ? (
        <p className="text-sm">
          {texts.current}{' '}
          <TextLink asChild>
            <a href={apiPath(staffPath, { id: studentId })}>Open the {title} file</a>
          </TextLink>{' '}
          (a new upload replaces it).
        </p>
      ) : null}
      <form
        key={overview.version}
        aria-label={texts.title}
        noValidate
        onSubmit={submit}
        className="grid gap-4 md:grid-cols-2"
      >
        {dateField ? (
          <FormField id={ids.day} label={texts.dayLabel} error={errors.day}>
            <Input name={dateField} type="date" defaultValue={texts.dayDefault ?? ''} />
          </FormField>
        ) : null}
        <FormField id={ids.file} label={texts.fileLabel} error={errors.file}>
          <Input name={ISSUED_DOCUMENT_FILE_FIELD} type="file" accept="application/pdf,.pdf" />
        </FormField>
        <div className="md:col-span-2">
          <Button type="submit" aria-busy={upload.isPending}>
            <FileUp aria-hidden="true" />
            {upload.isPending ? 'Uploading…' : texts.submit}
          </Button>
        </div>
      </form>
    </RecordChangeCard>
  );
}
