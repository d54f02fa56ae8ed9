import { RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TFailedNotification } from '../../../../shared/staff-mail.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { failureMessage } from '../../api/console-request.js';
import { useFailedNotifications, useRetryNotification } from '../../api/failed-notifications.js';
import { consolePaths } from '../../console-paths.js';

const tries = (count: number) => (count === 1 ? 'Tried once' : `Tried ${count} times`);

function Recipient({ recipient }: { recipient: TFailedNotification['recipient'] }) {
  if (recipient.kind === 'staff') return <>{recipient.name} (staff)</>;
  return (
    <TextLink asChild>
      <Link to={consolePaths.student.getHref(recipient.id)}>{recipient.name}</Link>
    </TextLink>
  );
}

/**
 * The notifications every retry failed to deliver, with the mail server's last answer, each with
 * Retry: it goes back to the queue, leaves this list, and the page says so politely.
 */
export function NotDeliveredSection() {
  const failed = useFailedNotifications();
  const retry = useRetryNotification();
  const [said, setSaid] = useState('');
  // The retried item and its button leave the list: the keyboard goes to the heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const send = (item: TFailedNotification) => {
    if (retry.isPending) return;
    setSaid('');
    retry.mutate(item.id, {
      onSuccess: () => {
        setSaid(`“${item.subject}” to ${item.recipient.name} is queued to be sent again.`);
        headingRef.current?.focus();
      },
    });
  };

  return (
    <section aria-labelledby="not-delivered-heading" className="flex flex-col gap-3">
      <h2
        id="not-delivered-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        Not delivered
      </h2>
      <p role="status" className="text-sm font-semibold">
        {said}
      </p>
      <FailureAlert
        failure={
          retry.isError
            ? failureMessage(retry.error, 'The notification could not be retried.')
            : null
        }
      />
      {failed.isPending ? (
        <LoadingStatus>Loading the notifications not delivered…</LoadingStatus>
      ) : failed.isError ? (
        <LoadFailedAlert
          title="The notifications not delivered could not be loaded."
          onRetry={() => void failed.refetch()}
        />
      ) : failed.data.items.length === 0 ? (
        <p className="text-muted-foreground">Every notification was delivered.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {failed.data.items.map((item) => (
            <li
              key={item.id}
              aria-labelledby={`failed-${item.id}`}
              className="flex flex-col gap-1 rounded-xl border border-border bg-card px-4 py-3 text-sm"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 id={`failed-${item.id}`} className="font-semibold wrap-anywhere">
                    {item.subject}
                  </h3>
                  <p>
                    To <Recipient recipient={item.recipient} />
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-busy={retry.isPending && retry.variables === item.id}
                  onClick={() => {
                    send(item);
                  }}
                >
                  <RotateCcw aria-hidden="true" />
                  Retry
                </Button>
              </div>
              <p className="wrap-anywhere text-muted-foreground">
                {item.lastError ? `Last error: ${item.lastError}` : 'No error was kept.'}
              </p>
              <p className="text-muted-foreground">
                {tries(item.attempts)} · written <RelativeTime value={item.createdAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
