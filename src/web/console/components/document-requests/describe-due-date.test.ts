import { describe, expect, it } from 'vitest';
import { describeDueDate } from './describe-due-date.js';

describe('describeDueDate', () => {
  it('counts the days left while the request waits on the student', () => {
    expect(describeDueDate('2026-07-04', 'requested', '2026-07-01')).toEqual({
      text: 'Due Jul 4, 2026, in 3 days',
      overdue: false,
    });
    expect(describeDueDate('2026-07-02', 'rejected', '2026-07-01').text).toBe(
      'Due Jul 2, 2026, in 1 day',
    );
    expect(describeDueDate('2026-07-01', 'requested', '2026-07-01').text).toBe(
      'Due today, Jul 1, 2026',
    );
  });

  it('says Overdue in words after the day, for a request still waiting on the student', () => {
    expect(describeDueDate('2026-06-30', 'requested', '2026-07-01')).toEqual({
      text: 'Overdue: was due Jun 30, 2026',
      overdue: true,
    });
    expect(describeDueDate('2026-06-30', 'rejected', '2026-07-01').overdue).toBe(true);
  });

  it('is never overdue once a file came in', () => {
    expect(describeDueDate('2026-06-30', 'under_review', '2026-07-01')).toEqual({
      text: 'Due Jun 30, 2026',
      overdue: false,
    });
    expect(describeDueDate('2026-06-30', 'accepted', '2026-07-01').overdue).toBe(false);
  });
});
