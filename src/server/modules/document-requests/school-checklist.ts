import { asc, eq, sql } from 'drizzle-orm';
import type { TChecklistItem } from '../../../shared/staff-document-requests.js';
import type { Database } from '../../db/client.js';
import { applications, documentRequests, schoolChecklistItems, schools } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';

export const SCHOOL_NOT_FOUND = 'No school with this id.';

/** A school the caller keeps the checklist of: any for an administrator, their own for an officer. */
async function requireChecklistSchool(
  db: Database,
  caller: StaffCaller,
  schoolId: number,
): Promise<number> {
  const own = caller.role === 'admin' || caller.schoolId === schoolId;
  const [found] =
    own && Number.isSafeInteger(schoolId) && schoolId > 0 && schoolId <= 2_147_483_647
      ? await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId))
      : [];
  if (!found) throw new HttpError(404, SCHOOL_NOT_FOUND);
  return found.id;
}

async function checklistItems(db: Database, schoolId: number): Promise<TChecklistItem[]> {
  return db
    .select({
      title: schoolChecklistItems.title,
      note: schoolChecklistItems.note,
      dueInDays: schoolChecklistItems.dueInDays,
    })
    .from(schoolChecklistItems)
    .where(eq(schoolChecklistItems.schoolId, schoolId))
    .orderBy(asc(schoolChecklistItems.position));
}

export async function getSchoolChecklist(
  db: Database,
  caller: StaffCaller,
  schoolId: number,
): Promise<{ items: TChecklistItem[] }> {
  return { items: await checklistItems(db, await requireChecklistSchool(db, caller, schoolId)) };
}

/** Replaces the school's checklist, audited with the old and the new in the same transaction. */
export async function saveSchoolChecklist(
  db: Database,
  write: { caller: StaffCaller; by: AuditActorRef },
  schoolId: number,
  items: TChecklistItem[],
): Promise<{ items: TChecklistItem[] }> {
  return db.transaction(async (tx) => {
    const id = await requireChecklistSchool(tx, write.caller, schoolId);
    // The school's row is the lock that keeps two saves from interleaving their items.
    await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, id)).for('update');
    const before = await checklistItems(tx, id);
    await tx.delete(schoolChecklistItems).where(eq(schoolChecklistItems.schoolId, id));
    if (items.length > 0) {
      await tx
        .insert(schoolChecklistItems)
        .values(items.map((item, position) => ({ ...item, schoolId: id, position })));
    }
    await recordAuditEvent(tx, write.by, {
      action: 'school-checklist.update',
      details: {
        schoolId: id,
        before: before.map((i) => i.title),
        after: items.map((i) => i.title),
      },
    });
    return { items };
  });
}

/**
 * Adds each school's checklist to the new applications named: an application is to the school
 * whose name it carries (applications name their university as text), and each item becomes a
 * request due its days after today, in the transaction that adds the applications.
 */
export async function requestSchoolChecklists(
  tx: Database,
  applicationIds: readonly number[],
): Promise<void> {
  if (applicationIds.length === 0) return;
  // One statement with the ids as one JSON parameter: an import may add thousands at once.
  await tx.execute(sql`
    insert into ${documentRequests}
      (application_id, student_id, title, note, due_date)
    select a.id, a.student_id, c.title, c.note, current_date + c.due_in_days
    from ${applications} a
    join ${schools} s on lower(s.name) = lower(a.university)
    join ${schoolChecklistItems} c on c.school_id = s.id
    where a.id in (select value::int from json_array_elements_text(${JSON.stringify(applicationIds)}::json))
    order by a.id, c.position`);
}
