import { Reply } from 'lucide-react';
import { useId, useRef } from 'react';
import type { TMessage } from '../../../../shared/messages.js';
import { isUnread } from '../../../hooks/use-messages.js';
import { Button } from '../../../components/ui/button.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import type { AfterAWeek } from '../../../lib/relative-time.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { cn } from '../../../lib/cn.js';
import { MessageBody } from './message-body.js';

/**
 * One message: who it is from (or, for one the student sent, to), its subject, when, and its
 * text. An unread message from the university carries 'New' and 'Mark as Read' (spec section 4);
 * every message from the university has Reply.
 * The offices' replies to it follow in a list of their own, one heading level down.
 */
export function MessageItem({
  message,
  afterAWeek,
  onMarkRead,
  onReply,
  replies = [],
  isReply = false,
}: {
  message: TMessage;
  afterAWeek: AfterAWeek;
  onMarkRead: (message: TMessage) => void;
  onReply: (message: TMessage) => void;
  replies?: TMessage[];
  isReply?: boolean;
}) {
  const titleId = useId();
  const articleRef = useRef<HTMLElement>(null);
  const sent = message.direction === 'outbound';
  const isNew = isUnread(message);
  const Heading = isReply ? 'h4' : 'h3';
  const subject = message.subject || '(No subject)';

  return (
    <li>
      <article
        ref={articleRef}
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cn(
          'flex flex-col gap-3 rounded-xl border p-4 outline-none focus-visible:ring-3 focus-visible:ring-ring',
          isNew ? 'border-primary/40 bg-primary-soft/40' : 'border-border bg-card',
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="text-sm wrap-anywhere text-muted-foreground">
              {sent ? 'To: ' : 'From: '}
              <span className="font-semibold text-foreground">
                {sent ? message.to : message.from}
              </span>
            </p>
            <Heading id={titleId} className="text-base leading-snug font-semibold wrap-anywhere">
              {subject}
            </Heading>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {isNew ? <StatusBadge tone="info">New</StatusBadge> : null}
            {sent ? <StatusBadge tone="neutral">Sent</StatusBadge> : null}
            <RelativeTime
              value={message.createdAt}
              afterAWeek={afterAWeek}
              className="text-xs text-muted-foreground"
            />
          </div>
        </div>
        <MessageBody content={message.content} />
        {sent ? null : (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                onReply(message);
              }}
            >
              <Reply aria-hidden="true" />
              Reply
            </Button>
            {isNew ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  onMarkRead(message);
                  // The button goes with the badge: keep the keyboard where the student was reading.
                  articleRef.current?.focus();
                }}
              >
                Mark as Read
              </Button>
            ) : null}
          </div>
        )}
      </article>
      {replies.length > 0 ? (
        <ul
          aria-label={`Replies to ${subject}`}
          className="mt-3 ml-3 flex flex-col gap-3 border-l-2 border-border pl-3 sm:ml-6 sm:pl-4"
        >
          {replies.map((reply) => (
            <MessageItem
              key={reply.id}
              message={reply}
              afterAWeek={afterAWeek}
              onMarkRead={onMarkRead}
              onReply={onReply}
              isReply
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
