import { Download, Filter } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  auditActionName,
  ZAuditQuerySchema,
  type TAuditEvent,
} from '../../../shared/audit-log.js';
import { formText } from '../components/form-text.js';
import { Button } from '../../components/ui/button.js';
import { FormField } from '../../components/ui/form-field.js';
import { Input } from '../../components/ui/input.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { Select } from '../../components/ui/select.js';
import { formatFullDateTime } from '../../lib/relative-time.js';
import {
  auditCsvHref,
  auditFilterParams,
  readAuditFilters,
  useAuditLog,
  type TAuditFilters,
} from '../api/audit.js';
import { useStaffTeam } from '../api/team.js';
import { ConsolePage } from '../components/console-page.js';

const detailsText = (details: TAuditEvent['details']) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');

/** The filters' form: applied on submit, into the page's address. */
function AuditFilters({
  filters,
  onApply,
}: {
  filters: TAuditFilters;
  onApply: (next: TAuditFilters) => void;
}) {
  const ids = { staff: useId(), student: useId(), action: useId(), from: useId(), to: useId() };
  const team = useStaffTeam();
  const [studentError, setStudentError] = useState<string | undefined>();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => formText(data, name).trim() || undefined;
    const studentId = value('studentId');
    if (studentId && !ZAuditQuerySchema.shape.studentId.safeParse(studentId).success) {
      setStudentError('Enter a whole student id, as the student’s record shows it.');
      return;
    }
    setStudentError(undefined);
    onApply({
      staffId: value('staffId'),
      studentId,
      action: value('action'),
      from: value('from'),
      to: value('to'),
    });
  };
  return (
    <form
      aria-label="Filter the audit log"
      noValidate
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      <FormField id={ids.staff} label="Staff member">
        <Select name="staffId" defaultValue={filters.staffId ?? ''}>
          <option value="">Everyone</option>
          {team.data?.items.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={ids.student} label="Student id" error={studentError}>
        <Input name="studentId" autoComplete="off" defaultValue={filters.studentId ?? ''} />
      </FormField>
      <FormField id={ids.action} label="Action">
        <Select name="action" defaultValue={filters.action ?? ''}>
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_NAMES[action]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={ids.from} label="From">
        <Input name="from" type="date" defaultValue={filters.from ?? ''} />
      </FormField>
      <FormField id={ids.to} label="To">
        <Input name="to" type="date" defaultValue={filters.to ?? ''} />
      </FormField>
      <Button type="submit" variant="secondary">
        <Filter aria-hidden="true" />
        Apply filters
      </Button>
    </form>
  );
}

/** `/staff/audit` (administrators): who did what to which student, when and from where. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const log = useAuditLog(filters);
  const events = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ConsolePage
      title="Audit log"
      description="Every change staff made and every personal value they showed, newest first."
      actions={
        <Button asChild variant="outline">
          <a href={auditCsvHref(filters)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      }
    >
      {/* Keyed by the address, so going back in history shows those filters in the form again. */}
      <AuditFilters
        key={params.toString()}
        filters={filters}
        onApply={(next) => {
          setParams(auditFilterParams(next));
        }}
      />
      {log.isPending ? (
        <LoadingStatus>Loading the audit log…</LoadingStatus>
      ) : log.isError && events.length === 0 ? (
        <LoadFailedAlert
          title="The audit log could not be loaded."
          onRetry={() => void log.refetch()}
        />
      ) : events.length === 0 ? (
        <p className="rounded-2xl border border-border bg-card p-6 text-center text-muted-foreground">
          Nothing matches these filters.
        </p>
      ) : (
        <>
          <div
            role="region"
            aria-label="Audit events"
            tabIndex={0}
            className="overflow-x-auto rounded-2xl border border-border bg-card shadow-sm"
          >
            <table className="w-full min-w-[56rem] text-left text-sm">
              <thead className="border-b border-border bg-muted/60">
                <tr>
                  {['When', 'Who', 'Action', 'Student', 'Address', 'Details'].map((label) => (
                    <th key={label} scope="col" className="px-3 py-2.5 font-semibold">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event.id} className="border-b border-border align-top last:border-b-0">
                    <td className="px-3 py-2.5 whitespace-nowrap">
                      <time dateTime={event.at}>{formatFullDateTime(event.at) ?? event.at}</time>
                    </td>
                    <td className="px-3 py-2.5">
                      {event.actor === 'command-line'
                        ? 'Command line'
                        : event.actor === 'student'
                          ? 'The student'
                          : (event.staffName ?? event.staffId ?? 'Staff')}
                    </td>
                    <td className="px-3 py-2.5">{auditActionName(event.action)}</td>
                    <td className="px-3 py-2.5">{event.studentName ?? event.studentId ?? '—'}</td>
                    <td className="px-3 py-2.5">{event.address ?? '—'}</td>
                    <td className="px-3 py-2.5 wrap-anywhere">{detailsText(event.details)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {log.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              aria-busy={log.isFetchingNextPage}
              onClick={() => {
                if (!log.isFetchingNextPage) void log.fetchNextPage();
              }}
            >
              {log.isFetchingNextPage ? 'Loading more…' : 'Load more'}
            </Button>
          ) : null}
        </>
      )}
    </ConsolePage>
  );
}
