import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { waitTimeBucket, waitTimeLabel } from '../../../shared/visa-wait-times.js';
import snapshot from '../../db/seed-data/visa-wait-times-fmj-2026-07-14.json' with { type: 'json' };
import { MINIMUM_POSTS, parseWaitTimesPage } from './parse-wait-times-page.js';
import { WaitTimesSourceError } from './refresh-errors.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}.html.txt`, import.meta.url), 'utf8');
const byPost = (name: string) =>
  new Map(parseWaitTimesPage(fixture(name)).rows.map((r) => [r.post, r.studentVisaWaitTime]));

describe('parseWaitTimesPage: the current months format, "(F,M,J)"', () => {
  const page = parseWaitTimesPage(fixture('current-months'));
  const waits = byPost('current-months');

  it('reads the Last updated line and every post', () => {
    expect(page.sourceUpdatedOn).toBe('2026-08-12');
    expect(page.rows).toHaveLength(241);
    expect(page.duplicates).toEqual([]);
    expect(waits.has('Zagreb')).toBe(false);
    expect(waits.get('Nuuk')).toBe('2 Months');
  });

  it('keeps each cell as published, with entities decoded, and an empty cell as N/A', () => {
    expect(waits.get('Abuja')).toBe('5 Months');
    expect(waits.get('Abidjan')).toBe('1 Month');
    expect(waits.get('Abu Dhabi')).toBe('6 Months');
    expect(waits.get('Ankara')).toBe('1.5 Months');
    expect(waits.get('Algiers')).toBe('3.5 Months');
    expect(waits.get('Antananarivo')).toBe('< 0.5 Month');
    expect(waits.get('Almaty')).toBe('< 0.5 Month'); // written as a bare "<"
    expect(waits.get('Beijing')).toBe('4.5 Months'); // inside a <span>
    expect(waits.get('Adana')).toBe('N/A'); // an empty cell
    expect(waits.get('Bamako')).toBe('NA');
    expect(waits.get('Curaçao')).toBe('< 0.5 Month');
    expect(waits.get('N`Djamena')).toBe('N/A');
    expect(waits.get('Port-au-Prince')).toBe('N/A');
  });

  it('agrees with the seed snapshot for every post the page did not change', () => {
    const renamed: Record<string, string> = {
      Curacao: 'Curaçao',
      'Port Au Prince': 'Port-au-Prince',
    };
    for (const p of snapshot.posts) {
      if (['Abuja', 'Abidjan', 'Zagreb'].includes(p.post)) continue;
      const published = waits.get(renamed[p.post] ?? p.post);
      const expected = p.studentVisaWaitTime === 'N/A' ? ['N/A', 'NA'] : [p.studentVisaWaitTime];
      expect({ post: p.post, published }).toEqual({
        post: p.post,
        published: expect.toBeOneOf(expected) as unknown,
      });
    }
  });

  it('gives every cell a bucket: figures or N/A, nothing unknown', () => {
    expect(new Set(page.rows.map((r) => waitTimeLabel(r.studentVisaWaitTime)))).not.toContain(
      'Unknown',
    );
  });
});

describe('parseWaitTimesPage: the older days format, "(F, M, J)"', () => {
  const page = parseWaitTimesPage(fixture('older-days'));
  const waits = byPost('older-days');

  it('reads the Last updated line and every post', () => {
    expect(page.sourceUpdatedOn).toBe('2025-02-13');
    expect(page.rows).toHaveLength(242);
    expect(waits.has('Moscow')).toBe(true);
  });

  it('reads the interview-required column, not the interview-waiver one', () => {
    // Every waiver cell in the fixture is 30 days or less.
    expect(waits.get('Lagos')).toBe('400 Days');
    expect(waits.get('Bogota')).toBe('180 Days');
  });

  it('keeps day counts and words as published', () => {
    expect(waits.get('Abuja')).toBe('45 Days');
    expect(waits.get('Abidjan')).toBe('Same Day');
    expect(waits.get('Accra')).toBe('1 Day');
    expect(waits.get('Adana')).toBe('Closed');
    expect(waits.get('Bamako')).toBe('Emergency Appointments Only');
    expect(waits.get('Bangui')).toBe('Non-Visa Processing Post');
    expect(waits.get('Havana')).toBe('N/A');
  });

  it('buckets the day counts like months', () => {
    expect(
      ['Abidjan', 'Accra', 'Abuja', 'Bogota', 'Lagos', 'Adana'].map((p) =>
        waitTimeBucket(waits.get(p) ?? ''),
      ),
    ).toEqual(['excellent', 'excellent', 'good', 'moderate', 'poor', 'na']);
  });
});

