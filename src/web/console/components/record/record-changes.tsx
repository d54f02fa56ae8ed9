import { staffMay } from '../../../../shared/staff-permissions.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { useSignedInStaff } from '../use-signed-in-staff.js';
import { AdmissionForm } from './admission-form.js';
import { InviteCard } from './invite-card.js';
import { IssuedDocumentForm } from './issued-document-form.js';
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
  const { overview } = record;
  const fileProps = { studentId, overview };
  return (
    <div className="grid gap-6">
      {staffMay(role, 'editAdmission') ? (
        <>
          <AdmissionForm studentId={studentId} record={record} />
          <IssuedDocumentForm
            kind="acceptance-letter"
            {...fileProps}
            texts={{
              title: 'Acceptance letter (PDF)',
              fileLabel: 'The acceptance letter (PDF, at most 10 MB)',
              missingFile: "Choose the acceptance letter's PDF.",
              submit: 'Upload the acceptance letter',
              current: 'The student downloads it from their dashboard.',
            }}
          />
        </>
      ) : null}
      {staffMay(role, 'issueI20') ? (
        <IssuedDocumentForm
          kind="i20"
          {...fileProps}
          texts={{
            title: 'I-20',
            dayLabel: 'Issued on',
            dayDefault: overview.i20IssuedOn,
            missingDay: 'Enter the day the I-20 was issued.',
            fileLabel: 'The I-20 (PDF, at most 10 MB)',
            missingFile: "Choose the I-20's PDF.",
            submit: 'Issue the I-20',
            current: `Issued${overview.i20IssuedOn ? ` on ${overview.i20IssuedOn}` : ''}.`,
          }}
        />
      ) : null}
      {staffMay(role, 'markSevisPaid') ? (
        <>
          <SevisForm studentId={studentId} overview={overview} />
          <IssuedDocumentForm
            kind="sevis-receipt"
            {...fileProps}
            texts={{
              title: 'SEVIS fee receipt',
              dayLabel: 'Paid on',
              dayDefault: overview.sevisPaidOn,
              missingDay: 'Enter the day the fee was paid.',
              fileLabel: 'The receipt (PDF, at most 10 MB)',
              missingFile: "Choose the receipt's PDF.",
              submit: 'Upload the receipt and mark the fee paid',
              current: 'A receipt is on file.',
            }}
          />
        </>
      ) : null}
      {staffMay(role, 'manageInvites') ? (
        <InviteCard studentId={studentId} overview={overview} />
      ) : null}
    </div>
  );
}
