import { describe, expect, it } from 'vitest';
import { assignCountries } from './assign-countries.js';
import { SNAPSHOT_PLACES } from './snapshot.js';

const row = (post: string, studentVisaWaitTime = '1 Month') => ({ post, studentVisaWaitTime });

describe('assignCountries', () => {
  it('places a post by the snapshot map', () => {
    expect(assignCountries([row('Abuja', '5 Months')], SNAPSHOT_PLACES, []).records).toEqual([
      { post: 'Abuja', country: 'Nigeria', countryCode: 'NG', studentVisaWaitTime: '5 Months' },
    ]);
  });

  it('knows a post by another spelling and keeps the spelling it is known by', () => {
    const { records } = assignCountries(
      [
        row('Curaçao'),
        row('N`Djamena'),
        row("N'Djamena"),
        row('Port-au-Prince'),
        row('OSAKA/KOBE'),
      ],
      SNAPSHOT_PLACES,
      [],
    );
    expect(records.map((r) => [r.post, r.country])).toEqual([
      ['Curacao', 'Curaçao'],
      ['N`Djamena', 'Chad'],
      ['Port Au Prince', 'Haiti'],
      ['Osaka/Kobe', 'Japan'],
    ]);
  });

  it('keeps the previous country of a post the map lacks, and skips a post nobody knows', () => {
    const previous = [{ post: 'Nuuk', country: 'Greenland', countryCode: 'GL' }];
    const result = assignCountries(
      [row('Nuuk'), row('Atlantis'), row('Abuja')],
      SNAPSHOT_PLACES,
      previous,
    );
    expect(result.records.map((r) => [r.post, r.country, r.countryCode])).toEqual([
      ['Nuuk', 'Greenland', 'GL'],
      ['Abuja', 'Nigeria', 'NG'],
    ]);
    expect(result.skipped).toEqual(['Atlantis']);
  });

  it('prefers the map to an earlier country', () => {
    const previous = [{ post: 'Abuja', country: 'Elsewhere', countryCode: null }];
    expect(assignCountries([row('Abuja')], SNAPSHOT_PLACES, previous).records[0]?.country).toBe(
      'Nigeria',
    );
  });
});
