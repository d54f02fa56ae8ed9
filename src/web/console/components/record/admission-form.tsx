import { Save } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { KNOWN_APPLICATION_STATUSES } from '../../../../shared/applications.js';
import {
  APPLICATION_STATUS_NAMES,
  type TStaffAdmissionChange,
  ZStaffAdmissionChangeSchema,
} from '../../../../shared/staff-student-changes.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Select } from '../../../components/ui/select.js';
import { useChangeAdmission } from '../../api/change-student-record.js';
import { formText } from '../form-text.js';
import { RecordChangeCard } from './record-change-card.js';

const DETAILS = [
  {
    name: 'admissionStatus',
    label: 'Admission status',
    hint: 'For example Admitted or Processing',
  },
  { name: 'degree', label: 'Degree' },
  { name: 'major', label: 'Major' },
  { name: 'admittedSemester', label: 'Admitted semester', hint: 'For example Fall 2027' },
  { name: 'acceptanceLetterUrl', label: 'Acceptance letter (link)' },
] as const;

type Detail = (typeof DETAILS)[number]['name'];
type FieldErrors = Partial<Record<Detail, string>>;

const isKnownStatus = (status: string) =>
  (KNOWN_APPLICATION_STATUSES as readonly string[]).includes(status);

/** The change the form's values make: every detail as it stands, the statuses that moved. */
function readForm(
  form: HTMLFormElement,
  applications: TStaffStudentRecord['applications'],
): { change: TStaffAdmissionChange } | { errors: FieldErrors } {
  const data = new FormData(form);
  const moved = applications
    .map((a) => ({ id: a.id, status: formText(data, `application-${a.id}`) }))
    .filter((a, i) => a.status !== '' && a.status !== applications[i]?.status);
  const change: TStaffAdmissionChange = {
    ...Object.fromEntries(DETAILS.map(({ name }) => [name, formText(data, name)])),
    ...(moved.length > 0 ? { applications: moved as TStaffAdmissionChange['applications'] } : {}),
  };
  // Checked here as the server will (it trims, and clears a detail left empty).
  const parsed = ZStaffAdmissionChangeSchema.safeParse(change);
  if (parsed.success) return { change };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = DETAILS.find(({ name }) => name === issue.path[0])?.name;
    if (field)
      errors[field] ??= `${issue.message[0]?.toUpperCase() ?? ''}${issue.message.slice(1)}.`;
  }
  return { errors };
}

/** The admission details and each application's status (administrators and school officers). */
export function AdmissionForm({
  studentId,
  record,
}: {
  studentId: string;
  record: TStaffStudentRecord;
}) {
  const { overview, applications } = record;
  const formId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangeAdmission(studentId);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const read = readForm(event.currentTarget, applications);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    change.mutate({ body: read.change, version: overview.version });
  };

  return (
    <RecordChangeCard title="Admission" state={change}>
      {/* Keyed by the version: a save or a newer record read fills the form afresh. */}
      <form
        key={overview.version}
        aria-label="Admission"
        noValidate
        onSubmit={submit}
        className="grid gap-4 md:grid-cols-2"
      >
        {DETAILS.map(({ name, label, ...rest }) => (
          <FormField
            key={name}
            id={`${formId}-${name}`}
            label={label}
            hint={'hint' in rest ? rest.hint : undefined}
            error={errors[name]}
          >
            <Input name={name} defaultValue={overview[name] ?? ''} autoComplete="off" />
          </FormField>
        ))}
        {applications.map((application) => (
          <FormField
            key={application.id}
            id={`${formId}-application-${application.id}`}
            label={`${application.university}, ${application.program}`}
          >
            <Select
              name={`application-${application.id}`}
              defaultValue={isKnownStatus(application.status) ? application.status : ''}
            >
              {isKnownStatus(application.status) ? null : (
                <option value="">{application.status} (as it stands)</option>
              )}
              {KNOWN_APPLICATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {APPLICATION_STATUS_NAMES[status]}
                </option>
              ))}
            </Select>
          </FormField>
        ))}
        <div className="md:col-span-2">
          <Button type="submit" aria-busy={change.isPending}>
            <Save aria-hidden="true" />
            {change.isPending ? 'Saving…' : 'Save admission'}
          </Button>
        </div>
      </form>
    </RecordChangeCard>
  );
}
