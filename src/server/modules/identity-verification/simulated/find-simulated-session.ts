import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { identityVerificationSessions, profiles, students } from '../../../db/schema.js';

export interface SimulatedSession {
  providerSessionId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  /** Encrypted; the simulated provider "reads" the passport on file from it. */
  passportNumberEncrypted: string | null;
  createdAt: Date;
  decided: boolean;
}

/** A session the simulated provider opened, with the student it is for; null when none. */
export async function findSimulatedSession(
  db: Database,
  providerSessionId: string,
): Promise<SimulatedSession | null> {
  const [row] = await db
    .select({
      providerSessionId: identityVerificationSessions.providerSessionId,
      studentId: identityVerificationSessions.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      passportNumberEncrypted: profiles.passportNumberEncrypted,
      createdAt: identityVerificationSessions.createdAt,
      decidedAt: identityVerificationSessions.decidedAt,
    })
    .from(identityVerificationSessions)
    .innerJoin(students, eq(students.id, identityVerificationSessions.studentId))
    .leftJoin(profiles, eq(profiles.studentId, identityVerificationSessions.studentId))
    .where(
      and(
        eq(identityVerificationSessions.provider, 'simulated'),
        eq(identityVerificationSessions.providerSessionId, providerSessionId),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { decidedAt, ...session } = row;
  return { ...session, decided: decidedAt !== null };
}
