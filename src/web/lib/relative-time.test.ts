import { describe, expect, it } from 'vitest';
import { formatFullDateTime, formatRelativeTime } from './relative-time.js';

const now = new Date(2026, 6, 14, 15, 30); // 14 July 2026, 3:30 PM, this machine's time zone
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const before = (ms: number) => new Date(now.getTime() - ms);
const relative = (ms: number, afterAWeek?: 'weeks' | 'date') =>
  formatRelativeTime(before(ms), { now, ...(afterAWeek ? { afterAWeek } : {}) });

describe('formatRelativeTime (spec section 9)', () => {
  it("reads 'Just now' under an hour, and for a time a little ahead of this clock", () => {
    expect(relative(0)).toBe('Just now');
    expect(relative(59 * MINUTE + 59 * SECOND)).toBe('Just now');
    expect(relative(-5 * MINUTE)).toBe('Just now');
  });

  it('counts whole hours from one hour to just under a day', () => {
    expect(relative(HOUR)).toBe('1 hour ago');
    expect(relative(2 * HOUR - SECOND)).toBe('1 hour ago');
    expect(relative(5 * HOUR)).toBe('5 hours ago');
    expect(relative(DAY - SECOND)).toBe('23 hours ago');
  });

  it('counts whole days from one day to just under a week', () => {
    expect(relative(DAY)).toBe('1 day ago');
    expect(relative(2 * DAY)).toBe('2 days ago');
    expect(relative(7 * DAY - SECOND)).toBe('6 days ago');
  });

  it('counts whole weeks from a week on, however long ago', () => {
    expect(relative(7 * DAY)).toBe('1 week ago');
    expect(relative(14 * DAY - SECOND)).toBe('1 week ago');
    expect(relative(14 * DAY)).toBe('2 weeks ago');
    expect(relative(400 * DAY)).toBe('57 weeks ago');
  });

  it('shows a short date instead of weeks where the page asks for it (the messages page)', () => {
    expect(relative(7 * DAY - SECOND, 'date')).toBe('6 days ago');
    expect(relative(7 * DAY, 'date')).toBe('Jul 7, 2026');
    expect(relative(400 * DAY, 'date')).toBe('Jun 9, 2025');
    expect(relative(5 * HOUR, 'date')).toBe('5 hours ago');
  });

  it('reads the ISO timestamps the API sends', () => {
    expect(formatRelativeTime(before(3 * DAY).toISOString(), { now })).toBe('3 days ago');
  });

  it('answers null for something that is not a date', () => {
    expect(formatRelativeTime('not a date', { now })).toBeNull();
    expect(formatFullDateTime('')).toBeNull();
  });
});

describe('formatFullDateTime', () => {
  it('gives the whole date and time', () => {
    expect(formatFullDateTime(now)).toBe('Tuesday, July 14, 2026 at 3:30 PM');
  });
});
