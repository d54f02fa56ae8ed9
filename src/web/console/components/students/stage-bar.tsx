import {
  STUDENT_STAGES,
  STUDENT_STAGE_NAMES,
  type TStudentStage,
} from '../../../../shared/student-stages.js';
import type { TStaffStudentListResponse } from '../../../../shared/staff-students.js';
import { cn } from '../../../lib/cn.js';

/**
 * The summary bar: students per stage under every filter but the stage. A stage's button filters
 * the list by it (pressed while it does), "All stages" lifts the filter.
 */
export function StageBar({
  counts,
  stage,
  onChange,
}: {
  counts: TStaffStudentListResponse['stageCounts'] | undefined;
  stage: TStudentStage | undefined;
  onChange: (stage: TStudentStage | undefined) => void;
}) {
  const countOf = (s: TStudentStage) => counts?.[s] ?? 0;
  const all = STUDENT_STAGES.reduce((sum, s) => sum + countOf(s), 0);
  const item = (label: string, count: number, value: TStudentStage | undefined) => {
    const pressed = stage === value;
    return (
      <li key={value ?? 'all'}>
        <button
          type="button"
          aria-pressed={pressed}
          aria-label={counts ? `${label}: ${String(count)}` : label}
          onClick={() => {
            onChange(pressed ? undefined : value);
          }}
          className={cn(
            'flex h-full min-h-11 w-full flex-col items-start rounded-lg border px-3 py-2 text-left text-sm',
            'focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
            pressed
              ? 'border-primary bg-primary-soft text-primary-soft-foreground'
              : 'border-border bg-card text-foreground hover:bg-muted',
          )}
        >
          <span className="text-lg leading-tight font-bold">{counts ? count : '–'}</span>
          <span className="leading-snug">{label}</span>
        </button>
      </li>
    );
  };
  return (
    <nav aria-label="Students per stage">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5 xl:grid-cols-10">
        {item('All stages', all, undefined)}
        {STUDENT_STAGES.map((s) => item(STUDENT_STAGE_NAMES[s], countOf(s), s))}
      </ul>
    </nav>
  );
}
