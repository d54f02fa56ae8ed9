import { useEffect, useRef } from 'react';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { formatFullDateTime } from '../../../lib/relative-time.js';
import { failedStatus, failureMessage } from '../../api/console-request.js';
import { useMailboxMessage } from '../../api/mailbox.js';
import { DetailsList } from '../details-list.js';

/**
 * One message of the mailbox: who it went to, when, its plain text, and its HTML in a frame with
 * `sandbox=""`: no script, form, plugin or navigation of the message runs, and it has an origin
 * of its own, so it can reach neither the console nor its cookie.
 */
export function MailMessage({ id, focusOnOpen }: { id: string; focusOnOpen: boolean }) {
  const message = useMailboxMessage(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from the list, the keyboard follows to the message; on a page load it stays put.
  useEffect(() => {
    if (focusOnOpen && message.data) headingRef.current?.focus();
  }, [focusOnOpen, message.data]);

  if (message.isPending) return <LoadingStatus>Loading the message…</LoadingStatus>;
  if (message.isError) {
    return failedStatus(message.error) === 404 ? (
      <p role="status">{failureMessage(message.error, 'This message is not in the mailbox.')}</p>
    ) : (
      <LoadFailedAlert
        title="The message could not be loaded."
        onRetry={() => void message.refetch()}
      />
    );
  }
  const { subject, to, sentAt, text, html } = message.data;
  return (
    <article aria-labelledby="mail-message-heading" className="flex flex-col gap-4">
      <h3
        id="mail-message-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold wrap-anywhere outline-none"
      >
        {subject}
      </h3>
      <DetailsList
        items={[
          ['To', to],
          ['Sent', <time dateTime={sentAt}>{formatFullDateTime(sentAt) ?? sentAt}</time>],
        ]}
      />
      <h4 className="font-semibold">Plain text</h4>
      <pre className="rounded-xl border border-border bg-muted/40 p-3 font-sans text-sm whitespace-pre-wrap wrap-anywhere">
        {text}
      </pre>
      <h4 className="font-semibold">HTML</h4>
      <iframe
        sandbox=""
        srcDoc={html}
        title={`${subject}, as HTML`}
        className="h-[32rem] w-full rounded-xl border border-border bg-white"
      />
    </article>
  );
}
