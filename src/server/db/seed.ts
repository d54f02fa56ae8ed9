import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { type DataKeys, encryptField, lookupHash, normaliseInviteCode } from '../lib/crypto.js';
import { normalisePassportNumber } from '../../shared/onboarding.js';
import type { Database } from './client.js';
import { DEMO_LOGIN_EMAIL, ONBOARDING_DEMO_STUDENT } from './demo-identities.js';
import * as t from './schema.js';
import {
  DEMO_ADMISSION,
  DEMO_AGENCY,
  DEMO_AGENT,
  DEMO_LOGIN_APPLICATIONS,
  DEMO_LOGIN_DOCUMENT_REQUESTS,
  DEMO_LOGIN_MESSAGES,
  DEMO_SCHOOL_CHECKLIST,
  DEMO_SCHOOLS,
  DEMO_STAFF,
  DEMO_STUDENTS,
  type DemoStudent,
  OTHER_AGENCY,
  OTHER_AGENT,
} from './seed-data/demo-people.js';
import { seedReferenceData } from './seed-reference-data.js';
import { refreshStudentStages, studentsWithIds } from './student-stages.js';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const dateDaysAgo = (days: number | undefined) =>
  days === undefined ? null : daysAgo(days).toISOString().slice(0, 10);
const dateInDays = (days: number | null) => (days === null ? null : dateDaysAgo(-days));

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * DESIGN.md's demo data contract: the reference data every server has, plus the demo people and
 * organisations of seed-data/demo-people.ts. The people are written only into a database without
 * students, so a restart, or a database whose students are real, gets none. Answers what it
 * wrote, for the start-up log.
 */
export async function seedDemoData(db: Database, keys: DataKeys): Promise<string[]> {
  return db.transaction(async (tx) => {
    // This takes the seed lock, held until this transaction ends, so two instances starting
    // together cannot both find no students.
    const seeded = await seedReferenceData(tx);
    const [existing] = await tx.select({ n: count() }).from(t.students);
    if ((existing?.n ?? 0) > 0) return seeded;

    const ids = await seedOrganisations(tx);
    const officerId = await seedDemoStaff(tx, ids);
    const inserted = await tx
      .insert(t.students)
      .values(DEMO_STUDENTS.map((s) => studentRow(s, ids, keys)))
      .returning({ id: t.students.id });
    const studentIds = inserted.map((row) => row.id);
    if (studentIds.length !== DEMO_STUDENTS.length)
      throw new Error('Seed: demo students were not created');
    await refreshStudentStages(tx, studentsWithIds(studentIds));
    await tx.insert(t.profiles).values(
      DEMO_STUDENTS.map((s, i) => ({
        studentId: studentIds[i] ?? '',
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
        nationality: s.nationality,
        passportNumberEncrypted: encryptField(keys, s.passportNumber),
        dateOfBirthEncrypted: encryptField(keys, s.dateOfBirth),
      })),
    );
    // Every student gets an invite; only the onboarding demo student's (the first) code is known.
    await tx.insert(t.invites).values(
      studentIds.map((studentId, i) => ({
        studentId,
        codeHash: lookupHash(
          keys,
          normaliseInviteCode(
            i === 0 ? ONBOARDING_DEMO_STUDENT.inviteCode : randomBytes(16).toString('hex'),
          ),
        ),
        expiresAt: new Date(Date.now() + 365 * DAY_MS),
      })),
    );

    await seedAdmittedApplications(tx, studentIds);
    const demoLoginId = studentIds[DEMO_STUDENTS.findIndex((s) => s.email === DEMO_LOGIN_EMAIL)];
    if (!demoLoginId) throw new Error('Seed: the demo-login student was not created');
    await seedDemoLoginActivity(tx, demoLoginId, officerId);
    return [...seeded, 'demo people and organisations'];
  });
}

interface OrganisationIds {
  schools: Record<DemoStudent['school'], number>;
  agencyId: number;
  agents: Record<NonNullable<DemoStudent['agent']>, number>;
}

async function seedOrganisations(tx: Transaction): Promise<OrganisationIds> {
  const [requiresMoi, direct] = await tx
    .insert(t.schools)
    .values([DEMO_SCHOOLS.requiresMoi, DEMO_SCHOOLS.direct])
    .returning({ id: t.schools.id });
  const [agency, otherAgency] = await tx
    .insert(t.agencies)
    .values([DEMO_AGENCY, OTHER_AGENCY])
    .returning({ id: t.agencies.id });
  if (!requiresMoi || !direct || !agency || !otherAgency)
    throw new Error('Seed: organisations were not created');
  const [agent, otherAgent] = await tx
    .insert(t.agents)
    .values([
      { ...DEMO_AGENT, agencyId: agency.id },
      { ...OTHER_AGENT, agencyId: otherAgency.id },
    ])
    .returning({ id: t.agents.id });
  if (!agent || !otherAgent) throw new Error('Seed: agents were not created');
  await tx.insert(t.schoolChecklistItems).values(
    DEMO_SCHOOL_CHECKLIST.map((item, position) => ({
      ...item,
      schoolId: direct.id,
      position,
    })),
  );
  return {
    schools: { requiresMoi: requiresMoi.id, direct: direct.id },
    agencyId: agency.id,
    agents: { demo: agent.id, other: otherAgent.id },
  };
}

