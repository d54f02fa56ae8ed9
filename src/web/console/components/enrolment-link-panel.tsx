import type { TEnrolmentLinkResponse } from '../../../shared/staff-team.js';
import { formatFullDateTime } from '../../lib/relative-time.js';
import { ShownOncePanel } from './shown-once-panel.js';

/** A new enrolment link, shown this once: the server keeps only its hash. */
export function EnrolmentLinkPanel({
  link,
  onDone,
}: {
  link: TEnrolmentLinkResponse;
  onDone: () => void;
}) {
  const expires = formatFullDateTime(link.expiresAt) ?? link.expiresAt;
  return (
    <ShownOncePanel
      title={`Enrolment link for ${link.account.name}`}
      label="Enrolment link"
      value={link.enrolmentUrl}
      onDone={onDone}
    >
      <p>
        Send this link to {link.account.email}. It works once, until {expires}. It will not be shown
        again.
      </p>
    </ShownOncePanel>
  );
}
