import { staffMay } from '../../../../shared/staff-permissions.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { useSignedInStaff } from '../use-signed-in-staff.js';
import { AdmissionForm } from './admission-form.js';
import { I20Form } from './i20-form.js';
import { InviteCard } from './invite-card.js';
import { SevisForm } from './sevis-form.js';

/** The forms of the overview that the caller's role may use (STAFF_PERMISSIONS). */
export function RecordChanges({
  studentId,
  record,
}: {
  studentId: string;
  record: TStaffStudentRecord;
}) {
  const { role } = useSignedInStaff();
  return (
    <div className="grid gap-6">
      {staffMay(role, 'editAdmission') ? (
        <AdmissionForm studentId={studentId} record={record} />
      ) : null}
      {staffMay(role, 'issueI20') ? (
        <I20Form studentId={studentId} overview={record.overview} />
      ) : null}
      {staffMay(role, 'markSevisPaid') ? (
        <SevisForm studentId={studentId} overview={record.overview} />
      ) : null}
      {staffMay(role, 'manageInvites') ? (
        <InviteCard studentId={studentId} overview={record.overview} />
      ) : null}
    </div>
  );
}
