import { UserPlus } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import {
  type TNewStudent,
  type TNewStudentChoices,
  type TNewStudentRequest,
  ZNewStudentRequestSchema,
} from '../../../../shared/student-import.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { Select } from '../../../components/ui/select.js';
import { useAddStudent, useNewStudentChoices } from '../../api/add-student.js';
import { failureMessage } from '../../api/console-request.js';
import { formText } from '../form-text.js';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'passportNumber',
  'dateOfBirth',
  'nationality',
  'schoolId',
  'agentId',
] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

const isField = (name: unknown): name is Field => FIELDS.includes(name as Field);

/** Sentences for the contract's field messages ("is required" becomes "Enter the first name."). */
const REQUIRED: Record<Field, string> = {
  firstName: 'Enter the first name.',
  lastName: 'Enter the last name.',
  email: "Enter the student's e-mail address.",
  passportNumber: 'Enter the passport number.',
  dateOfBirth: 'Enter the date of birth.',
  nationality: '',
  schoolId: 'Choose the school.',
  agentId: 'Choose the agent.',
};

/** The request the form's values make, or what to fix, field by field. */
function readForm(
  form: HTMLFormElement,
  agentRequired: boolean,
): { request: TNewStudentRequest } | { errors: FieldErrors } {
  const data = new FormData(form);
  const text = (name: Field) => formText(data, name).trim();
  const agent = text('agentId');
  const parsed = ZNewStudentRequestSchema.safeParse({
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    passportNumber: text('passportNumber'),
    dateOfBirth: text('dateOfBirth'),
    nationality: text('nationality'),
    schoolId: text('schoolId') === '' ? undefined : Number(text('schoolId')),
    agentId: agent === '' ? null : Number(agent),
  });
  const errors: FieldErrors = agentRequired && agent === '' ? { agentId: REQUIRED.agentId } : {};
  if (parsed.success && !errors.agentId) return { request: parsed.data };
  if (parsed.success) return { errors };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (!isField(field)) continue;
    const empty = text(field) === '';
    errors[field] ??= empty && REQUIRED[field] ? REQUIRED[field] : `This ${issue.message}.`;
  }
  return { errors };
}

/**
 * "Add student" (administrators and agents): who the student is, as their passport says (the
 * onboarding compares the number and birth date the student types), their school and agent.
 */
export function AddStudentForm({ onAdded }: { onAdded: (student: TNewStudent) => void }) {
  const choices = useNewStudentChoices();
  if (choices.isPending) return <LoadingStatus>Loading the schools and agents…</LoadingStatus>;
  if (choices.isError)
    return (
      <LoadFailedAlert
        title="The schools and agents could not be loaded."
        onRetry={() => void choices.refetch()}
      />
    );
  return <NewStudentFields choices={choices.data} onAdded={onAdded} />;
}

function NewStudentFields({
  choices,
  onAdded,
}: {
  choices: TNewStudentChoices;
  onAdded: (student: TNewStudent) => void;
}) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddStudent();
  const [onlyAgent] = choices.agents;
  const defaultAgent = choices.agentRequired && choices.agents.length === 1 && onlyAgent;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const read = readForm(event.currentTarget, choices.agentRequired);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    add.mutate(read.request, { onSuccess: onAdded });
  };

  const field = (name: Field) => ({ id: `${id}-${name}`, error: errors[name] });
  return (
    <Card className="gap-5 p-6">
      <FailureAlert
        failure={add.isError ? failureMessage(add.error, 'The student could not be added.') : null}
      />
      <form
        aria-label="Add a student"
        noValidate
        onSubmit={submit}
        className="grid gap-4 md:grid-cols-2"
      >
        <FormField {...field('firstName')} label="First name">
          <Input name="firstName" autoComplete="off" />
        </FormField>
        <FormField {...field('lastName')} label="Last name">
          <Input name="lastName" autoComplete="off" />
        </FormField>
        <FormField {...field('email')} label="E-mail">
          <Input name="email" type="email" autoComplete="off" />
        </FormField>
        <FormField {...field('nationality')} label="Nationality (optional)">
          <Input name="nationality" autoComplete="off" />
        </FormField>
        <FormField
          {...field('passportNumber')}
          label="Passport number"
          hint="As printed in the passport: the student types it to start."
        >
          <Input name="passportNumber" autoComplete="off" spellCheck={false} />
        </FormField>
        <FormField {...field('dateOfBirth')} label="Date of birth">
          <Input name="dateOfBirth" type="date" />
        </FormField>
        <FormField {...field('schoolId')} label="School">
          <Select name="schoolId" defaultValue="">
            <option value="">Choose the school</option>
            {choices.schools.map((school) => (
              <option key={school.id} value={school.id}>
                {school.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField {...field('agentId')} label="Agent">
          <Select name="agentId" defaultValue={defaultAgent ? String(defaultAgent.id) : ''}>
            <option value="">{choices.agentRequired ? 'Choose the agent' : 'No agent'}</option>
            {choices.agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name} ({agent.agencyName})
              </option>
            ))}
          </Select>
        </FormField>
        <div className="md:col-span-2">
          <Button type="submit" aria-busy={add.isPending}>
            <UserPlus aria-hidden="true" />
            {add.isPending ? 'Adding…' : 'Add student and create invite'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
