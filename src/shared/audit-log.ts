import { z } from 'zod';
import { AUDIT_ACTORS } from './staff.js';

/** The audit log as administrators read it (`/staff/audit`) and export it as CSV. */

/**
 * Every action the audit log records, named verb-noun once here: the server types each row's
 * action with it, and the console's filter and a student's timeline show its name.
 */
export const AUDIT_ACTIONS = [
  // The staff console.
  'profile.reveal',
  'staff.create',
  'staff.disable',
  'staff.enrolment-link',
  'staff.enrol',
  'staff.sign-in',
  'note.add',
  'students.export',
  'student.create',
  'saved-reply.create',
  'saved-reply.update',
  'saved-reply.delete',
  'student.data-export',
  'student.delete',
  'document-request.create',
  'document-request.delete',
  'document.review',
  'school-checklist.update',
  'notification.retry',
  'push-subscription.add',
  'push-subscription.remove',
  'notification.preferences',
  // A student, recovering their account on a new device.
  'account-recovery.start',
  'account-recovery.complete',
  // The command line (`npm run admin`).
  'student.update',
  'access.revoke',
  'message.reply',
  'messages.mark-read',
  'student.import',
  'applications.import',
  'schools.import',
  'agencies.import',
  'data-key.rotate',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the console calls each action. */
export const AUDIT_ACTION_NAMES: Record<TAuditAction, string> = {
  'profile.reveal': 'Personal data shown',
  'staff.create': 'Staff account created',
  'staff.disable': 'Staff account disabled',
  'staff.enrolment-link': 'Enrolment link issued',
  'staff.enrol': 'Passkey enrolled',
  'staff.sign-in': 'Signed in',
  'note.add': 'Internal note added',
  'students.export': 'Students exported as CSV',
  'saved-reply.create': 'Saved reply added',
  'saved-reply.update': 'Saved reply changed',
  'saved-reply.delete': 'Saved reply removed',
  'student.data-export': "Student's data exported",
  'student.delete': 'Student deleted with their data',
  'document-request.create': 'Document requested',
  'document-request.delete': 'Document request removed',
  'document.review': 'Document reviewed',
  'school-checklist.update': "School's document checklist changed",
  'notification.retry': 'Undelivered notification sent again',
  'push-subscription.add': 'Push notifications turned on for a browser',
  'push-subscription.remove': 'Push notifications turned off for a browser',
  'notification.preferences': 'Own notification preferences changed',
  'account-recovery.start': 'Account recovery started (passport and birth date matched)',
  'account-recovery.complete': 'Account recovered: new passkey, old passkeys revoked',
  'student.update': 'Student record updated',
  'access.revoke': 'Access revoked, new invite issued',
  'message.reply': 'Message posted to the student',
  'messages.mark-read': 'Messages marked read',
  'student.import': 'Student imported',
  'student.create': 'Student added',
  'applications.import': 'Applications imported',
  'schools.import': 'Schools imported',
  'agencies.import': 'Agencies imported',
  'data-key.rotate': 'Data key rotated',
};

/** An action's name for people; a row of an action this version does not know shows its id. */
export const auditActionName = (action: string): string =>
  (AUDIT_ACTION_NAMES as Record<string, string | undefined>)[action] ?? action;

const day = z.iso.date('must be a date like 2026-07-01').optional();

/** The filters of the list and of the CSV export (which ignores cursor and limit). */
export const ZAuditQuerySchema = z.object({
  staffId: z.uuid("must be a staff member's id").optional(),
  studentId: z.uuid("must be a student's id").optional(),
  action: z.enum(AUDIT_ACTIONS, 'is not an action the audit log records').optional(),
  /** YYYY-MM-DD, inclusive, in UTC; `from` is not after `to` (else a 400). */
  from: day,
  to: day,
  /** The previous page's nextCursor, as it was given. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAuditQuery = z.input<typeof ZAuditQuerySchema>;

export const ZAuditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.enum(AUDIT_ACTORS),
  staffId: z.string().nullable(),
  staffName: z.string().nullable(),
  action: z.string(),
  studentId: z.string().nullable(),
  /** The student's name while the student exists; null after deletion or for no student. */
  studentName: z.string().nullable(),
  address: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditEvent = z.infer<typeof ZAuditEventSchema>;

export const ZAuditListResponseSchema = z.object({
  items: z.array(ZAuditEventSchema),
  nextCursor: z.string().nullable(),
});
export type TAuditListResponse = z.infer<typeof ZAuditListResponseSchema>;
