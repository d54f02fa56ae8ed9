import { and, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { TWebauthnChallengePurpose } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { webauthnChallenges } from '../../db/schema.js';

export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface ChallengeBinding {
  purpose: TWebauthnChallengePurpose;
  /** The student a registration or confirmation is for; null for usernameless sign-in. */
  studentId: string | null;
  /** The staff member a staff enrolment is for; absent for every other ceremony. */
  staffId?: string | null;
}

/**
 * Challenges live in the database, not in process memory, so any server instance can complete a
 * ceremony another began. Expired ones are swept whenever a new one is stored.
 */
export async function storeChallenge(
  db: Database,
  challenge: string,
  binding: ChallengeBinding,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose: binding.purpose,
    studentId: binding.studentId,
    staffId: binding.staffId ?? null,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes the challenge out of the database before anything is verified, so it serves one attempt
 * only, whether that attempt succeeds or not. True only for a live challenge of this purpose and
 * person; one of another purpose, student or staff member is left alone and refused.
 */
export async function consumeChallenge(
  db: Database,
  challenge: string,
  binding: ChallengeBinding,
): Promise<boolean> {
  const forStudent: SQL | undefined =
    binding.studentId === null
      ? isNull(webauthnChallenges.studentId)
      : eq(webauthnChallenges.studentId, binding.studentId);
  const forStaff: SQL =
    binding.staffId == null
      ? isNull(webauthnChallenges.staffId)
      : eq(webauthnChallenges.staffId, binding.staffId);
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, binding.purpose),
        forStudent,
        forStaff,
      ),
    )
    .returning({ expiresAt: webauthnChallenges.expiresAt });
  const [row] = taken;
  return row !== undefined && row.expiresAt > new Date();
}

/** Reads the challenge the browser signed out of clientDataJSON; null when it is not readable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'challenge' in parsed &&
      typeof parsed.challenge === 'string'
    ) {
      return parsed.challenge;
    }
    return null;
  } catch {
    return null;
  }
}
