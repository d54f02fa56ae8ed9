import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { TStaffConversation } from '../../../shared/staff-inbox.js';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { RelativeTime } from '../../components/ui/relative-time.js';
import { StatusBadge } from '../../components/ui/status-badge.js';
import { TextLink } from '../../components/ui/text-link.js';
import { failedStatus, failureMessage } from '../api/console-request.js';
import {
  type ConversationRef,
  useConversation,
  useMarkConversationRead,
} from '../api/conversation.js';
import { ConsolePage } from '../components/console-page.js';
import { ReplyComposer } from '../components/inbox/reply-composer.js';
import { consolePaths } from '../console-paths.js';

function BackToInbox() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
      <Link to={consolePaths.inbox.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Back to the inbox
      </Link>
    </Button>
  );
}

/** The student's message and the offices' replies under it, as the student reads them. */
function Thread({ conversation }: { conversation: TStaffConversation }) {
  return (
    <div className="flex flex-col gap-3">
      <article
        aria-label={`${conversation.studentName}'s message`}
        className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 text-sm"
      >
        <p className="text-muted-foreground">
          From{' '}
          <TextLink asChild>
            <Link to={consolePaths.student.getHref(conversation.studentId)}>
              {conversation.studentName}
            </Link>
          </TextLink>{' '}
          to {conversation.office}
          {conversation.application
            ? `, about ${conversation.application.university} (${conversation.application.program})`
            : ''}
          , <RelativeTime value={conversation.createdAt} afterAWeek="date" />
        </p>
        <p className="whitespace-pre-line wrap-anywhere">{conversation.content}</p>
      </article>
      {conversation.replies.length > 0 ? (
        <ol
          aria-label="Replies"
          className="ml-3 flex flex-col gap-3 border-l-2 border-border pl-3 sm:ml-6 sm:pl-4"
        >
          {conversation.replies.map((reply) => (
            <li key={reply.id}>
              <article
                aria-label={`Reply from ${reply.from}`}
                className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 text-sm"
              >
                <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  <span>
                    From <span className="font-semibold text-foreground">{reply.from}</span>,{' '}
                    <RelativeTime value={reply.createdAt} afterAWeek="date" />
                  </span>
                  <StatusBadge tone={reply.readByStudent ? 'success' : 'neutral'}>
                    {reply.readByStudent ? 'Read by the student' : 'Not read yet'}
                  </StatusBadge>
                </div>
                <p className="whitespace-pre-line wrap-anywhere">{reply.content}</p>
              </article>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/**
 * Opening an unread message marks it read for every office, once: the list shows it read from
 * then on. A failure says so and leaves the message unread.
 */
function useMarkReadOnOpen(ref: ConversationRef, conversation: TStaffConversation | undefined) {
  const markRead = useMarkConversationRead(ref);
  const asked = useRef(false);
  const { mutate } = markRead;
  useEffect(() => {
    if (!conversation || conversation.officeReadAt !== null || asked.current) return;
    asked.current = true;
    mutate();
  }, [conversation, mutate]);
  return markRead;
}

/** `/staff/inbox/{studentId}/{messageId}`: one conversation and the reply to it. */
export function ConversationPage() {
  const params = useParams();
  const ref: ConversationRef = {
    studentId: params.studentId ?? '',
    messageId: Number(params.messageId),
  };
  const conversation = useConversation(ref);
  const markRead = useMarkReadOnOpen(ref, conversation.data);

  if (conversation.isPending)
    return (
      <ConsolePage title="Message">
        <LoadingStatus>Loading the message…</LoadingStatus>
      </ConsolePage>
    );
  if (conversation.isError)
    return (
      <ConsolePage title="Message">
        <BackToInbox />
        {failedStatus(conversation.error) === 404 || failedStatus(conversation.error) === 400 ? (
          <Alert variant="warning">
            <AlertTitle>This message is not in your inbox.</AlertTitle>
            <AlertDescription>
              {failureMessage(conversation.error, 'It may belong to a student you do not serve.')}
            </AlertDescription>
          </Alert>
        ) : (
          <LoadFailedAlert
            title="The message could not be loaded."
            onRetry={() => void conversation.refetch()}
          />
        )}
      </ConsolePage>
    );
  const data = conversation.data;
  return (
    <ConsolePage title={data.subject || '(No subject)'}>
      <BackToInbox />
      {markRead.isError ? (
        <Alert variant="warning" role="status">
          <AlertDescription>
            {failureMessage(markRead.error, 'The message could not be marked read.')}
          </AlertDescription>
        </Alert>
      ) : null}
      <Thread conversation={data} />
      <section aria-labelledby="reply-heading" className="flex flex-col gap-3">
        <h2 id="reply-heading" className="text-lg font-semibold">
          Reply
        </h2>
        <ReplyComposer {...ref} conversation={data} />
      </section>
    </ConsolePage>
  );
}