/**
 * The console's demo people: the agent in the demo agency, the officer at the MOI school. Answers
 * the officer's id: the demo-login student's requests are theirs.
 */
async function seedDemoStaff(tx: Transaction, ids: OrganisationIds): Promise<string> {
  const added = await tx
    .insert(t.staff)
    .values([
      { ...DEMO_STAFF.admin, demo: true },
      { ...DEMO_STAFF.agent, agencyId: ids.agencyId, demo: true },
      { ...DEMO_STAFF.school, schoolId: ids.schools.requiresMoi, demo: true },
    ])
    .returning({ id: t.staff.id, role: t.staff.role });
  const officer = added.find((member) => member.role === 'school');
  if (!officer) throw new Error('Seed: the demo school officer was not created');
  return officer.id;
}

function studentRow(
  s: DemoStudent,
  ids: OrganisationIds,
  keys: DataKeys,
): typeof t.students.$inferInsert {
  const { i20DocumentUrl, ...admission } = DEMO_ADMISSION;
  return {
    ...admission,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    schoolId: ids.schools[s.school],
    agentId: s.agent ? ids.agents[s.agent] : null,
    passportNumberHash: lookupHash(keys, normalisePassportNumber(s.passportNumber)),
    dateOfBirthHash: lookupHash(keys, s.dateOfBirth),
    faceVerified: s.faceVerified,
    verificationResult: s.faceVerified ? 'approved' : 'pending',
    i20Issued: s.i20Issued,
    i20IssuedOn: dateDaysAgo(s.i20IssuedDaysAgo),
    i20DocumentUrl: s.i20Issued ? i20DocumentUrl : null,
    sevisPaid: s.sevisPaid,
    sevisPaidOn: dateDaysAgo(s.sevisPaidDaysAgo),
    moiStatus: s.moiStatus,
    demo: 'persona',
  };
}

/** The personas' accepted applications at their schools (`admittedApplicationDaysAgo`). */
async function seedAdmittedApplications(tx: Transaction, studentIds: string[]): Promise<void> {
  const { degree, major } = DEMO_ADMISSION;
  const rows = DEMO_STUDENTS.flatMap((s, i) => {
    const studentId = studentIds[i];
    if (s.admittedApplicationDaysAgo === undefined || !studentId) return [];
    const school = DEMO_SCHOOLS[s.school];
    return [
      {
        studentId,
        university: school.name,
        program: `${degree}, ${major}`,
        status: 'accepted',
        submittedAt: daysAgo(s.admittedApplicationDaysAgo),
        admissionsEmail: school.inboundEmailAddress ?? null,
        admissionsPhone: school.phoneNumber ?? null,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(t.applications).values(rows);
}

async function seedDemoLoginActivity(
  tx: Transaction,
  studentId: string,
  officerId: string,
): Promise<void> {
  const entries = Object.entries(DEMO_LOGIN_APPLICATIONS);
  const inserted = await tx
    .insert(t.applications)
    .values(
      entries.map(([, { submittedDaysAgo, ...application }]) => ({
        ...application,
        studentId,
        submittedAt: daysAgo(submittedDaysAgo),
      })),
    )
    .returning({ id: t.applications.id });
  const applicationIds = new Map(entries.map(([key], i) => [key, inserted[i]?.id]));
  const applicationId = (key: keyof typeof DEMO_LOGIN_APPLICATIONS) => {
    const id = applicationIds.get(key);
    if (id === undefined) throw new Error('Seed: applications were not created');
    return id;
  };
  await tx.insert(t.documentRequests).values(
    DEMO_LOGIN_DOCUMENT_REQUESTS.map(({ application, dueInDays, byOfficer, ...request }) => ({
      ...request,
      studentId,
      applicationId: applicationId(application),
      dueDate: dateInDays(dueInDays),
      requestedBy: byOfficer ? officerId : null,
    })),
  );
  await tx.insert(t.messages).values(
    DEMO_LOGIN_MESSAGES.map(({ application, sentDaysAgo, ...message }) => ({
      ...message,
      studentId,
      applicationId: applicationId(application),
      createdAt: daysAgo(sentDaysAgo),
    })),
  );
}
