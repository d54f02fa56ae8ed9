import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import type { TNewStudent } from '../../../../shared/student-import.js';
import { Button } from '../../../components/ui/button.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { formatFullDateTime } from '../../../lib/relative-time.js';
import { consolePaths } from '../../console-paths.js';
import { ShownOncePanel } from '../shown-once-panel.js';
import { InviteLetter } from './invite-letter.js';

/** A student just added: their code, shown this once, and the letter to print or pass on. */
export function NewStudentInvite({
  student,
  onDone,
}: {
  student: TNewStudent;
  onDone: () => void;
}) {
  const name = `${student.firstName} ${student.lastName}`;
  return (
    <div className="flex flex-col gap-4">
      <ShownOncePanel
        title={`${name} was added`}
        label="Invite code"
        value={student.code}
        onDone={onDone}
      >
        <p>
          Give {student.firstName} this code, or the letter below, by a channel you trust. It opens
          their onboarding until {formatFullDateTime(student.expiresAt) ?? student.expiresAt}. It
          will not be shown again.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            onClick={() => {
              window.print();
            }}
          >
            <Printer aria-hidden="true" />
            Print the invite letter
          </Button>
          <TextLink asChild>
            <Link to={consolePaths.student.getHref(student.studentId)}>
              Open {student.firstName}’s record
            </Link>
          </TextLink>
        </div>
      </ShownOncePanel>
      <InviteLetter student={student} origin={window.location.origin} />
    </div>
  );
}
