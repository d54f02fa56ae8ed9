import { CalendarClock, CircleAlert } from 'lucide-react';
import { cn } from '../../../lib/cn.js';
import { dueDateText, formatDueDay } from '../utils/due-date.js';

/**
 * When a document request is due, counted from the student's today ('Due in 3 days'), the day
 * itself on hover; 'Overdue' in red and with a warning icon, so the word, not the colour, says it.
 */
export function DueDateLabel({ dueDate }: { dueDate: string }) {
  const due = dueDateText(dueDate);
  const day = formatDueDay(dueDate);
  if (!due || !day) return null;
  const Icon = due.overdue ? CircleAlert : CalendarClock;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 text-sm',
        due.overdue ? 'font-semibold text-red-700' : 'text-muted-foreground',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <time dateTime={dueDate} title={day}>
        {due.text}
      </time>
    </span>
  );
}
