import { ChevronRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../config/paths.js';
import { useUnreadMessageCount } from '../hooks/use-messages.js';

/**
 * "You have 2 unread messages", a link to them, for the dashboard: a message from the university
 * often asks for something, and the student should not have to open Messages to learn one came.
 * Nothing when none waits or the count is not known yet.
 */
export function UnreadMessagesNotice() {
  const count = useUnreadMessageCount();
  if (!count) return null;
  return (
    <Link
      to={paths.messages.getHref()}
      className="flex min-h-11 items-center gap-3 rounded-xl border border-primary/40 bg-primary-soft px-4 py-3 text-sm font-semibold text-primary-soft-foreground hover:bg-primary-soft/70 focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Mail className="size-5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        You have {count} unread {count === 1 ? 'message' : 'messages'}
      </span>
      <ChevronRight className="size-5 shrink-0" aria-hidden="true" />
    </Link>
  );
}
