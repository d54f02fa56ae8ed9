import { Link } from 'react-router';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { consolePaths } from '../../console-paths.js';

/**
 * The messages between the student and the offices, newest first as the server sends them; each
 * of the student's opens in the inbox, to be answered there.
 */
export function MessagesSection({
  studentId,
  messages,
}: {
  studentId: string;
  messages: TStaffStudentRecord['messages'];
}) {
  if (messages.length === 0) return <p className="text-muted-foreground">No messages.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {messages.map((message) => {
        const fromStudent = message.direction === 'outbound';
        return (
          <li key={message.id}>
            <article
              aria-label={message.subject}
              className="flex flex-col gap-2 rounded-xl border border-border bg-card px-4 py-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{message.subject}</h3>
                {fromStudent && message.officeReadAt === null ? (
                  <StatusBadge tone="warning">Unread by the office</StatusBadge>
                ) : null}
              </div>
              <p className="text-muted-foreground">
                From {message.fromName} to {message.toName},{' '}
                <RelativeTime value={message.createdAt} afterAWeek="date" />
              </p>
              <p className="whitespace-pre-line wrap-anywhere">{message.content}</p>
              {fromStudent ? (
                <TextLink asChild className="self-start">
                  <Link to={consolePaths.conversation.getHref(studentId, message.id)}>
                    Open in the inbox to reply
                  </Link>
                </TextLink>
              ) : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
