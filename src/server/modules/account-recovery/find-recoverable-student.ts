import { and, eq, sql } from 'drizzle-orm';
import { normalisePassportNumber } from '../../../shared/onboarding.js';
import type { Database } from '../../db/client.js';
import { passkeyCredentials, students } from '../../db/schema.js';
import { type DataKeys, lookupHash, sameLookupHash } from '../../lib/crypto.js';

/**
 * Five consecutive misses on one passport number lock its recovery for fifteen minutes, as five
 * on one invite code lock the invite (onboarding's lookup).
 */
export const RECOVERY_MISS_LIMIT = 5;
export const RECOVERY_LOCK_MINUTES = 15;

export interface RecoveryLookup {
  passportNumber: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
}

/**
 * The student a recovery is for: the one student whose passport number and birth date these are,
 * who already has an account (a passkey: a student still onboarding uses their invite), is not
 * disabled, is no demo person outside demo mode and no demo visitor's copy, and whose recovery is
 * not locked. Every call does the same work whatever is wrong (one read, one constant-time
 * comparison, one counter update by passport hash), so neither the answer nor its timing tells
 * which value missed, nor whether the passport number is on file. Answers the student's id, or
 * null for every kind of miss.
 */
export async function findRecoverableStudent(
  db: Database,
  keys: DataKeys,
  input: RecoveryLookup,
  demoMode: boolean,
): Promise<string | null> {
  const passportHash = lookupHash(keys, normalisePassportNumber(input.passportNumber));
  const birthHash = lookupHash(keys, input.dateOfBirth);
  const onFile = and(
    eq(students.passportNumberHash, passportHash),
    sql`${students.demo} is distinct from 'visitor'`,
  );
  // Two rows say the number is not one student's: a miss, for the consultancy to sort out.
  const rows = await db
    .select({
      id: students.id,
      dateOfBirthHash: students.dateOfBirthHash,
      usable: sql<boolean>`(${students.disabledAt} is null
        and (${demoMode} or ${students.demo} is null)
        and (${students.recoveryLockedUntil} is null or ${students.recoveryLockedUntil} <= now())
        and exists (${db
          .select({ one: sql`1` })
          .from(passkeyCredentials)
          .where(eq(passkeyCredentials.studentId, students.id))}))`,
    })
    .from(students)
    .where(onFile)
    .limit(2);
  const [row] = rows;
  // Compare against the hash we hold, or against itself when the number is unknown, so the same
  // comparison runs either way.
  const birthMatches = sameLookupHash(row?.dateOfBirthHash ?? birthHash, birthHash);
  const matched = rows.length === 1 && row !== undefined && row.usable && birthMatches;

  const reachesLimit = sql`${students.recoveryMisses} + 1 >= ${RECOVERY_MISS_LIMIT}`;
  await db
    .update(students)
    .set({
      recoveryMisses: matched
        ? 0
        : sql`case when ${reachesLimit} then 0 else ${students.recoveryMisses} + 1 end`,
      recoveryLockedUntil: matched
        ? null
        : sql`case when ${reachesLimit} then now() + ${`${RECOVERY_LOCK_MINUTES} minutes`}::interval else ${students.recoveryLockedUntil} end`,
    })
    .where(
      and(
        onFile,
        sql`(${students.recoveryLockedUntil} is null or ${students.recoveryLockedUntil} <= now())`,
      ),
    );
  return matched ? row.id : null;
}
