import { CircleAlert, Inbox } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import type { TMessage } from '../../../../shared/messages.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import type { AfterAWeek } from '../../../lib/relative-time.js';
import { useMessages } from '../../../hooks/use-messages.js';
import { markMessageReadFailureMessage, useMarkMessageRead } from '../api/mark-message-read.js';
import { threadMessages } from '../utils/message-threads.js';
import { replyTo, type ComposeStart } from '../utils/reply-draft.js';
import { MessageItem } from './message-item.js';

export const MESSAGES_LOAD_FAILED = 'Your messages could not be loaded.';
export const MARKED_AS_READ = 'Message marked as read.';

const everyMessage = () => true;

/**
 * The student's messages, or the ones `show` picks (one application's, say), as conversations:
 * the offices' replies under the message they answer, the latest conversation first. Loading,
 * failure with a retry, an empty state, and the list with 'Mark as Read', whose outcome is
 * announced, and Reply, which hands `onReply` where the reply starts.
 */
export function MessageFeed({
  label,
  afterAWeek,
  empty,
  show = everyMessage,
  onReply,
}: {
  label: string;
  afterAWeek: AfterAWeek;
  empty: ReactNode;
  show?: (message: TMessage) => boolean;
  onReply: (start: ComposeStart) => void;
}) {
  const messages = useMessages();
  const markRead = useMarkMessageRead();
  const [announcement, setAnnouncement] = useState('');
  const [markReadFailure, setMarkReadFailure] = useState<string | null>(null);
  const shown = useMemo(
    () => (messages.data ? threadMessages(messages.data.filter(show)) : undefined),
    [messages.data, show],
  );

  function replyToMessage(message: TMessage) {
    onReply(replyTo(message, messages.data ?? []));
  }

  function onMarkRead(message: TMessage) {
    setMarkReadFailure(null);
    setAnnouncement(MARKED_AS_READ);
    markRead.mutate(message.id, {
      onError: (error) => {
        setAnnouncement('');
        setMarkReadFailure(markMessageReadFailureMessage(error));
      },
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {markReadFailure ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{markReadFailure}</AlertDescription>
        </Alert>
      ) : null}
      {shown === undefined ? (
        messages.isError && !messages.isFetching ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{MESSAGES_LOAD_FAILED}</AlertTitle>
            <AlertDescription className="flex flex-col items-start gap-2">
              Please check your connection and try again.
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => void messages.refetch()}
              >
                Try Again
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <p role="status" className="inline-flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner size="sm" />
            Loading your messages…
          </p>
        )
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-sm text-muted-foreground">
          <Inbox className="size-8" aria-hidden="true" />
          {empty}
        </div>
      ) : (
        <ul aria-label={label} className="flex flex-col gap-3">
          {shown.map(({ message, replies }) => (
            <MessageItem
              key={message.id}
              message={message}
              replies={replies}
              afterAWeek={afterAWeek}
              onMarkRead={onMarkRead}
              onReply={replyToMessage}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
