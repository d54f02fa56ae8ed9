import { Timer } from 'lucide-react';
import { MOI_MAX_ANSWER_SECONDS } from '../../../../shared/moi.js';
import { Progress } from '../../../components/ui/progress.js';
import { cn } from '../../../lib/cn.js';
import {
  formatClock,
  readAnswerTimer,
  timerMilestone,
  type TimerTone,
} from '../utils/answer-timer.js';

/** The bar's colour as the time is used up (spec section 9: at 60% and at 80%). */
const TONE_CLASSES: Record<TimerTone, string> = {
  normal: '*:data-[slot=progress-indicator]:bg-primary',
  caution: '*:data-[slot=progress-indicator]:bg-amber-500',
  danger: '*:data-[slot=progress-indicator]:bg-red-600',
};

/**
 * The countdown of one answer: time left, with warning styling at 15 seconds left, and the time
 * used as a bar. A screen reader hears only its milestones (utils/answer-timer.ts).
 */
export function AnswerTimer({ elapsedMs, recording }: { elapsedMs: number; recording: boolean }) {
  const timer = readAnswerTimer(elapsedMs);
  return (
    <div data-tone={timer.tone} data-warning={timer.warning} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-muted-foreground">
          <Timer className="size-4" aria-hidden="true" />
          Time left
        </span>
        <span
          data-slot="answer-countdown"
          className={cn(
            'font-mono text-2xl font-bold tabular-nums',
            recording && timer.warning ? 'text-red-700' : 'text-foreground',
          )}
        >
          {formatClock(timer.remainingSeconds)}
        </span>
      </div>
      <Progress
        value={timer.percent}
        aria-label={`Time used of ${MOI_MAX_ANSWER_SECONDS} seconds`}
        aria-valuetext={`${formatClock(timer.remainingSeconds)} left`}
        size="lg"
        className={TONE_CLASSES[timer.tone]}
      />
      {recording && timer.warning ? (
        <p className="text-sm font-semibold text-red-700">
          Less than 15 seconds left: finish your answer.
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {recording ? timerMilestone(timer.remainingSeconds) : ''}
      </p>
    </div>
  );
}
