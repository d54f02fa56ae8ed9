import { Download, UserCheck, X } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { staffMay } from '../../../../shared/staff-permissions.js';
import type {
  TBulkChange,
  TBulkChangeResult,
  TStudentSelection,
} from '../../../../shared/student-bulk-changes.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Select } from '../../../components/ui/select.js';
import { failureMessage } from '../../api/console-request.js';
import { useAssignableAgents, useBulkChange } from '../../api/student-bulk-changes.js';
import { formText } from '../form-text.js';
import { useSignedInStaff } from '../use-signed-in-staff.js';

const students = (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`;

/** What a bulk change did, in words: how many changed, and each one skipped with why. */
function BulkResult({ result }: { result: TBulkChangeResult }) {
  return (
    <div className="grid gap-1 text-sm">
      <p className="font-semibold">
        Changed {students(result.changed)}.
        {result.skipped.length > 0 ? ` Skipped ${students(result.skipped.length)}:` : ''}
      </p>
      {result.skipped.length > 0 ? (
        <ul className="list-disc pl-5">
          {result.skipped.map((skip) => (
            <li key={skip.studentId}>
              {skip.name ?? skip.studentId}: {skip.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * What the caller may do to the selected students: export them as CSV, and, as their role
 * allows (STAFF_PERMISSIONS), set their admission status or assign them an agent. The answer
 * says how many changed and which were skipped, and why.
 */
export function BulkActions({
  count,
  selection,
  csvHref,
  onClear,
}: {
  count: number;
  selection: TStudentSelection;
  /** The selection's CSV export; null where the export is not offered (a passport search). */
  csvHref: string | null;
  onClear: () => void;
}) {
  const ids = { status: useId(), agent: useId() };
  const { role } = useSignedInStaff();
  const mayAssign = staffMay(role, 'assignAgent');
  const change = useBulkChange();
  const agents = useAssignableAgents(mayAssign);
  const [errors, setErrors] = useState<{ status?: string; agent?: string }>({});

  const apply = (next: TBulkChange) => {
    if (!change.isPending) change.mutate({ selection, change: next });
  };
  const setStatus = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const admissionStatus = formText(new FormData(event.currentTarget), 'admissionStatus').trim();
    setErrors({ status: admissionStatus ? undefined : 'Enter the admission status.' });
    if (admissionStatus) apply({ kind: 'admission-status', admissionStatus });
  };
  const assign = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const agentId = Number(formText(new FormData(event.currentTarget), 'agentId'));
    setErrors({ agent: agentId > 0 ? undefined : 'Choose an agent.' });
    if (agentId > 0) apply({ kind: 'agent', agentId });
  };

  return (
    <section
      aria-label="Selected students"
      className="grid gap-4 rounded-2xl border border-border bg-muted/60 p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-semibold">{students(count)} selected</p>
        {csvHref ? (
          <Button asChild variant="outline" size="sm">
            <a href={csvHref} download>
              <Download aria-hidden="true" />
              Export the selection as CSV
            </a>
          </Button>
        ) : null}
        <Button type="button" variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden="true" />
          Clear the selection
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-6">
        {staffMay(role, 'editAdmission') ? (
          <form
            aria-label="Set the admission status"
            noValidate
            onSubmit={setStatus}
            className="flex flex-wrap items-end gap-2"
          >
            <FormField id={ids.status} label="Admission status" error={errors.status}>
              <Input name="admissionStatus" maxLength={60} placeholder="Admitted" />
            </FormField>
            <Button type="submit" aria-busy={change.isPending}>
              Set the status
            </Button>
          </form>
        ) : null}
        {mayAssign ? (
          <form
            aria-label="Assign an agent"
            noValidate
            onSubmit={assign}
            className="flex flex-wrap items-end gap-2"
          >
            <FormField id={ids.agent} label="Agent" error={errors.agent}>
              <Select name="agentId" defaultValue="" className="w-64">
                <option value="" disabled>
                  {agents.isPending ? 'Loading the agents…' : 'Choose an agent'}
                </option>
                {agents.data?.agents.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.name} ({agent.agencyName})
                  </option>
                ))}
              </Select>
            </FormField>
            <Button type="submit" aria-busy={change.isPending}>
              <UserCheck aria-hidden="true" />
              Assign
            </Button>
          </form>
        ) : null}
      </div>
      <div role="status">{change.isSuccess ? <BulkResult result={change.data} /> : null}</div>
      {change.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {failureMessage(change.error, 'The change could not be made.')}
          </AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
