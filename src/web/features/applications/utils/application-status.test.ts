import { describe, expect, it } from 'vitest';
import {
  applicationProgress,
  applicationStatusLabel,
  applicationStatusTone,
} from './application-status.js';

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

  it('replaces the first underscore with a space and capitalises the words', () => {
    expect(applicationStatusLabel('accepted')).toBe('Accepted');
    expect(applicationStatusLabel('under_review')).toBe('Under Review');
    expect(applicationStatusLabel('documents_required')).toBe('Documents Required');
    // Only the first underscore goes (spec section 4); what follows it stays one word.
    expect(applicationStatusLabel('offer_on_hold')).toBe('Offer On_hold');
    expect(applicationStatusLabel('interview scheduled')).toBe('Interview Scheduled');
  });

  it('colours the known statuses and leaves any other grey', () => {
    expect(applicationStatusTone('accepted')).toBe('success');
    expect(applicationStatusTone('under_review')).toBe('warning');
    expect(applicationStatusTone('documents_required')).toBe('info');
    expect(applicationStatusTone('rejected')).toBe('danger');
    expect(applicationStatusTone('waitlisted')).toBe('neutral');
    expect(applicationStatusTone('Accepted')).toBe('neutral');
  });
});
