import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZStaffStudentListQuerySchema } from '../../../shared/staff-students.js';
import { agents, students } from '../../db/schema.js';
import { type DataKeys, lookupHash, normalisePassportNumber } from '../../lib/crypto.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { studentsInScope } from '../staff-auth/students-in-scope.js';
import { needsActionOf } from './waiting-items.js';

/** The list's filters, parsed: what narrows the students in scope, the stage aside. */
export type StudentListFilters = Pick<
  z.output<typeof ZStaffStudentListQuerySchema>,
  'q' | 'passport' | 'schoolId' | 'agencyId' | 'needsMyAction'
>;

/** A search of more words than this is cut to them: each word is one more trigram match. */
const MAX_SEARCH_WORDS = 8;

/** A word as a LIKE pattern matches it literally: its %, _ and \ are escaped. */
const likeLiteral = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Name, e-mail or student id, case- and accent-insensitive: every word must appear in the
 * student's search text, the expression the trigram index students_search_idx is built on
 * (migration 0013), with each word put the same way (lower case, accents removed).
 */
function searchCondition(q: string | undefined): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  return and(
    ...words.map(
      (word) =>
        sql`student_search_text(${students.firstName}, ${students.lastName}, ${students.email}, ${students.id}) like '%' || student_search_words(${likeLiteral(word)}) || '%'`,
    ),
  );
}

/** The students of an agency: those whose agent works for it (the scope rule's own shape). */
const ofAgency = (agencyId: number) =>
  inArray(
    students.agentId,
    sql`(select ${agents.id} from ${agents} where ${agents.agencyId} = ${agencyId})`,
  );

/**
 * The students the caller may see that the filters pick, the stage aside (the stage bar counts
 * every stage under the other filters). A passport number is matched through its keyed hash,
 * as the onboarding lookup does: the number itself is never stored, logged or compared.
 */
export function studentListCondition(
  caller: StaffCaller,
  keys: DataKeys,
  filters: StudentListFilters,
): SQL | undefined {
  const passport = filters.passport ? normalisePassportNumber(filters.passport) : '';
  return and(
    studentsInScope(caller),
    searchCondition(filters.q),
    passport ? eq(students.passportNumberHash, lookupHash(keys, passport)) : undefined,
    filters.schoolId === undefined ? undefined : eq(students.schoolId, filters.schoolId),
    filters.agencyId === undefined ? undefined : ofAgency(filters.agencyId),
    filters.needsMyAction === 'true' ? needsActionOf(caller.role) : undefined,
  );
}

/**
 * Whether the stage counts can be read from derived.student_stage_counts, which keeps them per
 * school and agency: true unless a search, a passport number or "needs my action" narrows the
 * students by what only the students themselves hold.
 */
export const countsByOrganisation = (filters: StudentListFilters): boolean =>
  !searchCondition(filters.q) && !filters.passport && filters.needsMyAction !== 'true';
