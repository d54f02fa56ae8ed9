import {
  MOI_MAX_ANSWER_SECONDS,
  MOI_PROGRESS_CAUTION_PERCENT,
  MOI_PROGRESS_DANGER_PERCENT,
  MOI_WARNING_SECONDS_LEFT,
} from '../../../../shared/moi.js';

/** The colour of the time used (spec section 9: it changes at 60% and at 80%). */
export type TimerTone = 'normal' | 'caution' | 'danger';

export interface AnswerTimer {
  /** Whole seconds left, counting down from 90. */
  remainingSeconds: number;
  /** The share of the 90 seconds used, 0 to 100. */
  percent: number;
  tone: TimerTone;
  /** 15 seconds or less left: the countdown takes its warning styling. */
  warning: boolean;
  /** The limit is reached: recording stops by itself. */
  finished: boolean;
}

const LIMIT_MS = MOI_MAX_ANSWER_SECONDS * 1000;

export function readAnswerTimer(elapsedMs: number): AnswerTimer {
  const elapsed = Math.min(Math.max(elapsedMs, 0), LIMIT_MS);
  const remainingSeconds = Math.ceil((LIMIT_MS - elapsed) / 1000);
  const percent = (elapsed / LIMIT_MS) * 100;
  return {
    remainingSeconds,
    percent,
    tone:
      percent >= MOI_PROGRESS_DANGER_PERCENT
        ? 'danger'
        : percent >= MOI_PROGRESS_CAUTION_PERCENT
          ? 'caution'
          : 'normal',
    warning: remainingSeconds <= MOI_WARNING_SECONDS_LEFT,
    finished: elapsed >= LIMIT_MS,
  };
}

/** "1:30", "0:05". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * What a screen reader hears while recording: a sentence that changes only at a milestone (the
 * start, one minute left, 30 seconds, the warning), so the countdown is announced a few times,
 * not every second. The end is announced with the recorded answer.
 */
export function timerMilestone(remainingSeconds: number): string {
  if (remainingSeconds <= MOI_WARNING_SECONDS_LEFT) {
    return `${MOI_WARNING_SECONDS_LEFT} seconds left.`;
  }
  if (remainingSeconds <= 30) return '30 seconds left.';
  if (remainingSeconds <= 60) return '1 minute left.';
  return `Recording. You have ${MOI_MAX_ANSWER_SECONDS} seconds.`;
}
