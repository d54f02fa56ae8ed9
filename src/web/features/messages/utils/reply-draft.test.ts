import { describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, type TMessage } from '../../../../shared/messages.js';
import { replyOffice, replySubject, replyTo } from './reply-draft.js';

const message = (fields: Partial<TMessage>): TMessage => ({
  id: 1,
  from: 'Lakeshore State University Admissions',
  to: 'Priya Sharma',
  subject: 'Bank statement needed',
  content: 'Please upload it.',
  isRead: false,
  createdAt: '2026-07-01T10:00:00.000Z',
  direction: 'inbound',
  applicationId: 11,
  replyTo: null,
  ...fields,
});

describe('a reply', () => {
  it('goes to the office the student wrote to, when the message answers theirs', () => {
    const asked = message({ id: 5, direction: 'outbound', to: 'Financial Aid Office' });
    const answer = message({ id: 6, from: 'Lakeshore Admissions', replyTo: 5 });
    expect(replyOffice(answer, [answer, asked])).toBe('Financial Aid Office');
  });

  it.each([
    ['Pacific Crest College International Office', 'International Student Office'],
    ['Lakeshore Office of Financial Aid', 'Financial Aid Office'],
    ['University Registrar', "Registrar's Office"],
    ['Lakeshore State University Admissions', 'Admissions Office'],
    ['Someone else', 'Admissions Office'],
  ])('from %s goes to the %s', (from, office) => {
    expect(replyOffice(message({ from }), [])).toBe(office);
  });

  it('says "Re:" once, within the subject limit', () => {
    expect(replySubject('Visa')).toBe('Re: Visa');
    expect(replySubject('Re: Visa')).toBe('Re: Visa');
    expect(replySubject('x'.repeat(MESSAGE_LIMITS.subject))).toHaveLength(MESSAGE_LIMITS.subject);
  });

  it('keeps the application it is about, and has none for a general message', () => {
    expect(replyTo(message({}), [])).toEqual({
      to: 'Admissions Office',
      subject: 'Re: Bank statement needed',
      applicationId: 11,
    });
    expect(replyTo(message({ applicationId: null }), [])).not.toHaveProperty('applicationId');
  });
});
