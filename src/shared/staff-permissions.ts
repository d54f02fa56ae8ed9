import type { TStaffRole } from './staff.js';

/**
 * What each staff role may do to the students in its scope: the one table every staff route that
 * acts consults (through its route's staffRoles) and the console reads to show only what the
 * caller may use. docs/operations.md holds the same table for people.
 */
export const STAFF_PERMISSIONS = {
  /** An application's status; the admission details (status, degree, major, semester, letter). */
  editAdmission: ['admin', 'school'],
  /** Issue the I-20: its PDF and date. */
  issueI20: ['admin', 'school'],
  /** Mark the SEVIS I-901 fee paid, with its date. */
  markSevisPaid: ['admin', 'agent', 'school'],
  /** Accept the recorded English interview, or ask for a retake with a reason. */
  reviewInterview: ['admin', 'school'],
  /** Add a student with their invite; reissue or revoke an invite; revoke access. */
  manageInvites: ['admin', 'agent'],
  /** Import students from a file (an agent's land in their agency). */
  importStudents: ['admin', 'agent'],
  /** Reply to a student's messages (a school officer as one of the school's offices). */
  replyToStudents: ['admin', 'agent', 'school'],
  /** Write, change or remove the saved replies every role inserts into a reply. */
  editSavedReplies: ['admin'],
  /** Internal notes, bulk changes and CSV exports of the students in scope. */
  workOnStudents: ['admin', 'agent', 'school'],
  /** Assign students to an agent (an agent: only to an agent of their own agency). */
  assignAgent: ['admin', 'agent'],
  /** Ask a student for documents on an application, and accept or send back what they upload. */
  reviewDocuments: ['admin', 'agent', 'school'],
  /** Keep a school's default checklist of documents (a school officer: their own school's). */
  editSchoolChecklist: ['admin', 'school'],
  /** Export or delete one student's data, on the student's request. */
  handleStudentData: ['admin'],
  /** Read the local mailbox, and see and send again the notifications that were not delivered. */
  manageNotifications: ['admin'],
} as const satisfies Record<string, readonly TStaffRole[]>;

export type TStaffPermission = keyof typeof STAFF_PERMISSIONS;

export const staffMay = (role: TStaffRole, permission: TStaffPermission): boolean =>
  (STAFF_PERMISSIONS[permission] as readonly TStaffRole[]).includes(role);
