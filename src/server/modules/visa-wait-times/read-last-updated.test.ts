import { describe, expect, it } from 'vitest';
import { readLastUpdated } from './read-last-updated.js';

describe('readLastUpdated', () => {
  it.each([
    ['Last updated: 17-SEPTEMBER-2025', '2025-09-17'],
    ['Wait times ... Last updated: 13-FEBRUARY-2025 Some text', '2025-02-13'],
    ['Last Updated 1-Jan-2026', '2026-01-01'],
    ['Last updated: 17 Sep 2025', '2025-09-17'],
    ['Last updated on: September 17, 2025', '2025-09-17'],
    ['last updated: 9/17/2025', '2025-09-17'],
    ['Last updated: 2025-09-17', '2025-09-17'],
  ])('%s -> %s', (text, date) => {
    expect(readLastUpdated(text)).toBe(date);
  });

  it('is null when the line is missing or the date is not a date', () => {
    expect(readLastUpdated('Global Visa Wait Times')).toBeNull();
    expect(readLastUpdated('Last updated: 31-FEBRUARY-2025')).toBeNull();
    expect(readLastUpdated('Last updated: 17-BRUMAIRE-2025')).toBeNull();
    expect(readLastUpdated('Last updated: soon')).toBeNull();
  });

  it('takes the first line that holds a readable date', () => {
    expect(readLastUpdated('Last updated: soon. Last updated: 17-SEPTEMBER-2025')).toBe(
      '2025-09-17',
    );
  });
});
