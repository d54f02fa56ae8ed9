import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { students } from '../db/schema.js';
import { AdminError } from './admin-error.js';
import { shown } from './terminal-text.js';

export interface FoundStudent {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

/** A student named on the command line by id or by e-mail (any case); an AdminError if none. */
export async function findStudent(db: Database, idOrEmail: string): Promise<FoundStudent> {
  const wanted = idOrEmail.trim();
  const isId = z.uuid().safeParse(wanted).success;
  const columns = {
    id: students.id,
    firstName: students.firstName,
    lastName: students.lastName,
    email: students.email,
  };
  const [student] = await db
    .select(columns)
    .from(students)
    .where(
      isId ? eq(students.id, wanted) : eq(sql`lower(${students.email})`, wanted.toLowerCase()),
    );
  if (!student) throw new AdminError(`No student has the ${isId ? 'id' : 'e-mail'} "${wanted}".`);
  return student;
}

export const describeStudent = (s: FoundStudent) =>
  shown(`${s.firstName} ${s.lastName} <${s.email ?? 'no e-mail'}>`) + ` (${s.id})`;
