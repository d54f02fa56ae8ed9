import { describe, expect, it } from 'vitest';
import { applicationProgress } from './application-status.js';

describe('the application status', () => {
  it('fills the bar: accepted 100, under_review 75, documents_required 50, any other 25', () => {
    expect(applicationProgress('accepted')).toBe(100);
    expect(applicationProgress('under_review')).toBe(75);
    expect(applicationProgress('documents_required')).toBe(50);
    expect(applicationProgress('rejected')).toBe(25);
    expect(applicationProgress('waitlisted')).toBe(25);
    expect(applicationProgress('')).toBe(25);
    expect(applicationProgress('toString')).toBe(25);
  });
});
