import { describe, expect, it } from 'vitest';
import { withHttps } from './applicant-data.js';

describe('withHttps', () => {
  it.each([
    ['school.edu/letter.pdf', 'https://school.edu/letter.pdf'],
    ['  school.edu/i20.pdf ', 'https://school.edu/i20.pdf'],
    ['//cdn.school.edu/x.pdf', 'https://cdn.school.edu/x.pdf'],
    ['school.edu:8443/x.pdf', 'https://school.edu:8443/x.pdf'],
    ['localhost:3000', 'https://localhost:3000'],
    ['school.edu:8443?file=x.pdf', 'https://school.edu:8443?file=x.pdf'],
    ['[::1]:8443/x.pdf', 'https://[::1]:8443/x.pdf'],
  ])('adds https to %s', (link, expected) => {
    expect(withHttps(link)).toBe(expected);
  });

  it.each([
    'https://school.edu/a.pdf',
    'http://school.edu/a.pdf',
    'HTTPS://SCHOOL.EDU/A.PDF',
    'https://school.edu:8443/x.pdf',
  ])('keeps the web link %s', (link) => {
    expect(withHttps(link)).toBe(link);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:admissions@school.edu',
    'ftp://school.edu/a.pdf',
    'http:school.edu/a.pdf',
    'user:secret@school.edu/a.pdf',
  ])('refuses %s, which is no web link', (link) => {
    expect(withHttps(link)).toBeNull();
  });

  it('answers only links that begin with http:// or https://, whatever is stored', () => {
    for (const link of ['\u0001javascript:alert(1)', 'java\tscript:alert(1)', 'javascript:0']) {
      expect(withHttps(link)).toMatch(/^https?:\/\//i);
    }
  });

  it('keeps a missing or empty link missing', () => {
    expect(withHttps(null)).toBeNull();
    expect(withHttps('   ')).toBeNull();
  });
});
