import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { STAFF_MAIL_LIST_LIMIT } from '../../../../shared/staff-mail.js';
import { Button } from '../../../components/ui/button.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { cn } from '../../../lib/cn.js';
import { useMailbox } from '../../api/mailbox.js';
import { MailMessage } from './mail-message.js';

/** The address's `?message=`: the open message, so it survives a reload and can be shared. */
const OPEN = 'message';

/**
 * The local mailbox (outside production without SMTP_URL): the messages, newest first, and the
 * one opened beside them. Where the server sends through SMTP, a sentence says so instead.
 */
export function MailboxSection() {
  const mailbox = useMailbox();
  const [params, setParams] = useSearchParams();
  const openId = params.get(OPEN);
  const [openedHere, setOpenedHere] = useState(false);

  return (
    <section aria-labelledby="mailbox-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mailbox-heading" className="text-lg font-semibold">
          Mailbox
        </h2>
        <Button
          variant="outline"
          size="sm"
          aria-busy={mailbox.isFetching}
          onClick={() => {
            if (!mailbox.isFetching) void mailbox.refetch();
          }}
        >
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {mailbox.isPending ? (
        <LoadingStatus>Loading the mailbox…</LoadingStatus>
      ) : mailbox.isError ? (
        <LoadFailedAlert
          title="The mailbox could not be loaded."
          onRetry={() => void mailbox.refetch()}
        />
      ) : !mailbox.data.mailbox ? (
        <p className="text-muted-foreground">
          This server keeps no mailbox: its e-mail goes to the SMTP server in SMTP_URL (or nowhere,
          with EMAIL_OFF).
        </p>
      ) : mailbox.data.messages.length === 0 ? (
        <p className="text-muted-foreground">No mail yet. Messages show here as they are sent.</p>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          <div className="flex flex-col gap-2">
            {mailbox.data.messages.length >= STAFF_MAIL_LIST_LIMIT ? (
              <p className="text-sm text-muted-foreground">
                The newest {STAFF_MAIL_LIST_LIMIT} messages.
              </p>
            ) : null}
            <ol aria-label="Messages, newest first" className="flex flex-col gap-2">
              {mailbox.data.messages.map((message) => {
                const open = message.id === openId;
                return (
                  <li
                    key={message.id}
                    className={cn(
                      'relative flex flex-col gap-0.5 rounded-xl border p-3 text-sm',
                      open
                        ? 'border-primary bg-primary-soft/50 ring-1 ring-primary'
                        : 'border-border bg-card',
                    )}
                  >
                    <button
                      type="button"
                      aria-current={open ? 'true' : undefined}
                      onClick={() => {
                        setOpenedHere(true);
                        setParams({ [OPEN]: message.id });
                      }}
                      className="rounded text-left font-semibold wrap-anywhere after:absolute after:inset-0 after:rounded-xl focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      {message.subject}
                    </button>
                    <span className="text-muted-foreground wrap-anywhere">To {message.to}</span>
                    <RelativeTime value={message.sentAt} className="text-muted-foreground" />
                  </li>
                );
              })}
            </ol>
          </div>
          {openId ? (
            <MailMessage key={openId} id={openId} focusOnOpen={openedHere} />
          ) : (
            <p className="text-muted-foreground">Choose a message to read it.</p>
          )}
        </div>
      )}
    </section>
  );
}
