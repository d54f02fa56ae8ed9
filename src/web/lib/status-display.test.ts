import { describe, expect, it } from 'vitest';
import { KNOWN_APPLICATION_STATUSES } from '../../shared/applications.js';
import { DOCUMENT_REQUEST_STATES } from '../../shared/document-requests.js';
import {
  MEANING_TONES,
  MOI_STATUS_DISPLAY,
  TASK_STATE_DISPLAY,
  VISA_APPOINTMENT_DISPLAY,
  admissionStatusDisplay,
  applicationStatusDisplay,
  applicationStatusLabel,
  documentRequestStateDisplay,
  i20StatusDisplay,
  sevisStatusDisplay,
  type StatusDisplay,
  type StatusMeaning,
} from './status-display.js';

/** Every status the student can see, named by where it shows. */
const EVERY_STATUS: [string, StatusDisplay][] = [
  ...KNOWN_APPLICATION_STATUSES.map(
    (status) =>
      [`application ${status}`, applicationStatusDisplay(status)] as [string, StatusDisplay],
  ),
  ['application waitlisted', applicationStatusDisplay('waitlisted')],
  ...DOCUMENT_REQUEST_STATES.map(
    (state) => [`document ${state}`, documentRequestStateDisplay(state)] as [string, StatusDisplay],
  ),
  ...Object.entries(MOI_STATUS_DISPLAY).map(
    ([status, display]) => [`MOI ${status}`, display] as [string, StatusDisplay],
  ),
  ['admission Admitted', admissionStatusDisplay('Admitted')],
  ['admission Processing', admissionStatusDisplay('Processing')],
  ['I-20 issued', i20StatusDisplay(true)],
  ['I-20 not issued', i20StatusDisplay(false)],
  ['SEVIS paid', sevisStatusDisplay(true, true)],
  ['SEVIS due', sevisStatusDisplay(false, true)],
  ['SEVIS before the I-20', sevisStatusDisplay(false, false)],
  ['visa appointment', VISA_APPOINTMENT_DISPLAY],
  ...Object.entries(TASK_STATE_DISPLAY).map(
    ([state, display]) => [`task ${state}`, display] as [string, StatusDisplay],
  ),
];

const meaningOf = (name: string) => EVERY_STATUS.find(([shownAs]) => shownAs === name)?.[1].meaning;

describe('one word and one colour per status meaning', () => {
  it.each(EVERY_STATUS)('%s: its colour is its meaning’s', (_name, display) => {
    expect(display.tone).toBe(MEANING_TONES[display.meaning]);
  });

  it('amber or red when the student must act, blue or grey while they wait, green when done', () => {
    const acting: StatusMeaning[] = ['act', 'refused'];
    expect(acting.map((meaning) => MEANING_TONES[meaning])).toEqual(['warning', 'danger']);
    expect([MEANING_TONES.waiting, MEANING_TONES['not-yet']]).toEqual(['info', 'neutral']);
    expect(MEANING_TONES.done).toBe('success');
  });

  it('gives one word one meaning wherever it shows', () => {
    const meanings = new Map<string, Set<StatusMeaning>>();
    for (const [, { word, meaning }] of EVERY_STATUS) {
      const key = word.toLowerCase();
      meanings.set(key, (meanings.get(key) ?? new Set()).add(meaning));
    }
    const ambiguous = [...meanings].filter(([, found]) => found.size > 1).map(([word]) => word);
    expect(ambiguous).toEqual([]);
  });

  it('says what each status asks of the student', () => {
    expect(meaningOf('application documents_required')).toBe('act');
    expect(meaningOf('document requested')).toBe('act');
    expect(meaningOf('document rejected')).toBe('act');
    expect(meaningOf('MOI Incomplete')).toBe('act');
    expect(meaningOf('SEVIS due')).toBe('act');
    expect(meaningOf('application under_review')).toBe('waiting');
    expect(meaningOf('document under_review')).toBe('waiting');
    expect(meaningOf('MOI Pending')).toBe('waiting');
    expect(meaningOf('I-20 not issued')).toBe('waiting');
    expect(meaningOf('admission Processing')).toBe('waiting');
    expect(meaningOf('SEVIS before the I-20')).toBe('not-yet');
    expect(meaningOf('application waitlisted')).toBe('not-yet');
    expect(meaningOf('application accepted')).toBe('done');
    expect(meaningOf('admission Admitted')).toBe('done');
    expect(meaningOf('application rejected')).toBe('refused');
    expect(meaningOf('task to-do')).toBe('act');
    expect(meaningOf('task waiting-on-school')).toBe('waiting');
    expect(meaningOf('task cannot-start')).toBe('not-yet');
    expect(meaningOf('task done')).toBe('done');
  });

  it('names each status in the words the student reads', () => {
    expect(applicationStatusDisplay('documents_required').word).toBe('Documents Required');
    expect(MOI_STATUS_DISPLAY.Pending.word).toBe('Pending Review');
    expect(sevisStatusDisplay(false, true).word).toBe('Payment Required');
    expect(sevisStatusDisplay(false, false).word).toBe('Waiting for I-20');
    expect(VISA_APPOINTMENT_DISPLAY.word).toBe('Schedule Required');
    // Only the first underscore goes (spec section 4); what follows it stays one word.
    expect(applicationStatusLabel('offer_on_hold')).toBe('Offer On_hold');
    expect(applicationStatusLabel('interview scheduled')).toBe('Interview Scheduled');
  });
});
