import { z } from 'zod';

/**
 * Who serves the students in the staff console: the consultancy's administrators (every student,
 * staff accounts, the audit log), agents (the students of their own agency) and school officers
 * (the students enrolling with their own school).
 */
export const STAFF_ROLES = ['admin', 'agent', 'school'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

/** What the console calls each role, in its header and its team list. */
export const STAFF_ROLE_NAMES: Record<TStaffRole, string> = {
  admin: 'Administrator',
  agent: 'Agent',
  school: 'School officer',
};

/** The signed-in staff member, as the console greets them and decides what to show. */
export const ZStaffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The agency of an agent, the school of a school officer; null for an administrator. */
  organisationName: z.string().nullable(),
});
export type TStaffMember = z.infer<typeof ZStaffMemberSchema>;

/** What a staff sign-in answers; the session itself travels in an HttpOnly cookie. */
export const ZStaffSessionResponseSchema = z.object({ staff: ZStaffMemberSchema });
export type TStaffSessionResponse = z.infer<typeof ZStaffSessionResponseSchema>;

/** Demo mode only: which seeded demo staff member to sign in as. */
export const ZStaffDemoLoginRequestSchema = z.object({ role: z.enum(STAFF_ROLES) });
export type TStaffDemoLoginRequest = z.infer<typeof ZStaffDemoLoginRequestSchema>;

/**
 * Who did something the audit log records: a staff member through the console, someone with
 * the server's command line (`npm run admin`), or a student recovering their account.
 */
export const AUDIT_ACTORS = ['staff', 'command-line', 'student'] as const;
export type TAuditActor = (typeof AUDIT_ACTORS)[number];
