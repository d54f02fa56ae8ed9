import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invites } from '../db/schema.js';

/**
 * A valid onboarding-scope token for a student, bound to their invite as the lookup binds it, so
 * a route refusing it shows the route refuses onboarding sessions, not a malformed token.
 */
export async function onboardingTokenFor(app: FastifyInstance, studentId: string): Promise<string> {
  const [invite] = await app.db
    .select({ id: invites.id })
    .from(invites)
    .where(eq(invites.studentId, studentId))
    .limit(1);
  if (!invite) throw new Error('the seed gives every student an invite');
  return app.sessionTokens.issue(studentId, 'onboarding', invite.id);
}
