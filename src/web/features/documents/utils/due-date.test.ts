import { describe, expect, it } from 'vitest';
import { dueDateText, formatDueDay } from './due-date.js';

// Noon of the student's own day, so no time zone the tests run in moves it to another day.
const TODAY = new Date(2026, 6, 14, 12, 0);

describe('how a due date reads', () => {
  it('counts the days left from today', () => {
    expect(dueDateText('2026-07-17', TODAY)).toEqual({ text: 'Due in 3 days', overdue: false });
    expect(dueDateText('2026-07-16', TODAY)).toEqual({ text: 'Due in 2 days', overdue: false });
    expect(dueDateText('2026-08-13', TODAY)).toEqual({ text: 'Due in 30 days', overdue: false });
  });

  it('says tomorrow and today in words', () => {
    expect(dueDateText('2026-07-15', TODAY)).toEqual({ text: 'Due tomorrow', overdue: false });
    expect(dueDateText('2026-07-14', TODAY)).toEqual({ text: 'Due today', overdue: false });
  });

  it("is overdue from the day after, whatever today's time", () => {
    expect(dueDateText('2026-07-13', TODAY)).toEqual({ text: 'Overdue', overdue: true });
    expect(dueDateText('2025-12-31', TODAY)).toEqual({ text: 'Overdue', overdue: true });
    expect(dueDateText('2026-07-14', new Date(2026, 6, 14, 23, 59))?.text).toBe('Due today');
    expect(dueDateText('2026-07-14', new Date(2026, 6, 15, 0, 1))?.text).toBe('Overdue');
  });

  it('counts across a month, a year and a daylight-saving change by calendar days', () => {
    expect(dueDateText('2026-08-01', new Date(2026, 6, 31, 12))?.text).toBe('Due tomorrow');
    expect(dueDateText('2027-01-02', new Date(2026, 11, 31, 12))?.text).toBe('Due in 2 days');
    expect(dueDateText('2026-11-03', new Date(2026, 9, 30, 12))?.text).toBe('Due in 4 days');
  });

  it('reads nothing from what is not a day', () => {
    expect(dueDateText('', TODAY)).toBeNull();
    expect(dueDateText('July 17', TODAY)).toBeNull();
    expect(dueDateText('2026-02-30', TODAY)).toBeNull();
    expect(dueDateText('2026-07-17T00:00:00Z', TODAY)).toBeNull();
  });
});

describe('the due day in full', () => {
  it('names the day itself, in any time zone', () => {
    expect(formatDueDay('2026-07-17')).toBe('Friday, July 17, 2026');
    expect(formatDueDay('2026-13-01')).toBeNull();
  });
});
