import type { z } from 'zod';
import { STUDENT_STAGE_NAMES } from '../../../../shared/student-stages.js';
import type { ZStaffStudentOverviewSchema } from '../../../../shared/staff-students.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { formatFullDateTime } from '../../../lib/relative-time.js';
import { DetailsList } from '../details-list.js';

type TOverview = z.infer<typeof ZStaffStudentOverviewSchema>;

const INVITE_STATE_NAMES: Record<TOverview['invite']['state'], string> = {
  open: 'Open',
  used: 'Used',
  expired: 'Expired',
  revoked: 'Revoked',
  none: 'No invite',
};

const on = (date: string | null) => (date ? ` on ${formatFullDateTime(date) ?? date}` : '');

function identityResult({ result, title, decidedAt }: TOverview['identity']): string {
  if (result === 'pending') return 'Pending';
  const said = result === 'approved' ? 'Approved' : (title ?? result);
  return `${said}${on(decidedAt)}`;
}

/** Where the student stands: their statuses, identity check, passkey and invite. */
export function OverviewSection({ overview }: { overview: TOverview }) {
  return (
    <DetailsList
      items={[
        ['Stage', STUDENT_STAGE_NAMES[overview.stage]],
        ['Waiting', overview.waiting.length > 0 ? overview.waiting.join('; ') : 'Nothing'],
        ['E-mail', overview.email ?? '—'],
        [
          'School',
          overview.schoolName
            ? `${overview.schoolName}${overview.schoolRequiresMoi ? ' (requires an English interview)' : ''}`
            : '—',
        ],
        [
          'Agency and agent',
          overview.agencyName
            ? `${overview.agencyName}${overview.agentName ? `, ${overview.agentName}` : ''}`
            : '—',
        ],
        ['Admission', overview.admissionStatus],
        [
          'Programme',
          [overview.degree, overview.major, overview.admittedSemester].filter(Boolean).join(', ') ||
            '—',
        ],
        ['I-20', overview.i20Issued ? `Issued${on(overview.i20IssuedOn)}` : 'Not issued'],
        ['SEVIS fee', overview.sevisPaid ? `Paid${on(overview.sevisPaidOn)}` : 'Not paid'],
        ['English interview (MOI)', overview.moiStatus],
        ['Identity check', identityResult(overview.identity)],
        ['Passkey', overview.passkeyEnrolled ? 'Enrolled' : 'Not enrolled'],
        [
          'Invite',
          overview.invite.state === 'open' && overview.invite.expiresAt
            ? `Open until ${formatFullDateTime(overview.invite.expiresAt) ?? overview.invite.expiresAt}`
            : INVITE_STATE_NAMES[overview.invite.state],
        ],
        ['Portal access', overview.accessRevoked ? 'Revoked' : 'Active'],
        ['Added', <RelativeTime key="added" value={overview.createdAt} afterAWeek="date" />],
      ]}
    />
  );
}
