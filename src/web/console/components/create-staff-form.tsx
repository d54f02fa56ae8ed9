import { UserPlus } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { STAFF_ROLES, STAFF_ROLE_NAMES, type TStaffRole } from '../../../shared/staff.js';
import {
  ZCreateStaffRequestSchema,
  type TCreateStaffRequest,
  type TEnrolmentLinkResponse,
} from '../../../shared/staff-team.js';
import { formText } from './form-text.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardHeader, CardTitle } from '../../components/ui/card.js';
import { FailureAlert } from '../../components/ui/failure-alert.js';
import { FormField } from '../../components/ui/form-field.js';
import { Input } from '../../components/ui/input.js';
import { Select } from '../../components/ui/select.js';
import { failureMessage } from '../api/console-request.js';
import { useCreateStaffAccount, useTeamOrganisations } from '../api/team.js';

type FieldErrors = Partial<Record<'name' | 'email' | 'organisation', string>>;

/** The request the form's values make, or what to fix first, field by field. */
function readForm(form: HTMLFormElement, role: TStaffRole): TCreateStaffRequest | FieldErrors {
  const data = new FormData(form);
  const text = (name: string) => formText(data, name);
  const organisation = Number(text('organisation')) || undefined;
  const parsed = ZCreateStaffRequestSchema.safeParse({
    name: text('name'),
    email: text('email'),
    role,
    ...(role === 'agent' ? { agencyId: organisation } : {}),
    ...(role === 'school' ? { schoolId: organisation } : {}),
  });
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'name' || field === 'email') errors[field] ??= issue.message;
    }
  }
  if (role !== 'admin' && organisation === undefined)
    errors.organisation = role === 'agent' ? 'Choose the agency.' : 'Choose the school.';
  if (parsed.success && Object.keys(errors).length === 0) return parsed.data;
  return errors;
}

/** A new staff account: name, e-mail, role, and the agent's agency or the officer's school. */
export function CreateStaffForm({
  onCreated,
}: {
  onCreated: (link: TEnrolmentLinkResponse) => void;
}) {
  const ids = { name: useId(), email: useId(), role: useId(), organisation: useId() };
  const [role, setRole] = useState<TStaffRole>('agent');
  const [errors, setErrors] = useState<FieldErrors>({});
  const organisations = useTeamOrganisations();
  const create = useCreateStaffAccount();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const form = event.currentTarget;
    const request = readForm(form, role);
    if (!('role' in request)) {
      setErrors(request);
      return;
    }
    setErrors({});
    create.mutate(request, {
      onSuccess: (link) => {
        form.reset();
        onCreated(link);
      },
    });
  };

  const choices =
    role === 'agent'
      ? organisations.data?.agencies
      : role === 'school'
        ? organisations.data?.schools
        : [];
  return (
    <Card className="gap-5 p-6">
      <CardHeader>
        <CardTitle>Add a staff member</CardTitle>
      </CardHeader>
      <FailureAlert
        failure={
          create.isError ? failureMessage(create.error, 'The account could not be created.') : null
        }
      />
      <form
        aria-label="Add a staff member"
        noValidate
        onSubmit={submit}
        className="grid gap-4 md:grid-cols-2"
      >
        <FormField id={ids.name} label="Name" error={errors.name}>
          <Input name="name" autoComplete="off" />
        </FormField>
        <FormField id={ids.email} label="E-mail" error={errors.email}>
          <Input name="email" type="email" autoComplete="off" />
        </FormField>
        <FormField id={ids.role} label="Role">
          <Select
            name="role"
            value={role}
            onChange={(event) => {
              setRole(event.target.value as TStaffRole);
            }}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_NAMES[r]}
              </option>
            ))}
          </Select>
        </FormField>
        {role === 'admin' ? null : (
          <FormField
            id={ids.organisation}
            label={role === 'agent' ? 'Agency' : 'School'}
            error={errors.organisation}
          >
            <Select name="organisation" key={role} defaultValue="">
              <option value="">
                {role === 'agent' ? 'Choose the agency' : 'Choose the school'}
              </option>
              {choices?.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </Select>
          </FormField>
        )}
        <div className="md:col-span-2">
          <Button type="submit" aria-busy={create.isPending}>
            <UserPlus aria-hidden="true" />
            {create.isPending ? 'Creating…' : 'Create account'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
