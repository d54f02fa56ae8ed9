import type { StatusTone } from '../components/ui/status-badge.js';
import { isAdmitted } from '../../shared/applicant-data.js';
import { KNOWN_APPLICATION_STATUSES } from '../../shared/applications.js';
import {
  DOCUMENT_REQUEST_STATE_NAMES,
  type TDocumentRequestState,
} from '../../shared/document-requests.js';

/**
 * Every status a student sees, on every page, in one word and one colour for what it means to
 * them: amber when they must act, blue while they wait on someone else, grey when nothing can
 * happen yet (or the school's word is one we do not know), green when it is done, red when it was
 * refused. A status shown anywhere in the portal takes its word and colour from here, so a tile,
 * a card and a list never disagree.
 */
export type StatusMeaning = 'act' | 'waiting' | 'not-yet' | 'done' | 'refused';

export const MEANING_TONES: Record<StatusMeaning, StatusTone> = {
  act: 'warning',
  waiting: 'info',
  'not-yet': 'neutral',
  done: 'success',
  refused: 'danger',
};

export interface StatusDisplay {
  word: string;
  meaning: StatusMeaning;
  tone: StatusTone;
}

const shown = (word: string, meaning: StatusMeaning): StatusDisplay => ({
  word,
  meaning,
  tone: MEANING_TONES[meaning],
});

type KnownApplicationStatus = (typeof KNOWN_APPLICATION_STATUSES)[number];

/** Spec section 4: the first underscore becomes a space, then every word is capitalised. */
export function applicationStatusLabel(status: string): string {
  return status.replace('_', ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
}

const APPLICATION_MEANINGS: Record<KnownApplicationStatus, StatusMeaning> = {
  accepted: 'done',
  under_review: 'waiting',
  documents_required: 'act',
  rejected: 'refused',
};

const isKnownApplicationStatus = (status: string): status is KnownApplicationStatus =>
  (KNOWN_APPLICATION_STATUSES as readonly string[]).includes(status);

/** An application's status; any status the school sends that we do not know is grey (spec 4). */
export function applicationStatusDisplay(status: string): StatusDisplay {
  const meaning = isKnownApplicationStatus(status) ? APPLICATION_MEANINGS[status] : 'not-yet';
  return shown(applicationStatusLabel(status), meaning);
}

const DOCUMENT_REQUEST_MEANINGS: Record<TDocumentRequestState, StatusMeaning> = {
  requested: 'act',
  under_review: 'waiting',
  accepted: 'done',
  rejected: 'act',
};

/** A document asked of the student, in the words both the student and staff read. */
export function documentRequestStateDisplay(state: TDocumentRequestState): StatusDisplay {
  return shown(DOCUMENT_REQUEST_STATE_NAMES[state], DOCUMENT_REQUEST_MEANINGS[state]);
}

/** The admission status is the school's own words: green once they say admitted, else waiting. */
export function admissionStatusDisplay(admissionStatus: string): StatusDisplay {
  return shown(admissionStatus, isAdmitted(admissionStatus) ? 'done' : 'waiting');
}

export type MoiStatus = 'Submitted' | 'Pending' | 'Incomplete';

/** Spec section 4: Pending reads 'Pending Review'. */
export const MOI_STATUS_DISPLAY: Record<MoiStatus, StatusDisplay> = {
  Submitted: shown('Submitted', 'done'),
  Pending: shown('Pending Review', 'waiting'),
  Incomplete: shown('Incomplete', 'act'),
};

/** The I-20 is the school's to issue: the student waits for it. */
export function i20StatusDisplay(issued: boolean): StatusDisplay {
  return issued ? shown('Issued', 'done') : shown('Not Issued', 'waiting');
}

/**
 * The fee is paid with the SEVIS ID printed on the I-20, so before the I-20 the student cannot
 * pay it yet; after it, payment is theirs to make (spec section 4, "payment required").
 */
export function sevisStatusDisplay(paid: boolean, i20Issued: boolean): StatusDisplay {
  if (paid) return shown('Paid', 'done');
  return i20Issued ? shown('Payment Required', 'act') : shown('Waiting for I-20', 'not-yet');
}

/**
 * Spec section 4: the badge always reads 'Schedule Required', so it keeps one colour: booking is
 * the student's to do, and the task list says when it cannot start yet.
 */
export const VISA_APPOINTMENT_DISPLAY: StatusDisplay = shown('Schedule Required', 'act');

/**
 * Where one of the dashboard's tasks stands, in plain words: done; the student's to do; waiting on
 * their school; or not possible yet (the task says why).
 */
export type TaskState = 'done' | 'to-do' | 'waiting-on-school' | 'cannot-start';

export const TASK_STATE_DISPLAY: Record<TaskState, StatusDisplay> = {
  done: shown('Done', 'done'),
  'to-do': shown('To do', 'act'),
  'waiting-on-school': shown('Waiting on your school', 'waiting'),
  'cannot-start': shown('Cannot start yet', 'not-yet'),
};
