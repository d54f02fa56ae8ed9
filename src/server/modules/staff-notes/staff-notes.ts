import { desc, eq } from 'drizzle-orm';
import type { TStaffNote } from '../../../shared/staff-students.js';
import type { Database } from '../../db/client.js';
import { staff, staffNotes } from '../../db/schema.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';

const noteColumns = {
  id: staffNotes.id,
  body: staffNotes.body,
  authorName: staff.name,
  createdAt: staffNotes.createdAt,
};

const toNote = (row: { id: number; body: string; authorName: string | null; createdAt: Date }) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The internal notes on a student in the caller's scope, newest first (404 outside it). */
export async function listStaffNotes(
  db: Database,
  caller: StaffCaller,
  studentId: string,
): Promise<TStaffNote[]> {
  const id = await requireStudentInScope(db, caller, studentId);
  const rows = await db
    .select(noteColumns)
    .from(staffNotes)
    .leftJoin(staff, eq(staff.id, staffNotes.staffId))
    .where(eq(staffNotes.studentId, id))
    .orderBy(desc(staffNotes.createdAt), desc(staffNotes.id));
  return rows.map(toNote);
}

/**
 * Adds an internal note on a student in the caller's scope, with its audit row in the same
 * transaction. The row names the note, not its text: staff may write anything in a note.
 */
export async function addStaffNote(
  db: Database,
  caller: StaffCaller,
  by: AuditActorRef,
  { studentId, body }: { studentId: string; body: string },
): Promise<TStaffNote> {
  return db.transaction(async (tx) => {
    const id = await requireStudentInScope(tx, caller, studentId);
    const [row] = await tx
      .insert(staffNotes)
      .values({ studentId: id, staffId: caller.id, body })
      .returning({ id: staffNotes.id, createdAt: staffNotes.createdAt });
    if (!row) throw new Error('the note was not stored');
    await recordAuditEvent(tx, by, {
      action: 'note.add',
      studentId: id,
      details: { noteId: row.id, length: body.length },
    });
    return toNote({ ...row, body, authorName: caller.name });
  });
}
