import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invites, passkeyCredentials, students } from '../../db/schema.js';
import {
  type DataKeys,
  lookupHash,
  normaliseInviteCode,
  sameLookupHash,
} from '../../lib/crypto.js';
import { normalisePassportNumber } from '../../../shared/onboarding.js';

/** Five consecutive misses on one invite code lock it for fifteen minutes (issue #3). */
export const INVITE_MISS_LIMIT = 5;
export const INVITE_LOCK_MINUTES = 15;

export interface LookupInput {
  inviteCode: string;
  passportNumber: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
}

export interface LookupMatch {
  id: string;
  /** The invite that matched: the onboarding that follows is bound to it. */
  inviteId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  faceVerified: boolean;
}

/**
 * A match; 'has_account' when all three values are those of a student whose invite was used and
 * who holds a passkey (they sign in, or recover the account on a new phone); null for any other
 * miss.
 */
export type LookupOutcome = LookupMatch | 'has_account' | null;

/**
 * Finds the student an invite belongs to when the passport number and birth date match too.
 * Every call does the same work whatever is wrong (one read, two constant-time comparisons, one
 * counter update by code hash), so neither the answer nor its timing tells which value missed.
 * Only someone who holds all three values learns that the invite was used by an account, which
 * tells them nothing they could not learn by signing in. Outside demo mode a demo person's invite
 * (the published DEMO-2026 among them) is a miss like any other.
 */
export async function lookupStudent(
  db: Database,
  keys: DataKeys,
  input: LookupInput,
  demoMode: boolean,
): Promise<LookupOutcome> {
  const codeHash = lookupHash(keys, normaliseInviteCode(input.inviteCode));
  const passportHash = lookupHash(keys, normalisePassportNumber(input.passportNumber));
  const birthHash = lookupHash(keys, input.dateOfBirth);

  const [row] = await db
    .select({
      id: students.id,
      inviteId: invites.id,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      faceVerified: students.faceVerified,
      passportNumberHash: students.passportNumberHash,
      dateOfBirthHash: students.dateOfBirthHash,
      usable: sql<boolean>`(${invites.revokedAt} is null and ${invites.usedAt} is null
        and ${invites.expiresAt} > now() and ${students.disabledAt} is null
        and (${demoMode} or ${students.demo} is null)
        and (${invites.lockedUntil} is null or ${invites.lockedUntil} <= now()))`,
      // An account's invite stays "used" however long ago: its expiry does not matter here.
      hasAccount: sql<boolean>`(${invites.revokedAt} is null and ${invites.usedAt} is not null
        and ${students.disabledAt} is null
        and (${demoMode} or ${students.demo} is null)
        and (${invites.lockedUntil} is null or ${invites.lockedUntil} <= now())
        and exists (select 1 from ${passkeyCredentials}
          where ${passkeyCredentials.studentId} = ${students.id}))`,
    })
    .from(invites)
    .innerJoin(students, eq(students.id, invites.studentId))
    .where(eq(invites.codeHash, codeHash))
    .limit(1);

  // Compare against the hashes we hold, or against ourselves when the code is unknown, so the
  // same comparisons run either way.
  const passportMatches = sameLookupHash(row?.passportNumberHash ?? passportHash, passportHash);
  const birthMatches = sameLookupHash(row?.dateOfBirthHash ?? birthHash, birthHash);
  const detailsMatch = row !== undefined && passportMatches && birthMatches;
  const matched = detailsMatch && row.usable;
  const hasAccount = detailsMatch && row.hasAccount;

  const reachesLimit = sql`${invites.consecutiveMisses} + 1 >= ${INVITE_MISS_LIMIT}`;
  await db
    .update(invites)
    .set({
      consecutiveMisses:
        matched || hasAccount
          ? 0
          : sql`case when ${reachesLimit} then 0 else ${invites.consecutiveMisses} + 1 end`,
      lockedUntil:
        matched || hasAccount
          ? null
          : sql`case when ${reachesLimit} then now() + ${`${INVITE_LOCK_MINUTES} minutes`}::interval else ${invites.lockedUntil} end`,
    })
    .where(
      sql`${invites.codeHash} = ${codeHash} and (${invites.lockedUntil} is null or ${invites.lockedUntil} <= now())`,
    );

  if (hasAccount) return 'has_account';
  if (!matched) return null;
  return {
    id: row.id,
    inviteId: row.inviteId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    faceVerified: row.faceVerified,
  };
}
