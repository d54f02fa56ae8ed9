import { describe, expect, it } from 'vitest';
import { formatClock, readAnswerTimer, timerMilestone } from './answer-timer.js';

const seconds = (s: number) => s * 1000;

describe('the answer countdown (spec section 9)', () => {
  it('counts down from 1:30', () => {
    expect(readAnswerTimer(0)).toMatchObject({
      remainingSeconds: 90,
      percent: 0,
      tone: 'normal',
      warning: false,
      finished: false,
    });
    expect(formatClock(readAnswerTimer(seconds(25.2)).remainingSeconds)).toBe('1:05');
  });

  it('turns to warning styling with 15 seconds left, not before', () => {
    expect(readAnswerTimer(seconds(74.9)).warning).toBe(false);
    expect(readAnswerTimer(seconds(75))).toMatchObject({ remainingSeconds: 15, warning: true });
  });

  it('changes the progress colour at 60% and at 80% of the time used', () => {
    expect(readAnswerTimer(seconds(53.9)).tone).toBe('normal');
    expect(readAnswerTimer(seconds(54)).tone).toBe('caution');
    expect(readAnswerTimer(seconds(71.9)).tone).toBe('caution');
    expect(readAnswerTimer(seconds(72)).tone).toBe('danger');
  });

  it('is finished at 90 seconds, and never goes past it', () => {
    expect(readAnswerTimer(seconds(89.9)).finished).toBe(false);
    expect(readAnswerTimer(seconds(95))).toMatchObject({
      remainingSeconds: 0,
      percent: 100,
      finished: true,
    });
  });

  it('announces only its milestones', () => {
    const heard = new Set(
      Array.from({ length: 90 }, (_, i) =>
        timerMilestone(readAnswerTimer(seconds(i)).remainingSeconds),
      ),
    );
    expect([...heard]).toEqual([
      'Recording. You have 90 seconds.',
      '1 minute left.',
      '30 seconds left.',
      '15 seconds left.',
    ]);
  });

  it('formats minutes and seconds', () => {
    expect(formatClock(90)).toBe('1:30');
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(0)).toBe('0:00');
  });
});
