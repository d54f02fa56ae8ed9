import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { RequiredDocuments } from '../document-requests/required-documents.js';

/** The student's university applications, then each one's required documents. */
export function ApplicationsSection({
  studentId,
  record,
}: {
  studentId: string;
  record: TStaffStudentRecord;
}) {
  const { applications } = record;
  if (applications.length === 0) return <p className="text-muted-foreground">No applications.</p>;
  return (
    <div className="flex flex-col gap-8">
      <ApplicationsTable applications={applications} />
      {applications.map((application) => (
        <RequiredDocuments
          key={application.id}
          studentId={studentId}
          record={record}
          application={application}
        />
      ))}
    </div>
  );
}

function ApplicationsTable({
  applications,
}: {
  applications: TStaffStudentRecord['applications'];
}) {
  return (
    <div
      role="region"
      aria-label="Applications"
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-border bg-card"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-border bg-muted/60">
          <tr>
            {['University', 'Programme', 'Status', 'Submitted', 'Starts'].map((label) => (
              <th key={label} scope="col" className="px-3 py-2.5 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {applications.map((application) => (
            <tr key={application.id} className="border-b border-border last:border-b-0">
              <td className="px-3 py-2.5">{application.university}</td>
              <td className="px-3 py-2.5">{application.program}</td>
              <td className="px-3 py-2.5">{application.status}</td>
              <td className="px-3 py-2.5">
                <RelativeTime value={application.submittedAt} afterAWeek="date" />
              </td>
              <td className="px-3 py-2.5">{application.programStartDate ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
