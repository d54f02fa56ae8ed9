import { z } from 'zod';
import { AUDIT_ACTORS } from './staff.js';

/** The audit log as administrators read it (`/staff/audit`) and export it as CSV. */

export const ZAuditQuerySchema = z.object({
  staffId: z.uuid().optional(),
  studentId: z.uuid().optional(),
  action: z.string().max(100).optional(),
  /** YYYY-MM-DD, inclusive, in UTC. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
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
