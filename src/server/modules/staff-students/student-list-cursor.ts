import { z } from 'zod';
import type { TStaffStudentSort } from '../../../shared/staff-students.js';
import { HttpError } from '../../lib/http-error.js';

export const BAD_STUDENT_CURSOR =
  'This page of the student list is not valid. Start again from the first page.';

/**
 * Where a page of the list ends: the last row's sort key, as the database spelled it (its own
 * lower(), and microseconds, which a JavaScript date would lose), and the order it is a key
 * of. The next page starts after it, however students are added or changed meanwhile.
 */
const ZCursorSchema = z.discriminatedUnion('sort', [
  z.object({
    sort: z.literal('name'),
    lastName: z.string().max(500),
    firstName: z.string().max(500),
    id: z.uuid(),
  }),
  z.object({
    sort: z.literal('activity'),
    /**
     * Microseconds since 1970 (PostgreSQL's own precision, exact), or null for a student with no
     * activity yet, whom the list shows last.
     */
    activityMicros: z
      .string()
      .regex(/^-?\d{1,16}$/)
      .nullable(),
    id: z.uuid(),
  }),
]);
export type StudentListCursor = z.infer<typeof ZCursorSchema>;

/** Opaque to the caller, who passes it back as it was given. */
export const encodeStudentCursor = (cursor: StudentListCursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** The cursor a page gave, for a list in the same order; a 400 for anything else. */
export function decodeStudentCursor(text: string, sort: TStaffStudentSort): StudentListCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, BAD_STUDENT_CURSOR);
  }
  const cursor = ZCursorSchema.safeParse(parsed);
  if (!cursor.success || cursor.data.sort !== sort) throw new HttpError(400, BAD_STUDENT_CURSOR);
  return cursor.data;
}
