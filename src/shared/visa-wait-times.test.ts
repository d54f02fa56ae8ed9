import { describe, expect, it } from 'vitest';
import {
  compareWaitTimes,
  sortWaitTimes,
  WAIT_TIME_BUCKETS,
  WAIT_TIME_COLOURS,
  waitTimeBucket,
  waitTimeInMonths,
  waitTimeLabel,
  waitTimeQuality,
  ZVisaWaitTimesResponseSchema,
} from './visa-wait-times.js';

describe('waitTimeBucket: the months format the page uses since March 2025', () => {
  it.each([
    ['< 0.5 Month', 'excellent'],
    ['0.5 Month', 'excellent'],
    ['1 Month', 'excellent'],
    ['0 Months', 'excellent'],
    ['1.5 Months', 'good'],
    ['2 Months', 'good'],
    ['4 Months', 'good'],
    ['4.5 Months', 'good'],
    ['5 Months', 'moderate'],
    ['5.5 Months', 'moderate'],
    ['8.5 Months', 'moderate'],
    ['11.5 Months', 'moderate'],
    ['12 Months', 'poor'],
    ['12.5 Months', 'poor'],
    ['18 Months', 'poor'],
    ['> 12 Months', 'poor'],
  ])('%s is %s', (text, bucket) => {
    expect(waitTimeBucket(text)).toBe(bucket);
  });
});

describe('waitTimeBucket: the days format the page used before, converted at 30 days a month', () => {
  it.each([
    ['Same Day', 'excellent'],
    ['1 Day', 'excellent'],
    ['14 Days', 'excellent'],
    ['30 Days', 'excellent'],
    ['31 Days', 'good'],
    ['45 Days', 'good'],
    ['149 Days', 'good'],
    ['150 Days', 'moderate'],
    ['359 Days', 'moderate'],
    ['360 Days', 'poor'],
    ['45 Calendar Days', 'good'],
    ['2 Weeks', 'excellent'],
    ['1 Week', 'excellent'],
    ['4 Weeks', 'excellent'],
    ['5 Weeks', 'good'],
    ['22 Weeks', 'moderate'],
    ['52 Weeks', 'poor'],
  ])('%s is %s', (text, bucket) => {
    expect(waitTimeBucket(text)).toBe(bucket);
  });

  it('converts days and weeks to months', () => {
    expect(waitTimeInMonths('45 Days')).toBe(1.5);
    expect(waitTimeInMonths('3 Weeks')).toBeCloseTo(0.7);
    expect(waitTimeInMonths('Same Day')).toBe(0);
    expect(waitTimeInMonths('2.5 Months')).toBe(2.5);
  });
});

describe('waitTimeBucket: text that is not a figure', () => {
  it.each([
    'NA',
    'N/A',
    'n/a',
    '',
    '   ',
    'Closed',
    'Emergency Appointments Only',
    'Non-Visa Processing Post',
    'Months',
    '2 Years',
    'about 2 months',
  ])('%j is na', (text) => {
    expect(waitTimeBucket(text)).toBe('na');
    expect(waitTimeInMonths(text)).toBeNull();
  });

  it('ignores case and spacing, including non-breaking spaces', () => {
    expect(waitTimeBucket('  2\u00a0MONTHS ')).toBe('good');
    expect(waitTimeBucket('<0.5 month')).toBe('excellent');
    expect(waitTimeBucket('same  day')).toBe('excellent');
  });
});

describe('waitTimeLabel', () => {
  it.each([
    ['< 0.5 Month', '0-1 months'],
    ['1 Month', '0-1 months'],
    ['Same Day', '0-1 months'],
    ['1.5 Months', '2-4 months'],
    ['45 Days', '2-4 months'],
    ['5 Months', '5-11 months'],
    ['8.5 Months', '5-11 months'],
    ['12 Months', '12+ months'],
    ['400 Days', '12+ months'],
    ['N/A', 'N/A'],
    ['NA', 'N/A'],
    ['n/a', 'N/A'],
    ['', 'N/A'],
    ['Closed', 'Unknown'],
    ['Emergency Appointments Only', 'Unknown'],
    ['Non-Visa Processing Post', 'Unknown'],
  ])('%j is labelled %s', (text, label) => {
    expect(waitTimeLabel(text)).toBe(label);
  });
});

describe('colours', () => {
  it('are green, yellow, orange, red, and red for na', () => {
    expect(WAIT_TIME_BUCKETS.map((b) => WAIT_TIME_COLOURS[b])).toEqual([
      'green',
      'yellow',
      'orange',
      'red',
      'red',
    ]);
  });

  it('come with the bucket and label in one call', () => {
    expect(waitTimeQuality('2.5 Months')).toEqual({
      bucket: 'good',
      label: '2-4 months',
      colour: 'yellow',
    });
    expect(waitTimeQuality('Closed')).toEqual({ bucket: 'na', label: 'Unknown', colour: 'red' });
    expect(waitTimeQuality('N/A')).toEqual({ bucket: 'na', label: 'N/A', colour: 'red' });
  });
});

describe('sortWaitTimes', () => {
  const record = (post: string, studentVisaWaitTime: string) => ({
    post,
    country: 'X',
    studentVisaWaitTime,
  });

  it('orders excellent, good, moderate, poor, na, then by post name, and leaves the input alone', () => {
    const input = [
      record('Zagreb', 'N/A'),
      record('Abuja', '4.5 Months'),
      record('Lagos', '13 Months'),
      record('Accra', 'Closed'),
      record('Bogota', '6 Months'),
      record('Abidjan', '< 0.5 Month'),
      record('Abu Dhabi', '45 Days'),
      record('Zurich', 'Same Day'),
      record('Amman', '1 Month'),
    ];
    const before = [...input];
    expect(sortWaitTimes(input).map((r) => r.post)).toEqual([
      'Abidjan',
      'Amman',
      'Zurich',
      'Abu Dhabi',
      'Abuja',
      'Bogota',
      'Lagos',
      'Accra',
      'Zagreb',
    ]);
    expect(input).toEqual(before);
  });

  it('compares post names case-insensitively, and equal records as equal', () => {
    expect(compareWaitTimes(record('abuja', '1 Month'), record('Accra', '1 Month'))).toBeLessThan(
      0,
    );
    expect(compareWaitTimes(record('Accra', 'NA'), record('Accra', 'NA'))).toBe(0);
  });
});

describe('the response schema', () => {
  it('accepts the list and refuses a record without its wait text', () => {
    expect(
      ZVisaWaitTimesResponseSchema.safeParse([
        { post: 'Abuja', country: 'Nigeria', studentVisaWaitTime: '4.5 Months' },
      ]).success,
    ).toBe(true);
    expect(ZVisaWaitTimesResponseSchema.safeParse([{ post: 'Abuja' }]).success).toBe(false);
  });
});
