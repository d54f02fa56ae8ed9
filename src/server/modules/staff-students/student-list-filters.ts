import { and, type SQL, type SQLWrapper, sql, type WithSubquery } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ZStaffStudentListQuerySchema } from '../../../shared/staff-students.js';
import type { QueryBindings } from '../../db/query-bindings.js';
import { students } from '../../db/schema.js';
import { type DataKeys, lookupHash } from '../../lib/crypto.js';
import { normalisePassportNumber } from '../../../shared/onboarding.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import {
  ofOrganisation,
  scopeOrganisation,
  studentsOfOrganisation,
} from '../staff-auth/students-in-scope.js';
import { MATCH_COLUMNS, MATCHES, searchMatches, searchWords } from './student-search.js';
import { needsActionOf } from './waiting-items.js';

/** The list's filters, parsed: what narrows the students in scope, the stage aside. */
export type StudentListFilters = Pick<
  z.output<typeof ZStaffStudentListQuerySchema>,
  'q' | 'passport' | 'schoolId' | 'agencyId' | 'needsMyAction' | 'ids'
>;

/** What the list reads its students from, and the columns its conditions and order read. */
export interface StudentSource {
  /** `students`, or a search's matches from the words index (student-search.ts). */
  from: typeof students | WithSubquery;
  /**
   * A search's matches are a CTE, which the statement that reads them declares (`with`): read
   * twice, by the page and by its counts, they are worked out once.
   */
  matches?: { cte: WithSubquery; query: SQL };
  columns: {
    id: SQLWrapper;
    stage: SQLWrapper;
    schoolId: SQLWrapper;
    agencyId: SQLWrapper;
    lastNameKey: SQL;
    firstNameKey: SQL;
  };
}

export const STUDENTS: StudentSource = {
  from: students,
  columns: {
    id: students.id,
    stage: students.stage,
    schoolId: students.schoolId,
    agencyId: students.agencyId,
    lastNameKey: sql<string>`lower(${students.lastName})`,
    firstNameKey: sql<string>`lower(${students.firstName})`,
  },
};

/**
 * Whether the students are narrowed by what only their own rows answer: a passport number,
 * "needs my action", or a selection of ids.
 */
const readsStudentRows = (filters: StudentListFilters): boolean =>
  Boolean(filters.passport) || filters.needsMyAction === 'true' || filters.ids !== undefined;

/**
 * Whether a request reads only what a search's matches hold (derived.student_words: the stage,
 * the school and agency, the name order): a search that nothing else narrows by the students'
 * own rows.
 */
export const readsMatchesAlone = (filters: StudentListFilters): boolean =>
  searchWords(filters.q).length > 0 && !readsStudentRows(filters);

/**
 * Whether the stage counts can be read from derived.student_stage_counts, which keeps them per
 * school and agency: true unless a search, or what only the students' own rows hold, narrows
 * the students.
 */
export const countsByOrganisation = (filters: StudentListFilters): boolean =>
  searchWords(filters.q).length === 0 && !readsStudentRows(filters);

/**
 * The students the caller may see that the filters pick, the stage aside (the stage bar counts
 * every stage under the other filters), on `source`, each value bound for a prepared statement.
 * From a search's matches (which hold no demo visitor) the search is the source itself; from
 * `students`, a search is the matches' ids. A passport number is matched through its keyed hash,
 * as the onboarding lookup does: the number itself is never stored, logged or compared.
 */
export function studentListCondition(
  caller: StaffCaller,
  keys: DataKeys,
  filters: StudentListFilters,
  bindings: QueryBindings,
  source: StudentSource,
): SQL | undefined {
  const scope = scopeOrganisation(caller);
  const bound = (name: string, value: number | undefined) =>
    value === undefined ? undefined : bindings.bind(name, value);
  const organisation = {
    schoolId: bound('scopeSchool', scope.schoolId),
    agencyId: bound('scopeAgency', scope.agencyId),
  };
  const filtered = ofOrganisation(
    { schoolId: bound('school', filters.schoolId), agencyId: bound('agency', filters.agencyId) },
    source.columns,
  );
  if (source !== STUDENTS) return and(...ofOrganisation(organisation, source.columns), ...filtered);

  const words = searchWords(filters.q);
  const passport = filters.passport ? normalisePassportNumber(filters.passport) : '';
  return and(
    studentsOfOrganisation(organisation),
    words.length === 0
      ? undefined
      : sql`${students.id} in (select ${MATCH_COLUMNS.id} from (${searchMatches(words, bindings)}) ${sql.identifier(MATCHES)})`,
    passport
      ? sql`${students.passportNumberHash} = ${bindings.bind('passport', lookupHash(keys, passport))}`
      : undefined,
    ...filtered,
    filters.needsMyAction === 'true' ? needsActionOf(caller.role) : undefined,
    // One array bound: one statement for any number of ids.
    filters.ids === undefined
      ? undefined
      : sql`${students.id} = any(${bindings.bind('ids', filters.ids)}::uuid[])`,
  );
}

/** A search's matches as a source, the words bound. */
export function matchesOf(filters: StudentListFilters, bindings: QueryBindings): StudentSource {
  const query = searchMatches(searchWords(filters.q), bindings);
  const cte = new QueryBuilder()
    .$with(MATCHES, { studentId: sql<string>`student_id`.as('student_id') })
    .as(query);
  return { from: cte, matches: { cte, query }, columns: MATCH_COLUMNS };
}
