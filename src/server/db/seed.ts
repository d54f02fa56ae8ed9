import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { TMoiStatus } from '../../shared/moi.js';
import {
  type DataKeys,
  encryptField,
  lookupHash,
  normaliseInviteCode,
  normalisePassportNumber,
} from '../lib/crypto.js';
import type { Database } from './client.js';
import {
  DEMO_LOGIN_EMAIL,
  DEMO_PERSONA_EMAILS,
  ONBOARDING_DEMO_STUDENT,
} from './demo-identities.js';
import * as t from './schema.js';
import { seedReferenceData } from './seed-reference-data.js';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const dateDaysAgo = (days: number) => daysAgo(days).toISOString().slice(0, 10);

interface SeedStudent {
  firstName: string;
  lastName: string;
  email: string;
  passportNumber: string;
  dateOfBirth: string;
  nationality: string;
  faceVerified: boolean;
  admissionStatus: string;
  i20Issued: boolean;
  i20IssuedOn?: string;
  sevisPaid: boolean;
  sevisPaidOn?: string;
  moiStatus: TMoiStatus;
  schoolId: number;
  /** Null for a student who enrolled directly, without an agency. */
  agentId: number | null;
}

/**
 * DESIGN.md's demo data contract: the reference data every server has, plus one school requiring
 * MOI and one not, an agency with an agent, and students in the states the dashboard shows.
 * The people are written only into a database without students, so a restart, or a database
 * whose students are real, gets none. Answers what it wrote, for the start-up log.
 */
