import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { useStudentTimeline } from '../../api/get-student-record.js';

const BY_NAMES = { student: 'The student', 'command-line': 'The command line' } as const;

/** What the student did and what staff did, newest first. */
export function TimelineSection({ studentId }: { studentId: string }) {
  const timeline = useStudentTimeline(studentId);
  if (timeline.isPending) return <LoadingStatus>Loading the timeline…</LoadingStatus>;
  if (timeline.isError)
    return (
      <LoadFailedAlert
        title="The timeline could not be loaded."
        onRetry={() => void timeline.refetch()}
      />
    );
  if (timeline.data.items.length === 0)
    return <p className="text-muted-foreground">Nothing has happened yet.</p>;
  return (
    <ol className="flex flex-col border-l-2 border-border pl-4">
      {timeline.data.items.map((entry, index) => (
        <li key={`${entry.at}-${String(index)}`} className="relative pb-4 text-sm">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-primary"
          />
          <p className="font-semibold">{entry.title}</p>
          <p className="text-muted-foreground">
            {entry.by === 'staff' ? (entry.staffName ?? 'Staff') : BY_NAMES[entry.by]},{' '}
            <RelativeTime value={entry.at} afterAWeek="date" />
          </p>
        </li>
      ))}
    </ol>
  );
}
