import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { TAuditEvent, TAuditQuery } from '../../../shared/audit-log.js';
import type { Database } from '../../db/client.js';
import { auditEvents, staff, students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';

export type AuditFilters = Pick<TAuditQuery, 'staffId' | 'studentId' | 'action' | 'from' | 'to'>;

export const DATES_REVERSED =
  'The date range ends before it starts: "from" must not be after "to".';
export const BAD_CURSOR =
  'This page of the audit log is not valid. Start again from the first page.';

const DAY_MS = 24 * 60 * 60_000;
const CURSOR_PREFIX = 'audit:';

/** Midnight UTC of a YYYY-MM-DD day the query schema has checked. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The page after a row, given the row's id: an audit row is never changed or removed, so the row
 * a cursor names always holds the (created_at, id) the next page starts below. Base64url keeps
 * the cursor opaque: a caller passes it back, it does not build one.
 */
export const auditCursorAfter = (id: number) =>
  Buffer.from(`${CURSOR_PREFIX}${id}`).toString('base64url');

/** The id of the row a cursor names; a 400 for anything auditCursorAfter did not write. */
export function idOfAuditCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith(CURSOR_PREFIX) ? text.slice(CURSOR_PREFIX.length) : '';
  if (!/^[1-9]\d{0,14}$/.test(id)) throw new HttpError(400, BAD_CURSOR);
  return Number(id);
}

/** The filters as one condition; a 400 for a date range that ends before it starts. */
function matching(filters: AuditFilters): SQL | undefined {
  const { from, to } = filters;
  if (from !== undefined && to !== undefined && from > to) throw new HttpError(400, DATES_REVERSED);
  return and(
    filters.staffId === undefined ? undefined : eq(auditEvents.staffId, filters.staffId),
    filters.studentId === undefined ? undefined : eq(auditEvents.studentId, filters.studentId),
    filters.action === undefined ? undefined : eq(auditEvents.action, filters.action),
    from === undefined ? undefined : gte(auditEvents.createdAt, startOfDay(from)),
    // Inclusive: everything before the next day's midnight.
    to === undefined
      ? undefined
      : lt(auditEvents.createdAt, new Date(startOfDay(to).getTime() + DAY_MS)),
  );
}

/** How many rows the filters match; a 400 for bad filters, before any answer starts. */
export async function countAuditEvents(db: Database, filters: AuditFilters): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(matching(filters));
  return row?.count ?? 0;
}

export interface AuditPage {
  items: TAuditEvent[];
  /** More rows match after the last of these. */
  more: boolean;
}

/**
 * One page of the audit log, newest first, with the acting staff member's name and the
 * student's (none once the student is deleted: the row keeps the id, not a reference). The
 * audit log is read by administrators only, who see every student, so no scope narrows it.
 */
export async function listAuditEvents(
  db: Database,
  filters: AuditFilters,
  { afterId, limit }: { afterId?: number; limit: number },
): Promise<AuditPage> {
  const after =
    afterId === undefined
      ? undefined
      : sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select ${auditEvents.createdAt}, ${auditEvents.id} from ${auditEvents} where ${auditEvents.id} = ${afterId})`;
  const rows = await db
    .select({
      id: auditEvents.id,
      createdAt: auditEvents.createdAt,
      actor: auditEvents.actor,
      staffId: auditEvents.staffId,
      staffName: staff.name,
      action: auditEvents.action,
      studentId: auditEvents.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      address: auditEvents.address,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(staff, eq(staff.id, auditEvents.staffId))
    .leftJoin(students, eq(students.id, auditEvents.studentId))
    .where(and(matching(filters), after))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit + 1);
  return {
    items: rows.slice(0, limit).map(({ createdAt, firstName, lastName, ...row }) => ({
      ...row,
      at: createdAt.toISOString(),
      studentName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
    })),
    more: rows.length > limit,
  };
}
