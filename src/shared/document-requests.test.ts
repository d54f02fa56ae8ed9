import { describe, expect, it } from 'vitest';
import {
  calendarDayOf,
  daysUntilDue,
  DOCUMENT_REQUEST_MESSAGES,
  DOCUMENT_REQUEST_STATES,
  nextDocumentRequestState,
  stateAfterNewestReview,
  type TDocumentRequestEvent,
  type TDocumentRequestState,
  waitsOnStudent,
} from './document-requests.js';
import { ZDocumentReviewSchema, ZNewDocumentRequestSchema } from './staff-document-requests.js';

const upload: TDocumentRequestEvent = { kind: 'upload' };
const accept: TDocumentRequestEvent = { kind: 'review', decision: 'accept' };
const reject: TDocumentRequestEvent = { kind: 'review', decision: 'reject' };
const deleteFirst: TDocumentRequestEvent = { kind: 'delete', previous: null };
const deleteAfterRejected: TDocumentRequestEvent = { kind: 'delete', previous: 'rejected' };

/** Every state against every event: the state after it, or the message refusing it. */
const TRANSITIONS: [TDocumentRequestState, TDocumentRequestEvent, string][] = [
  ['requested', upload, 'under_review'],
  ['requested', accept, DOCUMENT_REQUEST_MESSAGES.nothingToReview],
  ['requested', reject, DOCUMENT_REQUEST_MESSAGES.nothingToReview],
  ['under_review', upload, DOCUMENT_REQUEST_MESSAGES.uploadUnderReview],
  ['under_review', accept, 'accepted'],
  ['under_review', reject, 'rejected'],
  ['under_review', deleteFirst, 'requested'],
  ['under_review', deleteAfterRejected, 'rejected'],
  ['accepted', upload, DOCUMENT_REQUEST_MESSAGES.uploadAccepted],
  ['accepted', accept, DOCUMENT_REQUEST_MESSAGES.nothingToReview],
  ['accepted', reject, DOCUMENT_REQUEST_MESSAGES.nothingToReview],
  ['accepted', deleteFirst, DOCUMENT_REQUEST_MESSAGES.deleteAccepted],
  ['rejected', upload, 'under_review'],
  ['rejected', accept, DOCUMENT_REQUEST_MESSAGES.nothingToReview],
  ['rejected', reject, DOCUMENT_REQUEST_MESSAGES.nothingToReview],
  ['rejected', deleteFirst, 'requested'],
  ['rejected', deleteAfterRejected, 'rejected'],
];

describe('the document request state machine', () => {
  it.each(TRANSITIONS)('%s, on %o: %s', (state, event, expected) => {
    const next = nextDocumentRequestState(state, event);
    const outcome = 'refused' in next ? next.refused : next.state;
    expect(outcome).toBe(expected);
  });

  it('covers every state', () => {
    const covered = new Set(TRANSITIONS.map(([state]) => state));
    expect([...covered].sort()).toEqual([...DOCUMENT_REQUEST_STATES].sort());
  });

  it('follows the newest file: none is requested, pending waits for review, a decision is final', () => {
    expect(stateAfterNewestReview(null)).toBe('requested');
    expect(stateAfterNewestReview('pending')).toBe('under_review');
    expect(stateAfterNewestReview('accepted')).toBe('accepted');
    expect(stateAfterNewestReview('rejected')).toBe('rejected');
  });

  it('waits on the student while nothing is uploaded or a file was sent back', () => {
    expect(DOCUMENT_REQUEST_STATES.filter(waitsOnStudent)).toEqual(['requested', 'rejected']);
  });
});

describe('the staff inputs', () => {
  it('needs a reason to send a file back, not to accept it', () => {
    expect(ZDocumentReviewSchema.safeParse({ decision: 'accept' }).success).toBe(true);
    const noReason = ZDocumentReviewSchema.safeParse({ decision: 'reject', reason: '  ' });
    expect(noReason.error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: DOCUMENT_REQUEST_MESSAGES.reasonRequired,
    });
    expect(ZDocumentReviewSchema.parse({ decision: 'reject', reason: ' Expired ' })).toEqual({
      decision: 'reject',
      reason: 'Expired',
    });
  });

  it('reads an empty note and a missing due date as none', () => {
    expect(ZNewDocumentRequestSchema.parse({ title: ' CV ', note: '' })).toEqual({
      title: 'CV',
      note: null,
      dueDate: null,
    });
    expect(
      ZNewDocumentRequestSchema.safeParse({ title: 'CV', dueDate: '31/12/2026' }).success,
    ).toBe(false);
  });
});

describe('due dates', () => {
  it('counts whole calendar days, across months and years, negative once passed', () => {
    expect(daysUntilDue('2026-07-04', '2026-07-01')).toBe(3);
    expect(daysUntilDue('2027-01-01', '2026-12-31')).toBe(1);
    expect(daysUntilDue('2026-03-01', '2026-02-28')).toBe(1);
    expect(daysUntilDue('2026-06-30', '2026-07-01')).toBe(-1);
  });

  it('reads no day that is not one', () => {
    expect(daysUntilDue('2026-02-30', '2026-02-01')).toBeNull();
    expect(daysUntilDue('tomorrow', '2026-02-01')).toBeNull();
  });

  it("takes today from the device's own calendar, not UTC's", () => {
    expect(calendarDayOf(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
