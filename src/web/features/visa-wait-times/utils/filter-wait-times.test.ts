import { describe, expect, it } from 'vitest';
import { SOME_WAIT_TIMES, waitTime } from '../test/wait-times-fixtures.js';
import {
  filterWaitTimes,
  foldForSearch,
  listCountries,
  prepareWaitTimes,
} from './filter-wait-times.js';

describe('the wait-time list', () => {
  const rows = prepareWaitTimes(SOME_WAIT_TIMES);

  it('is sorted by the shared quality rule, then by post, with each badge worked out once', () => {
    expect(rows.map((r) => [r.post, r.quality.bucket])).toEqual([
      ['Funafuti', 'excellent'],
      ['Mumbai', 'excellent'],
      ['Toronto', 'excellent'],
      ['Abuja', 'good'],
      ['Accra', 'good'],
      ['Abu Dhabi', 'moderate'],
      ['Lagos', 'poor'],
      ['Adana', 'na'],
    ]);
    expect(rows.find((r) => r.post === 'Adana')?.quality).toEqual({
      bucket: 'na',
      label: 'N/A',
      colour: 'red',
    });
  });

  it('matches post or country, ignoring case and accents', () => {
    expect(filterWaitTimes(rows, 'LAGOS', '').map((r) => r.post)).toEqual(['Lagos']);
    expect(filterWaitTimes(rows, ' nigeria ', '').map((r) => r.post)).toEqual(['Abuja', 'Lagos']);
    expect(filterWaitTimes(rows, 'ab', '').map((r) => r.post)).toEqual(['Abuja', 'Abu Dhabi']);
    const ivory = prepareWaitTimes([waitTime('Abidjan', 'Côte d’Ivoire', '1 Month')]);
    expect(filterWaitTimes(ivory, 'cote', '')).toHaveLength(1);
    expect(foldForSearch('São Paulo')).toBe('sao paulo');
  });

  it('filters by country, with an empty country meaning all', () => {
    expect(filterWaitTimes(rows, '', 'Nigeria').map((r) => r.post)).toEqual(['Abuja', 'Lagos']);
    expect(filterWaitTimes(rows, 'abu', 'Nigeria').map((r) => r.post)).toEqual(['Abuja']);
    expect(filterWaitTimes(rows, '', '')).toBe(rows);
    expect(filterWaitTimes(rows, 'zzz', '')).toEqual([]);
  });

  it('lists each country once, sorted', () => {
    expect(listCountries(SOME_WAIT_TIMES)).toEqual([
      'Canada',
      'Ghana',
      'India',
      'Nigeria',
      'Turkey',
      'Tuvalu',
      'United Arab Emirates',
    ]);
  });

  it('gives every row its own key, even for a post listed twice', () => {
    const twice = prepareWaitTimes([
      waitTime('Lagos', 'Nigeria', '1 Month'),
      waitTime('Lagos', 'Nigeria', '1 Month'),
    ]);
    expect(new Set(twice.map((r) => r.key)).size).toBe(2);
  });
});