export async function seedDemoData(db: Database, keys: DataKeys): Promise<string[]> {
  return db.transaction(async (tx) => {
    // This takes the seed lock, held until this transaction ends, so two instances starting
    // together cannot both find no students.
    const seeded = await seedReferenceData(tx);
    const [existing] = await tx.select({ n: count() }).from(t.students);
    if ((existing?.n ?? 0) > 0) return seeded;

    const [moiSchool, directSchool] = await tx
      .insert(t.schools)
      .values([
        {
          name: 'Lakeshore State University',
          requireMoi: true,
          institutionType: 'Public',
          institutionSize: 'Large (15,000+ students)',
          phoneNumber: '+1 312 555 0142',
          inboundEmailAddress: 'admissions@lakeshore-state.example.edu',
          whatsappNumber: '+1 312 555 0143',
          addressLine1: '1200 Lakeshore Drive',
          city: 'Chicago',
          state: 'IL',
          zipCode: '60601',
          country: 'United States',
          facebook: 'facebook.com/lakeshorestate.example',
          instagram: 'instagram.com/lakeshorestate.example',
          twitter: 'x.com/lakeshorestate.example',
          website: 'www.lakeshore-state.example.edu',
          mission:
            'Lakeshore State University educates students from more than ninety countries to lead with knowledge, integrity and service in a connected world.',
        },
        {
          name: 'Pacific Crest College',
          requireMoi: false,
          institutionType: 'Private',
          institutionSize: 'Medium (5,000-15,000 students)',
          phoneNumber: '+1 503 555 0190',
          inboundEmailAddress: 'international@pacific-crest.example.edu',
          addressLine1: '88 Summit Avenue',
          city: 'Portland',
          state: 'OR',
          zipCode: '97201',
          country: 'United States',
          website: 'https://www.pacific-crest.example.edu',
        },
      ])
      .returning({ id: t.schools.id });
    const [agency] = await tx
      .insert(t.agencies)
      .values({
        companyName: 'Bright Horizons Education Consultants',
        phoneNumber: '+91 22 5550 1234',
        publicEmail: 'hello@brighthorizons.example.com',
        city: 'Mumbai',
        state: 'Maharashtra',
        country: 'India',
        businessServices: ['University admissions', 'Visa guidance', 'Pre-departure orientation'],
        website: 'brighthorizons.example.com',
      })
      .returning({ id: t.agencies.id });
    if (!moiSchool || !directSchool || !agency)
      throw new Error('Seed: organisations were not created');
    const [agent] = await tx
      .insert(t.agents)
      .values({
        agencyId: agency.id,
        firstName: 'Rahul',
        lastName: 'Mehta',
        phoneNumber: '+91 98200 55501',
      })
      .returning({ id: t.agents.id });
    if (!agent) throw new Error('Seed: agent was not created');

    const base = { schoolId: moiSchool.id, agentId: agent.id, admissionStatus: 'Admitted' };
    const seedStudents: SeedStudent[] = [
      {
        ...base,
        firstName: 'Amara',
        lastName: 'Okafor',
        email: 'amara.okafor@demo.student-portal.test',
        passportNumber: ONBOARDING_DEMO_STUDENT.passportNumber,
        dateOfBirth: ONBOARDING_DEMO_STUDENT.dateOfBirth,
        nationality: 'Nigeria',
        faceVerified: false,
        i20Issued: false,
        sevisPaid: false,
        moiStatus: 'Incomplete',
      },
      {
        ...base,
        firstName: 'Priya',
        lastName: 'Sharma',
        email: DEMO_LOGIN_EMAIL,
        passportNumber: 'Z7654321',
        dateOfBirth: '2001-06-02',
        nationality: 'India',
        faceVerified: true,
        i20Issued: false,
        sevisPaid: false,
        moiStatus: 'Incomplete',
      },
      {
        ...base,
        schoolId: directSchool.id,
        // Enrolled directly with the school: the help page's 'No agency details found'.
        agentId: null,
        firstName: 'Minh Anh',
        lastName: 'Nguyen',
        email: 'minhanh.nguyen@demo.student-portal.test',
        passportNumber: 'C4455667',
        dateOfBirth: '2002-03-21',
        nationality: 'Vietnam',
        faceVerified: true,
        i20Issued: true,
        i20IssuedOn: dateDaysAgo(30),
        sevisPaid: true,
        sevisPaidOn: dateDaysAgo(12),
        moiStatus: 'Incomplete',
      },
      {
        ...base,
        firstName: 'Lucas',
        lastName: 'Oliveira',
        email: 'lucas.oliveira@demo.student-portal.test',
        passportNumber: 'FT998877',
        dateOfBirth: '1999-11-30',
        nationality: 'Brazil',
        faceVerified: true,
        i20Issued: true,
        i20IssuedOn: dateDaysAgo(9),
        sevisPaid: false,
        moiStatus: 'Pending',
      },
      {
        ...base,
        firstName: 'Farida',
        lastName: 'Rahman',
        email: DEMO_PERSONA_EMAILS['interview-due'],
        passportNumber: 'BR2468013',
        dateOfBirth: '2000-09-08',
        nationality: 'Bangladesh',
        faceVerified: true,
        i20Issued: true,
        sevisPaid: false,
        moiStatus: 'Incomplete',
      },
    ];

    const inserted = await tx
      .insert(t.students)
      .values(
        seedStudents.map((s): typeof t.students.$inferInsert => ({
          firstName: s.firstName,
          lastName: s.lastName,
          email: s.email,
          schoolId: s.schoolId,
          agentId: s.agentId,
          passportNumberHash: lookupHash(keys, normalisePassportNumber(s.passportNumber)),
          dateOfBirthHash: lookupHash(keys, s.dateOfBirth),
          faceVerified: s.faceVerified,
          verificationResult: s.faceVerified ? 'approved' : 'pending',
          admissionStatus: s.admissionStatus,
          degree: 'Master of Science',
          major: 'Data Science',
          admittedSemester: 'Fall 2027',
          acceptanceLetterUrl: 'lakeshore-state.example.edu/letters/acceptance.pdf',
          i20Issued: s.i20Issued,
          i20IssuedOn: s.i20IssuedOn ?? null,
          i20DocumentUrl: s.i20Issued ? 'lakeshore-state.example.edu/i20/document.pdf' : null,
          sevisPaid: s.sevisPaid,
          sevisPaidOn: s.sevisPaidOn ?? null,
          moiStatus: s.moiStatus,
          demo: 'persona',
        })),
      )
      .returning({ id: t.students.id, email: t.students.email });

    await tx.insert(t.profiles).values(
      inserted.map((row, i) => {
        const s = seedStudents[i];
        if (!s) throw new Error('Seed: student rows out of step');
        return {
          studentId: row.id,
          firstName: s.firstName,
          lastName: s.lastName,
          email: s.email,
          nationality: s.nationality,
          passportNumberEncrypted: encryptField(keys, s.passportNumber),
          dateOfBirthEncrypted: encryptField(keys, s.dateOfBirth),
        };
      }),
    );

    const byEmail = new Map(inserted.map((row) => [row.email, row.id]));
    const onboardingId = byEmail.get(seedStudents[0]?.email ?? '');
    const demoLoginId = byEmail.get(DEMO_LOGIN_EMAIL);
    if (!onboardingId || !demoLoginId) throw new Error('Seed: demo students were not created');

    // Every student gets an invite; only the onboarding demo student's code is known.
    await tx.insert(t.invites).values(
      inserted.map((row) => ({
        studentId: row.id,
        codeHash: lookupHash(
          keys,
          normaliseInviteCode(
            row.id === onboardingId
              ? ONBOARDING_DEMO_STUDENT.inviteCode
              : randomBytes(16).toString('hex'),
          ),
        ),
        expiresAt: new Date(Date.now() + 365 * DAY_MS),
      })),
    );

    await seedDemoLoginActivity(tx, demoLoginId);
    return [...seeded, 'demo people and organisations'];
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function seedDemoLoginActivity(tx: Transaction, studentId: string): Promise<void> {
  const apps = await tx
    .insert(t.applications)
    .values([
      {
        studentId,
        university: 'Lakeshore State University',
        program: 'M.S. Data Science',
        status: 'documents_required',
        submittedAt: daysAgo(40),
        portalUrl: 'https://apply.lakeshore-state.example.edu',
        admissionsEmail: 'admissions@lakeshore-state.example.edu',
        admissionsPhone: '+1 312 555 0142',
        programStartDate: '2027-08-23',
      },
      {
        studentId,
        university: 'Pacific Crest College',
        program: 'M.S. Computer Science',
        status: 'accepted',
        submittedAt: daysAgo(75),
        portalUrl: 'https://apply.pacific-crest.example.edu',
        admissionsEmail: 'international@pacific-crest.example.edu',
        admissionsPhone: '+1 503 555 0190',
        programStartDate: '2027-09-01',
      },
      {
        studentId,
        university: 'Northfield Institute of Technology',
        program: 'M.Eng. Software Engineering',
        status: 'under_review',
        submittedAt: daysAgo(12),
        admissionsEmail: 'grad-admissions@northfield.example.edu',
      },
    ])
    .returning({ id: t.applications.id, university: t.applications.university });
  const [documentsRequired, accepted] = apps;
  if (!documentsRequired || !accepted) throw new Error('Seed: applications were not created');

  await tx.insert(t.messages).values([
    {
      studentId,
      applicationId: documentsRequired.id,
      direction: 'inbound',
      fromName: 'Lakeshore State University Admissions',
      toName: 'Priya Sharma',
      subject: 'Bank statement needed for your I-20',
      content:
        'Thank you for your application. To issue your I-20 we need a bank statement from the last three months showing funds for your first year. Please upload it from your application page.',
      isRead: false,
      createdAt: daysAgo(2),
    },
    {
      studentId,
      applicationId: accepted.id,
      direction: 'inbound',
      fromName: 'Pacific Crest College International Office',
      toName: 'Priya Sharma',
      subject: 'Congratulations on your admission',
      content:
        'We are delighted to offer you admission to the M.S. Computer Science program for Fall 2027. Your acceptance letter is available in the portal.',
      isRead: true,
      createdAt: daysAgo(20),
    },
    {
      studentId,
      applicationId: documentsRequired.id,
      direction: 'outbound',
      fromName: 'Priya Sharma',
      toName: 'Graduate Admissions Office',
      subject: 'Question about transcript format',
      content: 'Should I upload my transcript as one PDF or one file per semester?',
      isRead: true,
      createdAt: daysAgo(30),
    },
  ]);
}
