import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { TStaffNewInvite } from '../../../../shared/staff-student-changes.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { formatFullDateTime } from '../../../lib/relative-time.js';
import { failureMessage } from '../../api/console-request.js';
import { useIssueInvite } from '../../api/issue-invite.js';
import { ShownOncePanel } from '../shown-once-panel.js';

/**
 * A new invite for the student (administrators and agents): for a lost code, or to end their
 * access (a lost phone, a takeover) so they onboard again. The code is shown once.
 */
export function InviteCard({
  studentId,
  overview,
}: {
  studentId: string;
  overview: TStaffStudentRecord['overview'];
}) {
  const [confirming, setConfirming] = useState(false);
  const [invite, setInvite] = useState<TStaffNewInvite | null>(null);
  const issue = useIssueInvite(studentId);
  const name = `${overview.firstName} ${overview.lastName}`;
  return (
    <Card className="gap-4 p-6">
      <CardHeader>
        <CardTitle>Invite and access</CardTitle>
      </CardHeader>
      <p className="text-sm">
        A new invite stops the old code. If {overview.firstName} has signed in, every session and
        passkey of theirs ends too, and they onboard again with the new code.
      </p>
      {invite ? (
        <ShownOncePanel
          title={`New invite code for ${name}`}
          label="Invite code"
          value={invite.code}
          onDone={() => {
            setInvite(null);
          }}
        >
          <p>
            Give this code to {overview.firstName} by a channel you trust. With their passport
            number and date of birth, it opens their onboarding until{' '}
            {formatFullDateTime(invite.expiresAt) ?? invite.expiresAt}. It will not be shown again.
          </p>
        </ShownOncePanel>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="self-start"
        onClick={() => {
          issue.reset();
          setConfirming(true);
        }}
      >
        <KeyRound aria-hidden="true" />
        Issue a new invite
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={`Issue ${name} a new invite?`}
          description="The old code stops working, and any session or passkey of theirs ends at once."
          confirmLabel={issue.isPending ? 'Issuing…' : 'Issue the new invite'}
          pending={issue.isPending}
          holdWhilePending
          failure={
            issue.isError ? failureMessage(issue.error, 'The invite could not be issued.') : null
          }
          onConfirm={() => {
            issue.mutate(undefined, {
              onSuccess: (issued) => {
                setInvite(issued);
                setConfirming(false);
              },
            });
          }}
          onCancel={() => {
            setConfirming(false);
          }}
        />
      ) : null}
    </Card>
  );
}