describe('parseWaitTimesPage: a harder table (entities, spans, omitted end tags)', () => {
  const page = parseWaitTimesPage(fixture('entities'));

  it('finds the student column under a two-row header and skips region rows and repeated headers', () => {
    expect(page.sourceUpdatedOn).toBe('2025-09-17');
    expect(page.rows.slice(0, 12)).toEqual([
      { post: 'Abidjan', studentVisaWaitTime: '< 0.5 Month' },
      { post: 'Abuja', studentVisaWaitTime: '2 Months' },
      { post: 'Accra', studentVisaWaitTime: '3 Months' },
      { post: 'Curaçao', studentVisaWaitTime: '< 0.5 Month' },
      { post: 'N`Djamena', studentVisaWaitTime: '< 0.5 Month' },
      { post: 'Abu Dhabi', studentVisaWaitTime: 'Emergency & Diplomatic Only' },
      { post: 'Addis Ababa', studentVisaWaitTime: '4 Months&foo;' },
      { post: 'Algiers', studentVisaWaitTime: 'N/A' },
      { post: 'Almaty', studentVisaWaitTime: 'Closed' },
      { post: 'Amman', studentVisaWaitTime: '45 Days' },
      { post: 'Amsterdam', studentVisaWaitTime: '1.5 Months' },
      { post: 'Ankara', studentVisaWaitTime: '1.5 Months' }, // a cell spanning two rows
    ]);
    expect(page.rows).toHaveLength(122);
    const posts = page.rows.map((r) => r.post);
    for (const notAPost of ['AFRICA', 'City/Post', 'Atlantis', 'THE AMERICAS AND THE REST']) {
      expect(posts).not.toContain(notAPost);
    }
  });

  it('keeps the first of a post listed twice and reports it', () => {
    expect(page.duplicates).toEqual(['Abidjan']);
  });
});

describe('parseWaitTimesPage: a page that is not the page we know', () => {
  it.each([
    ['no-table', 'no_table'],
    ['missing-column', 'no_student_column'],
    ['truncated', 'truncated'],
    ['few-posts', 'too_few_posts'],
  ])('%s fails with %s', (name, code) => {
    let thrown: unknown = null;
    try {
      parseWaitTimesPage(fixture(name));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WaitTimesSourceError);
    expect(thrown).toMatchObject({ code });
  });

  it(`wants at least ${MINIMUM_POSTS} posts`, () => {
    const row = (i: number) => `<tr><td>Post ${i}</td><td>1 Month</td></tr>`;
    const page = (n: number) =>
      `<table><tr><th>City/Post</th><th>(F,M,J)</th></tr>${Array.from({ length: n }, (_, i) => row(i)).join('')}</table>`;
    expect(parseWaitTimesPage(page(MINIMUM_POSTS)).rows).toHaveLength(MINIMUM_POSTS);
    expect(() => parseWaitTimesPage(page(MINIMUM_POSTS - 1))).toThrow(WaitTimesSourceError);
  });

  it('fails on an empty answer and on garbage', () => {
    expect(() => parseWaitTimesPage('')).toThrow(WaitTimesSourceError);
    expect(() => parseWaitTimesPage('\u0000\u00ff<<<>>>&&&')).toThrow(WaitTimesSourceError);
  });
});
