import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { PENDING_VERIFICATION_RESULT } from '../../../shared/identity-verification.js';
import type { Database } from '../../db/client.js';
import { identityVerificationSessions, invites, students } from '../../db/schema.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';
import { type DataKeys, lookupHash, normaliseInviteCode } from '../../lib/crypto.js';
import { HttpError } from '../../lib/http-error.js';
import { clockPast } from '../auth/end-session.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { revokeEveryPasskey } from '../passkeys/revoke-every-passkey.js';
import { recordInviteNotifications } from './record-invite-notifications.js';

/** How long a new invite can be looked up when the caller does not say. */
export const INVITE_VALID_DAYS = 14;
const MAX_VALID_DAYS = 365;
const DAY_MS = 24 * 60 * 60_000;

// 32 symbols, so the low five bits of a random byte pick one uniformly; without 0, O, 1 and I,
// which are easily misread when the code is copied from paper.
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
// 28 symbols of five bits: 140 random bits (issue #3 asks for at least 128).
const CODE_LENGTH = 28;
const CODE_GROUP = 4;

export const STUDENT_NOT_FOUND = 'No student has this id.';
export const INVALID_VALIDITY = `An invite is valid for 1 to ${MAX_VALID_DAYS} whole days.`;

export interface IssueInviteRequest {
  studentId: string;
  /** Whole days the code can be looked up; INVITE_VALID_DAYS by default. */
  validForDays?: number;
}

export interface IssuedInvite {
  /** The code to hand to the student, in groups of four. Answered this once: only its hash is kept. */
  code: string;
  expiresAt: Date;
  /** Passkeys the student held, now revoked: more than none means this was an account recovery. */
  revokedPasskeys: number;
}

/** A new random code, in groups of four; only its keyed hash is ever stored. */
export function generateInviteCode(): string {
  const symbols = [...randomBytes(CODE_LENGTH)].map((byte) => CODE_ALPHABET[byte & 31] ?? '');
  const groups: string[] = [];
  for (let i = 0; i < symbols.length; i += CODE_GROUP) {
    groups.push(symbols.slice(i, i + CODE_GROUP).join(''));
  }
  return groups.join('-');
}

/** A new invite to store (only its code's keyed hash) and the code itself, to hand over once. */
export interface NewInvite {
  row: { studentId: string; codeHash: string; expiresAt: Date };
  code: string;
}

/**
 * New invites for students, valid for `validForDays` from `now`, to insert: a random code each.
 * Throws a 400 (INVALID_VALIDITY) for a validity outside 1 to 365 whole days.
 */
export function newInvites(
  keys: DataKeys,
  studentIds: readonly string[],
  { validForDays = INVITE_VALID_DAYS, now }: { validForDays?: number; now: Date },
): NewInvite[] {
  if (!Number.isInteger(validForDays) || validForDays < 1 || validForDays > MAX_VALID_DAYS) {
    throw new HttpError(400, INVALID_VALIDITY);
  }
  const expiresAt = new Date(now.getTime() + validForDays * DAY_MS);
  return studentIds.map((studentId) => {
    const code = generateInviteCode();
    return {
      row: { studentId, codeHash: lookupHash(keys, normaliseInviteCode(code)), expiresAt },
      code,
    };
  });
}

/**
 * Gives a student a new invite, for a first onboarding or for account recovery (the consultancy's
 * admin command line calls it). A new invite starts a new onboarding, proved afresh, and ends
 * everything the previous one could still be used for, in one transaction:
 * - the student's other open invites are revoked (a superseded code misses at the lookup);
 * - their passkeys are revoked (deleted, each with a 'revoked' audit row): a lost device may be in
 *   someone else's hands, and the student registers a new passkey after the identity check;
 * - every token issued so far is refused (tokens_valid_after), onboarding and full sessions alike;
 * - their identity verification is reset and their earlier provider sessions superseded, so the
 *   lookup sends them to /face-verification and only a new, approved check lets them register.
 * Throws a 404 (STUDENT_NOT_FOUND) when no student has this id and a 400 (INVALID_VALIDITY) for a
 * validity outside 1 to 365 whole days; nothing is written then.
 */
export async function issueInvite(
  db: Database,
  keys: DataKeys,
  { studentId, validForDays = INVITE_VALID_DAYS }: IssueInviteRequest,
): Promise<IssuedInvite> {
  const now = new Date();
  const [invite] = newInvites(keys, [studentId], { validForDays, now });
  if (!invite) throw new Error('no invite was made');
  if (!z.uuid().safeParse(studentId).success) throw new HttpError(404, STUDENT_NOT_FOUND);

  const issued = await db.transaction(async (tx) => {
    // Locking the student orders this reset with a provider decision being applied (which locks
    // the same row): the decision lands wholly before the reset, or after it on a superseded session.
    const [student] = await tx
      .select({ id: students.id })
      .from(students)
      .where(eq(students.id, studentId))
      .for('update');
    if (!student) throw new HttpError(404, STUDENT_NOT_FOUND);

    await tx
      .update(invites)
      .set({ revokedAt: now })
      .where(
        and(eq(invites.studentId, studentId), isNull(invites.usedAt), isNull(invites.revokedAt)),
      );
    const revokedPasskeys = await revokeEveryPasskey(tx, studentId, 'recovery');
    await tx
      .update(identityVerificationSessions)
      .set({ supersededAt: now, updatedAt: now })
      .where(
        and(
          eq(identityVerificationSessions.studentId, studentId),
          isNull(identityVerificationSessions.supersededAt),
        ),
      );
    await tx
      .update(students)
      .set({
        faceVerified: false,
        verificationResult: PENDING_VERIFICATION_RESULT,
        tokensValidAfter: now,
        updatedAt: now,
      })
      .where(eq(students.id, studentId));
    await refreshStudentStages(tx, studentsWithIds([studentId]));
    await tx.insert(invites).values(invite.row);
    // A student who had passkeys hears that they are gone (a security notice), then the new code.
    if (revokedPasskeys > 0) {
      await recordNotifications(tx, [
        { template: 'security.access-revoked', to: { studentId }, params: {} },
      ]);
    }
    await recordInviteNotifications(tx, keys, [
      { studentId, code: invite.code, expiresAt: invite.row.expiresAt },
    ]);
    return { code: invite.code, expiresAt: invite.row.expiresAt, revokedPasskeys };
  });
  // The recovery's own lookup comes next; its session must be issued after the revocation.
  await clockPast(now);
  return issued;
}
