import { eq } from 'drizzle-orm';
import type { TSealedStudentField } from '../../../shared/staff-students.js';
import type { Database } from '../../db/client.js';
import { profiles } from '../../db/schema.js';
import { type DataKeys, decryptField } from '../../lib/crypto.js';
import { openEmergencyContact } from '../../lib/emergency-contact.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';
import { SEALED_COLUMNS } from './sealed-columns.js';

/** A sealed value in words: the emergency contact as "name, relation, phone". */
function openSealed(keys: DataKeys, field: TSealedStudentField, sealed: string): string {
  if (field !== 'emergencyContact') return decryptField(keys, sealed);
  const contact = openEmergencyContact(keys, sealed);
  return [contact.name, contact.relation, contact.phone].filter(Boolean).join(', ');
}

/**
 * One sealed field of a student's profile in the clear, for a staff member in scope (a 404
 * otherwise), and the audit log's row of it in the same transaction: no value is shown that the
 * log does not hold the showing of. The row names the field, never its value. Null where the
 * student has not given one.
 */
export async function revealStudentField(
  db: Database,
  keys: DataKeys,
  caller: StaffCaller,
  by: AuditActorRef,
  { studentId, field }: { studentId: string; field: TSealedStudentField },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const id = await requireStudentInScope(tx, caller, studentId);
    const [row] = await tx
      .select({ sealed: profiles[SEALED_COLUMNS[field]] })
      .from(profiles)
      .where(eq(profiles.studentId, id));
    await recordAuditEvent(tx, by, { action: 'profile.reveal', studentId: id, details: { field } });
    return row?.sealed ? openSealed(keys, field, row.sealed) : null;
  });
}
