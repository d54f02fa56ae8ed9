import { eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { TStaffRole } from '../../../shared/staff.js';
import type { TStudentStage } from '../../../shared/student-stages.js';
import { messages, moiSessions, students } from '../../db/schema.js';

/** Whom a waiting item waits on: the student, the school, the agency, or any staff member. */
type WaitingSide = 'student' | 'school' | 'agency' | 'staff';

/** What the waiting items are read from, for each student the list or the record shows. */
export interface WaitingFacts {
  stage: TStudentStage;
  /** The student's messages no office has read yet. */
  unreadMessages: number;
  /** A submitted English interview the school has not reviewed. */
  interviewToReview: boolean;
  /** The student's newest invite ran out unused. */
  inviteExpired: boolean;
}

interface WaitingRule {
  side: WaitingSide;
  /** The item's words for a student it applies to; null where it does not apply. */
  words: (facts: WaitingFacts) => string | null;
  /** The same rule as a condition on `students`, for "needs my action". */
  applies: SQL;
}

/**
 * The student's own messages that no office has read. Written as literals, so that the partial
 * index messages_unread_by_office_idx serves it under a prepared statement's generic plan too.
 */
const unreadByOffice = sql`${messages.direction} = 'outbound' and ${messages.officeReadAt} is null`;

const interviewUnreviewed = sql`${moiSessions.status} = 'submitted' and ${moiSessions.reviewResult} is null`;

/** The student's newest invite ran out unused (students.invite_lapses_at, kept by the database). */
const lapsed = (inviteLapsesAt: SQLWrapper) =>
  sql<boolean>`coalesce(${inviteLapsesAt} <= now(), false)`;

/**
 * The facts of WaitingFacts beyond the stage, as columns of a query that has the student's id
 * and invite_lapses_at (students', or a page's columns): each reads the student's own rows
 * through an index, which suits the page of 50 a list shows.
 */
export function waitingFactColumns(studentId: SQLWrapper, inviteLapsesAt: SQLWrapper) {
  return {
    unreadMessages: sql<number>`(select count(*)::int from ${messages} where ${messages.studentId} = ${studentId} and ${unreadByOffice})`,
    interviewToReview: sql<boolean>`exists (select 1 from ${moiSessions} where ${moiSessions.studentId} = ${studentId} and ${interviewUnreviewed})`,
    inviteExpired: lapsed(inviteLapsesAt),
  };
}

/**
 * The same facts as conditions on `students` for "needs my action", which may pick from every
 * student in scope: each is a set of student ids the database gathers once per query and looks
 * each student up in, rather than a lookup per student.
 */
const WAITING_FACT_SETS = {
  unreadMessages: sql`${students.id} in (select ${messages.studentId} from ${messages} where ${unreadByOffice})`,
  interviewToReview: sql`${students.id} in (select ${moiSessions.studentId} from ${moiSessions} where ${interviewUnreviewed})`,
  inviteExpired: lapsed(students.inviteLapsesAt),
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * What waits on whom, one rule each: the words the list and the record show, and the condition
 * "needs my action" filters by, side by side so they cannot drift apart.
 */
export const WAITING_RULES: readonly WaitingRule[] = [
  {
    side: 'staff',
    words: (f) => (f.unreadMessages > 0 ? plural(f.unreadMessages, 'unread message') : null),
    applies: WAITING_FACT_SETS.unreadMessages,
  },
  {
    side: 'school',
    words: (f) => (f.stage === 'admitted' ? 'I-20 not issued' : null),
    applies: eq(students.stage, 'admitted'),
  },
  {
    side: 'school',
    words: (f) => (f.interviewToReview ? 'English interview to review' : null),
    applies: WAITING_FACT_SETS.interviewToReview,
  },
  {
    side: 'agency',
    words: (f) => (f.inviteExpired ? 'Invite expired' : null),
    applies: WAITING_FACT_SETS.inviteExpired,
  },
  {
    side: 'student',
    words: (f) => (f.stage === 'identity_declined' ? 'Identity check declined' : null),
    applies: eq(students.stage, 'identity_declined'),
  },
  {
    side: 'student',
    words: (f) => (f.stage === 'moi_interview' ? 'English interview not recorded' : null),
    applies: eq(students.stage, 'moi_interview'),
  },
  {
    side: 'student',
    words: (f) => (f.stage === 'i20_issued' ? 'SEVIS fee not paid' : null),
    applies: eq(students.stage, 'i20_issued'),
  },
];

/** The sides each role acts for: an administrator for every staff side. */
const SIDES_OF: Record<TStaffRole, readonly WaitingSide[]> = {
  admin: ['staff', 'school', 'agency'],
  agent: ['staff', 'agency'],
  school: ['staff', 'school'],
};

/** The rules whose items wait on the caller. */
export const rulesWaitingOn = (role: TStaffRole): WaitingRule[] =>
  WAITING_RULES.filter((rule) => SIDES_OF[role].includes(rule.side));

/** Every item waiting for a student, in the rules' order. */
export const waitingItems = (facts: WaitingFacts): string[] =>
  WAITING_RULES.flatMap((rule) => rule.words(facts) ?? []);

/** "Needs my action": students with an item waiting on the caller's side. */
export const needsActionOf = (role: TStaffRole): SQL | undefined =>
  or(...rulesWaitingOn(role).map((rule) => rule.applies));
