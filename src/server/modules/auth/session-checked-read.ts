import { type SessionRow, type SessionStudent, toSessionStudent } from './find-session-student.js';

/** Whose data a one-query read is for: the token's student and session (its placeholders). */
export interface SessionRef {
  studentId: string;
  sessionId: string;
}

/**
 * What a read of a student's own data answers when it selects sessionColumns too: the session's
 * student, for readAsVerifiedStudent to judge, and the data, answered only if the session holds.
 */
export interface SessionCheckedRead<T> {
  session: SessionStudent;
  data: T;
}

/**
 * The student's row left-joined with rows of their own (applications, messages): the session from
 * the first row, and the rows the join found (`found` answers null for the row of a student who
 * has none). Null when the student is gone.
 */
export function sessionWithRows<R extends { session: SessionRow }, T>(
  rows: readonly R[],
  found: (row: R) => T | null,
): SessionCheckedRead<T[]> | null {
  const [first] = rows;
  if (!first) return null;
  const data: T[] = [];
  for (const row of rows) {
    const item = found(row);
    if (item !== null) data.push(item);
  }
  return { session: toSessionStudent(first.session), data };
}
