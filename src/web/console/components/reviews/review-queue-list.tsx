import type { RefObject } from 'react';
import type { TReviewQueueItem } from '../../../../shared/staff-document-requests.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { cn } from '../../../lib/cn.js';
import { formatDay } from '../document-requests/describe-due-date.js';

/**
 * The files waiting for review, oldest first. The current one is marked (aria-current) and shown
 * beside the list; each item's button makes it the current one, and the whole card is its target.
 */
export function ReviewQueueList({
  items,
  currentId,
  buttonRefs,
  onSelect,
}: {
  items: TReviewQueueItem[];
  currentId: number | undefined;
  /** The items' buttons by document id, for the page to move the keyboard to the current one. */
  buttonRefs: RefObject<Map<number, HTMLButtonElement>>;
  onSelect: (documentId: number) => void;
}) {
  return (
    <ol aria-label="Waiting for review" className="flex flex-col gap-2">
      {items.map((item) => {
        const current = item.documentId === currentId;
        return (
          <li
            key={item.documentId}
            className={cn(
              'relative flex flex-col gap-0.5 rounded-xl border p-3 text-sm',
              current
                ? 'border-primary bg-primary-soft/50 ring-1 ring-primary'
                : 'border-border bg-card',
            )}
          >
            <button
              ref={(element) => {
                if (element) buttonRefs.current.set(item.documentId, element);
                else buttonRefs.current.delete(item.documentId);
              }}
              type="button"
              aria-current={current ? 'true' : undefined}
              onClick={() => {
                onSelect(item.documentId);
              }}
              className="rounded text-left font-semibold after:absolute after:inset-0 after:rounded-xl focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
            >
              {item.title}: {item.studentName}
            </button>
            <span className="text-muted-foreground wrap-anywhere">
              {item.university} · {item.fileName}
            </span>
            <span className="text-muted-foreground">
              Uploaded <RelativeTime value={item.uploadedAt} afterAWeek="date" />
              {item.dueDate ? ` · Due ${formatDay(item.dueDate)}` : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
