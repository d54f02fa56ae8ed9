import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invites } from '../db/schema.js';

/**
 * A valid onboarding-scope token for a student, bound to their invite as the lookup binds it, so
 * a route refusing it shows the route refuses onboarding sessions, not a malformed token. A
 * student without an invite (a demo visitor's copy: demo login gives it none) is given one first,
 * as an import gives a real student.
 */
export async function onboardingTokenFor(app: FastifyInstance, studentId: string): Promise<string> {
  const [invite] = await app.db
    .select({ id: invites.id })
    .from(invites)
    .where(eq(invites.studentId, studentId))
    .limit(1);
  const inviteId = invite?.id ?? (await inviteFor(app, studentId));
  return app.sessionTokens.issue(studentId, 'onboarding', inviteId);
}

async function inviteFor(app: FastifyInstance, studentId: string): Promise<number> {
  const [created] = await app.db
    .insert(invites)
    .values({
      studentId,
      codeHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: invites.id });
  if (!created) throw new Error('the invite was not created');
  return created.id;
}
