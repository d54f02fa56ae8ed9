import { describe, expect, it } from 'vitest';
import { documentRequest } from '../../../test/data-generators.js';
import { acceptedDocumentsText } from './accepted-documents.js';
import { actionRequired } from './action-required.js';

describe('what waits on the student', () => {
  it('is what was asked for and what was sent back, overdue first, then by due date, then undated', () => {
    const requests = [
      documentRequest({ id: 1, title: 'Undated', dueDate: null }),
      documentRequest({ id: 2, title: 'Due later', dueDate: '2026-08-01' }),
      documentRequest({ id: 3, title: 'Waiting for review', state: 'under_review' }),
      documentRequest({ id: 4, title: 'Overdue', state: 'rejected', dueDate: '2026-07-01' }),
      documentRequest({ id: 5, title: 'Accepted', state: 'accepted', dueDate: '2026-06-01' }),
      documentRequest({ id: 6, title: 'Due soon', dueDate: '2026-07-20' }),
      documentRequest({ id: 7, title: 'Also due soon', dueDate: '2026-07-20' }),
    ];

    expect(actionRequired(requests).map((request) => request.title)).toEqual([
      'Overdue',
      'Due soon',
      'Also due soon',
      'Due later',
      'Undated',
    ]);
    // The list it was given is left as it was.
    expect(requests[0]?.title).toBe('Undated');
  });

  it('is nothing when every request is uploaded or accepted', () => {
    expect(
      actionRequired([
        documentRequest({ state: 'under_review' }),
        documentRequest({ state: 'accepted' }),
      ]),
    ).toEqual([]);
  });
});

describe('how far a checklist is along', () => {
  it('counts the accepted requests of all of them', () => {
    const accepted = documentRequest({ state: 'accepted' });
    const waiting = documentRequest({ state: 'under_review' });
    expect(acceptedDocumentsText([accepted, accepted, waiting, waiting, waiting])).toBe(
      '2 of 5 documents accepted',
    );
    expect(acceptedDocumentsText([waiting])).toBe('0 of 1 document accepted');
  });
});
