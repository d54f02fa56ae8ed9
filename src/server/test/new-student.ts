import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applications, messages, profiles, staffNotes, students } from '../db/schema.js';
import { encryptField, lookupHash } from '../lib/crypto.js';
import { sealEmergencyContact } from '../lib/emergency-contact.js';
import { issueInvite } from '../modules/invites/issue-invite.js';
import {
  storeInterviewAnswer,
  storeIssuedDocuments,
  storeStudentDocument,
} from './student-files.js';

/** What a test student's sealed profile fields hold, to find them opened in an export. */
export const NEW_STUDENT_SEALED = {
  passportNumber: 'P9876543',
  dateOfBirth: '2001-04-09',
  medicalConditions: 'Asthma, mild',
  emergencyContact: { name: 'Ines Duarte', phone: '+351 912 345 678', relation: 'Mother' },
};

/**
 * A real student of the test's own (not a demo person), at the school and with the agent of a
 * seeded one (`like`, by first name), so the same staff see them: with a sealed profile, an
 * application, a message, an invite, a staff note and, with `files`, a document, an interview
 * answer and an issued I-20 in storage. Answers their id.
 */
export async function addStudent(
  app: FastifyInstance,
  like: string,
  name: { firstName: string; lastName: string },
  { files = false }: { files?: boolean } = {},
): Promise<string> {
  const [model] = await app.db
    .select({ schoolId: students.schoolId, agentId: students.agentId })
    .from(students)
    .where(eq(students.firstName, like));
  if (!model) throw new Error(`no seeded student ${like}`);
  const keys = app.dataKeys;
  const email = `student.${randomUUID()}@example.com`;
  const [row] = await app.db
    .insert(students)
    .values({
      ...name,
      ...model,
      email,
      passportNumberHash: lookupHash(keys, NEW_STUDENT_SEALED.passportNumber),
      dateOfBirthHash: lookupHash(keys, NEW_STUDENT_SEALED.dateOfBirth),
    })
    .returning({ id: students.id });
  if (!row) throw new Error('the student was not added');
  const studentId = row.id;
  await app.db.insert(profiles).values({
    studentId,
    ...name,
    email,
    passportNumberEncrypted: encryptField(keys, NEW_STUDENT_SEALED.passportNumber),
    dateOfBirthEncrypted: encryptField(keys, NEW_STUDENT_SEALED.dateOfBirth),
    medicalConditionsEncrypted: encryptField(keys, NEW_STUDENT_SEALED.medicalConditions),
    emergencyContactEncrypted: sealEmergencyContact(keys, NEW_STUDENT_SEALED.emergencyContact),
  });
  const [application] = await app.db
    .insert(applications)
    .values({
      studentId,
      university: 'Pacific Crest University',
      program: 'MS Data Science',
      status: 'under_review',
      submittedAt: new Date(),
    })
    .returning({ id: applications.id });
  await app.db.insert(messages).values({
    studentId,
    applicationId: application?.id ?? null,
    direction: 'outbound',
    fromName: `${name.firstName} ${name.lastName}`,
    toName: 'Admissions',
    subject: 'My transcript',
    content: 'Is my transcript enough?',
  });
  await issueInvite(app.db, keys, { studentId });
  await app.db.insert(staffNotes).values({ studentId, body: 'Called the student.' });
  if (files) {
    await storeStudentDocument(app, studentId);
    await storeInterviewAnswer(app, studentId);
    await storeIssuedDocuments(app, studentId);
  }
  return studentId;
}
