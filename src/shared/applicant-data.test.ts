import { describe, expect, it } from 'vitest';
import { withHttps } from './applicant-data.js';

describe('withHttps', () => {
  it.each([
    ['school.edu/letter.pdf', 'https://school.edu/letter.pdf'],
    ['  school.edu/i20.pdf ', 'https://school.edu/i20.pdf'],
    ['//cdn.school.edu/x.pdf', 'https://cdn.school.edu/x.pdf'],
    ['https://school.edu/a.pdf', 'https://school.edu/a.pdf'],
    ['http://school.edu/a.pdf', 'http://school.edu/a.pdf'],
    ['HTTPS://SCHOOL.EDU/A.PDF', 'HTTPS://SCHOOL.EDU/A.PDF'],
  ])('%s -> %s', (link, expected) => {
    expect(withHttps(link)).toBe(expected);
  });

  it('keeps a missing or empty link missing', () => {
    expect(withHttps(null)).toBeNull();
    expect(withHttps('   ')).toBeNull();
  });
});
