import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatIsoDate } from './format-date.js';

describe('formatIsoDate', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('writes a calendar day out in full', () => {
    expect(formatIsoDate('2027-08-23')).toBe('August 23, 2027');
    expect(formatIsoDate('2028-02-29')).toBe('February 29, 2028');
  });

  it('gives the same day west of Greenwich, where local midnight is the day before in UTC', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(formatIsoDate('2027-01-01')).toBe('January 1, 2027');
  });
});
