import { Link } from 'react-router';
import type { TStaffInboxItem } from '../../../shared/staff-inbox.js';
import { Button } from '../../components/ui/button.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { RelativeTime } from '../../components/ui/relative-time.js';
import { StatusBadge } from '../../components/ui/status-badge.js';
import { cn } from '../../lib/cn.js';
import { useStaffInbox } from '../api/staff-inbox.js';
import { ConsolePage } from '../components/console-page.js';
import { consolePaths } from '../console-paths.js';

const replies = (count: number) => (count === 1 ? '1 reply' : `${count} replies`);

function InboxItem({ item }: { item: TStaffInboxItem }) {
  const unread = item.officeReadAt === null;
  return (
    <li
      className={cn(
        'flex flex-col gap-1.5 rounded-xl border p-4 text-sm',
        unread ? 'border-primary/40 bg-primary-soft/40' : 'border-border bg-card',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h2 className="text-base font-semibold wrap-anywhere">
          <Link
            to={consolePaths.conversation.getHref(item.studentId, item.messageId)}
            className="rounded text-link underline-offset-4 hover:underline focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
          >
            {item.subject || '(No subject)'}
          </Link>
        </h2>
        <div className="flex shrink-0 items-center gap-2">
          {unread ? <StatusBadge tone="info">Unread</StatusBadge> : null}
          {item.replyCount > 0 ? (
            <StatusBadge tone="neutral">{replies(item.replyCount)}</StatusBadge>
          ) : null}
          <RelativeTime
            value={item.createdAt}
            afterAWeek="date"
            className="text-xs text-muted-foreground"
          />
        </div>
      </div>
      <p className="text-muted-foreground">
        From <span className="font-semibold text-foreground">{item.studentName}</span> to{' '}
        {item.office}
        {item.application
          ? `, about ${item.application.university} (${item.application.program})`
          : ''}
      </p>
      <p className="line-clamp-2 wrap-anywhere">{item.preview}</p>
    </li>
  );
}

/**
 * `/staff/inbox`: what the students in the caller's scope wrote to the offices, unread first,
 * each opening to its conversation and a reply.
 */
export function InboxPage() {
  const inbox = useStaffInbox();
  // A message read while the pages load moves behind the unread ones: it may come twice.
  const items = [
    ...new Map(
      (inbox.data?.pages.flatMap((page) => page.items) ?? []).map((item) => [item.messageId, item]),
    ).values(),
  ];
  const unreadCount = inbox.data?.pages[0]?.unreadCount ?? 0;

  return (
    <ConsolePage
      title="Inbox"
      description="Messages your students sent to the offices, unread first. Open one to reply."
    >
      {inbox.isPending ? (
        <LoadingStatus>Loading the inbox…</LoadingStatus>
      ) : inbox.isError && items.length === 0 ? (
        <LoadFailedAlert
          title="The inbox could not be loaded."
          onRetry={() => void inbox.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-border bg-card p-6 text-center text-muted-foreground">
          No messages from your students yet.
        </p>
      ) : (
        <>
          <p role="status" className="font-semibold">
            {unreadCount === 0 ? 'Everything is read.' : `${unreadCount} unread`}
          </p>
          <ul aria-label="Conversations" className="flex flex-col gap-3">
            {items.map((item) => (
              <InboxItem key={item.messageId} item={item} />
            ))}
          </ul>
          {inbox.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              aria-busy={inbox.isFetchingNextPage}
              onClick={() => {
                if (!inbox.isFetchingNextPage) void inbox.fetchNextPage();
              }}
            >
              {inbox.isFetchingNextPage ? 'Loading more…' : 'Load more'}
            </Button>
          ) : null}
        </>
      )}
    </ConsolePage>
  );
}
