import { Ban, Link2 } from 'lucide-react';
import { useState } from 'react';
import { STAFF_ROLE_NAMES } from '../../../shared/staff.js';
import type { TEnrolmentLinkResponse, TStaffAccount } from '../../../shared/staff-team.js';
import { Button } from '../../components/ui/button.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { FailureAlert } from '../../components/ui/failure-alert.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { StatusBadge } from '../../components/ui/status-badge.js';
import { formatFullDateTime } from '../../lib/relative-time.js';
import { failureMessage } from '../api/console-request.js';
import { useDisableStaffAccount, useNewEnrolmentLink, useStaffTeam } from '../api/team.js';
import { ConsolePage } from '../components/console-page.js';
import { CreateStaffForm } from '../components/create-staff-form.js';
import { EnrolmentLinkPanel } from '../components/enrolment-link-panel.js';
import { useSignedInStaff } from '../components/use-signed-in-staff.js';

function AccountState({ account }: { account: TStaffAccount }) {
  if (account.disabled) return <StatusBadge tone="danger">Disabled</StatusBadge>;
  if (account.enrolled) return <StatusBadge tone="success">Active</StatusBadge>;
  if (account.enrolmentLinkExpiresAt)
    return (
      <StatusBadge tone="warning">
        Link open until {formatFullDateTime(account.enrolmentLinkExpiresAt)}
      </StatusBadge>
    );
  return <StatusBadge tone="neutral">Not enrolled</StatusBadge>;
}

/** `/staff/team` (administrators): every staff account, a new one, disabling, new links. */
export function TeamPage() {
  const me = useSignedInStaff();
  const team = useStaffTeam();
  const disable = useDisableStaffAccount();
  const newLink = useNewEnrolmentLink();
  const [link, setLink] = useState<TEnrolmentLinkResponse | null>(null);
  const [disabling, setDisabling] = useState<TStaffAccount | null>(null);

  const rowFailure = newLink.isError
    ? failureMessage(newLink.error, 'A new enrolment link could not be made.')
    : null;

  return (
    <ConsolePage title="Team" description="The staff who can sign in to the console.">
      {link ? (
        <EnrolmentLinkPanel
          link={link}
          onDone={() => {
            setLink(null);
          }}
        />
      ) : null}
      <CreateStaffForm onCreated={setLink} />
      <FailureAlert failure={rowFailure} />
      <section aria-labelledby="accounts-heading" className="flex flex-col gap-3">
        <h2 id="accounts-heading" className="text-lg font-semibold">
          Accounts
        </h2>
        {team.isPending ? (
          <LoadingStatus>Loading the team…</LoadingStatus>
        ) : team.isError ? (
          <LoadFailedAlert
            title="The team could not be loaded."
            onRetry={() => void team.refetch()}
          />
        ) : (
          <ul className="flex flex-col gap-2">
            {team.data.items.map((account) => (
              <li
                key={account.id}
                aria-label={account.name}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="font-semibold">{account.name}</p>
                  <p className="wrap-anywhere text-muted-foreground">{account.email}</p>
                  <p>
                    {STAFF_ROLE_NAMES[account.role]}
                    {account.organisationName ? `, ${account.organisationName}` : ''}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <AccountState account={account} />
                  {account.disabled || account.id === me.id ? null : (
                    <>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-busy={newLink.isPending && newLink.variables === account.id}
                        onClick={() => {
                          if (newLink.isPending) return;
                          newLink.mutate(account.id, { onSuccess: setLink });
                        }}
                      >
                        <Link2 aria-hidden="true" />
                        New enrolment link
                      </Button>
                      <Button
                        variant="ghost-destructive"
                        size="sm"
                        onClick={() => {
                          disable.reset();
                          setDisabling(account);
                        }}
                      >
                        <Ban aria-hidden="true" />
                        Disable
                      </Button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {disabling ? (
        <ConfirmDialog
          title={`Disable ${disabling.name}?`}
          description="They are signed out at once and their passkeys stop working."
          confirmLabel={disable.isPending ? 'Disabling…' : 'Disable'}
          pending={disable.isPending}
          holdWhilePending
          failure={
            disable.isError
              ? failureMessage(disable.error, 'The account could not be disabled.')
              : null
          }
          onConfirm={() => {
            disable.mutate(disabling.id, {
              onSuccess: () => {
                setDisabling(null);
              },
            });
          }}
          onCancel={() => {
            setDisabling(null);
          }}
        />
      ) : null}
    </ConsolePage>
  );
}
