/**
 * Students for the load: copies of one seeded student, each with the same applications and
 * messages, so each connection of a run reads its own student's rows, as at a real portal, and
 * every read answers as much as the template's.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applications, messages, students } from '../../src/server/db/schema.js';

export interface BenchStudent {
  studentId: string;
  sessionId: string;
  token: string;
}

export async function copiesOfStudent(
  app: FastifyInstance,
  templateId: string,
  count: number,
): Promise<BenchStudent[]> {
  const [template] = await app.db.select().from(students).where(eq(students.id, templateId));
  if (!template) throw new Error('the template student is missing');
  const ownApplications = await app.db
    .select()
    .from(applications)
    .where(eq(applications.studentId, templateId));
  const ownMessages = await app.db
    .select()
    .from(messages)
    .where(eq(messages.studentId, templateId));
  const ids = Array.from({ length: count }, () => randomUUID());
  const ownedBy = <R extends { id: number; studentId: string }>(rows: R[]) =>
    ids.flatMap((studentId) => rows.map(({ id: _id, ...row }) => ({ ...row, studentId })));
  await app.db.transaction(async (tx) => {
    await tx
      .insert(students)
      .values(ids.map((id, i) => ({ ...template, id, email: `bench-${String(i)}@example.com` })));
    if (ownApplications.length > 0) await tx.insert(applications).values(ownedBy(ownApplications));
    if (ownMessages.length > 0) await tx.insert(messages).values(ownedBy(ownMessages));
  });
  const copies: BenchStudent[] = [];
  for (const studentId of ids) {
    const token = await app.sessionTokens.issue(studentId, 'student');
    const claims = await app.sessionTokens.verify(token);
    if (!claims) throw new Error('a bench token does not verify');
    copies.push({ studentId, sessionId: claims.sessionId, token });
  }
  return copies;
}
