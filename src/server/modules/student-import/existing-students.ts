import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { students } from '../../db/schema.js';
import { type DataKeys, lookupHash } from '../../lib/crypto.js';
import { studentsOfOrganisation } from '../staff-auth/students-in-scope.js';

/** Students already in the portal that new ones would repeat, by e-mail or passport number. */
export interface ExistingStudents {
  /** Lower-cased e-mail to the student's id. */
  idByEmail: Map<string, string>;
  /** Normalised passport numbers some student already has. */
  passportNumbers: Set<string>;
}

/**
 * The students that share an e-mail (unique across every row) or a passport number with the ones
 * about to be added (a demo visitor's copy of a persona is nobody's student, so its passport
 * number repeats nobody's). Asks for exactly
 * those, so checking a file costs the file's size, not the portal's.
 */
export async function findExistingStudents(
  db: Database,
  keys: DataKeys,
  candidates: { emails: string[]; passportNumbers: string[] },
): Promise<ExistingStudents> {
  const hashOf = new Map(candidates.passportNumbers.map((p) => [lookupHash(keys, p), p]));
  const email = sql<string>`lower(${students.email})`;
  const [byEmail, byPassport] = await Promise.all([
    candidates.emails.length === 0
      ? []
      : db
          .select({ id: students.id, email })
          .from(students)
          .where(inArray(email, candidates.emails)),
    hashOf.size === 0
      ? []
      : db
          .select({ hash: students.passportNumberHash })
          .from(students)
          .where(
            and(
              studentsOfOrganisation({}),
              inArray(students.passportNumberHash, [...hashOf.keys()]),
            ),
          ),
  ]);
  return {
    idByEmail: new Map(byEmail.map((s) => [s.email, s.id])),
    passportNumbers: new Set(byPassport.map((s) => hashOf.get(s.hash) ?? '')),
  };
}
