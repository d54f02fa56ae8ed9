import type { TMoiStatus } from '../../../shared/moi.js';
import {
  DEMO_LOGIN_EMAIL,
  DEMO_PERSONA_EMAILS,
  ONBOARDING_DEMO_STUDENT,
} from '../demo-identities.js';
import type { TStaffRole } from '../../../shared/staff.js';
import type { TChecklistItem } from '../../../shared/staff-document-requests.js';
import type { agencies, agents, applications, messages, schools } from '../schema.js';

/**
 * DESIGN.md's demo data contract, as data: one school requiring MOI and one not, an agency with
 * an agent, students in the states the dashboard shows, the demo-login student's applications
 * and messages, and the staff console's demo people: an administrator, an agent of the agency and
 * an officer of the school requiring MOI. A second agency brings students of its own, so each
 * staff scope visibly hides someone. seed.ts writes it. Dates are days before the seed runs, so the demo
 * always looks current.
 */

type DemoSchool = 'requiresMoi' | 'direct';

export const DEMO_SCHOOLS: Record<DemoSchool, typeof schools.$inferInsert> = {
  requiresMoi: {
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
  direct: {
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
};

export const DEMO_AGENCY: typeof agencies.$inferInsert = {
  companyName: 'Bright Horizons Education Consultants',
  phoneNumber: '+91 22 5550 1234',
  publicEmail: 'hello@brighthorizons.example.com',
  city: 'Mumbai',
  state: 'Maharashtra',
  country: 'India',
  businessServices: ['University admissions', 'Visa guidance', 'Pre-departure orientation'],
  website: 'brighthorizons.example.com',
};

/** The agency's agent, who brought every demo student but the one enrolled directly. */
export const DEMO_AGENT: Omit<typeof agents.$inferInsert, 'agencyId'> = {
  firstName: 'Rahul',
  lastName: 'Mehta',
  phoneNumber: '+91 98200 55501',
  // What an import names him by (its agent_email column): the end-to-end server's students do.
  email: 'rahul.mehta@brighthorizons.example.com',
};

/** Another agency, whose students the demo agent never sees. */
export const OTHER_AGENCY: typeof agencies.$inferInsert = {
  companyName: 'Northstar Study Abroad',
  phoneNumber: '+234 1 555 0188',
  publicEmail: 'team@northstar-study.example.com',
  city: 'Lagos',
  country: 'Nigeria',
  businessServices: ['University admissions', 'Visa guidance'],
  website: 'northstar-study.example.com',
};

export const OTHER_AGENT: Omit<typeof agents.$inferInsert, 'agencyId'> = {
  firstName: 'Chidinma',
  lastName: 'Eze',
  phoneNumber: '+234 803 555 0199',
};

/** Who brought a demo student: the demo agency's agent, the other agency's, or nobody. */
type DemoAgent = 'demo' | 'other' | null;

export interface DemoStaffMember {
  name: string;
  email: string;
  role: TStaffRole;
}

/**
 * The console's demo people, one per role (`POST /api/staff/demo-login`): the agent works for
 * the demo agency, the school officer for the school requiring MOI.
 */
export const DEMO_STAFF: Record<TStaffRole, DemoStaffMember> = {
  admin: { name: 'Grace Liu', email: 'grace.liu@demo.staff-portal.test', role: 'admin' },
  agent: { name: 'Rahul Mehta', email: 'rahul.mehta@demo.staff-portal.test', role: 'agent' },
  school: {
    name: 'Dana Whitfield',
    email: 'dana.whitfield@demo.staff-portal.test',
    role: 'school',
  },
};

export interface DemoStudent {
  school: DemoSchool;
  /** Null for a student who enrolled directly, without an agency. */
  agent: DemoAgent;
  firstName: string;
  lastName: string;
  email: string;
  passportNumber: string;
  dateOfBirth: string;
  nationality: string;
  faceVerified: boolean;
  i20Issued: boolean;
  /** How many days before the seed the I-20 was issued, when the record knows. */
  i20IssuedDaysAgo?: number;
  sevisPaid: boolean;
  /** How many days before the seed the SEVIS fee was paid, when the record knows. */
  sevisPaidDaysAgo?: number;
  moiStatus: TMoiStatus;
  /**
   * For a persona demo login copies besides the demo-login student (who has applications of her
   * own): her accepted application at the school on her record, submitted this many days before
   * the seed, so /applications agrees with the dashboard's "Admitted".
   */
  admittedApplicationDaysAgo?: number;
}

/** What every demo student's admission record says beyond their own state. */
export const DEMO_ADMISSION = {
  admissionStatus: 'Admitted',
  degree: 'Master of Science',
  major: 'Data Science',
  admittedSemester: 'Fall 2027',
  acceptanceLetterUrl: 'lakeshore-state.example.edu/letters/acceptance.pdf',
  /** The document link of an issued I-20. */
  i20DocumentUrl: 'lakeshore-state.example.edu/i20/document.pdf',
};

/** The first is the onboarding demo student: the one whose invite code is published. */
export const DEMO_STUDENTS: readonly [DemoStudent, ...DemoStudent[]] = [
  {
    school: 'requiresMoi',
    agent: 'demo',
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
    school: 'requiresMoi',
    agent: 'demo',
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
    // Enrolled directly with the school: the help page's 'No agency details found'.
    school: 'direct',
    agent: null,
    firstName: 'Minh Anh',
    lastName: 'Nguyen',
    email: DEMO_PERSONA_EMAILS['all-done'],
    passportNumber: 'C4455667',
    dateOfBirth: '2002-03-21',
    nationality: 'Vietnam',
    faceVerified: true,
    i20Issued: true,
    i20IssuedDaysAgo: 30,
    sevisPaid: true,
    sevisPaidDaysAgo: 12,
    moiStatus: 'Incomplete',
    admittedApplicationDaysAgo: 90,
  },
  {
    school: 'requiresMoi',
    agent: 'demo',
    firstName: 'Lucas',
    lastName: 'Oliveira',
    email: DEMO_PERSONA_EMAILS['sevis-due'],
    passportNumber: 'FT998877',
    dateOfBirth: '1999-11-30',
    nationality: 'Brazil',
    faceVerified: true,
    i20Issued: true,
    i20IssuedDaysAgo: 9,
    sevisPaid: false,
    moiStatus: 'Pending',
    admittedApplicationDaysAgo: 80,
  },
  {
    school: 'requiresMoi',
    agent: 'demo',
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
    admittedApplicationDaysAgo: 70,
  },
  {
    school: 'requiresMoi',
    agent: 'other',
    firstName: 'Tunde',
    lastName: 'Adebayo',
    email: 'tunde.adebayo@demo.student-portal.test',
    passportNumber: 'A05566778',
    dateOfBirth: '2001-02-14',
    nationality: 'Nigeria',
    faceVerified: true,
    i20Issued: false,
    sevisPaid: false,
    moiStatus: 'Pending',
  },
  {
    school: 'direct',
    agent: 'other',
    firstName: 'Kwame',
    lastName: 'Mensah',
    email: 'kwame.mensah@demo.student-portal.test',
    passportNumber: 'G3344556',
    dateOfBirth: '2000-07-19',
    nationality: 'Ghana',
    faceVerified: false,
    i20Issued: false,
    sevisPaid: false,
    moiStatus: 'Incomplete',
  },
];

type DemoApplication = 'admitted' | 'documentsRequired' | 'underReview';

/**
 * The demo-login student's applications, each submitted `submittedDaysAgo` days before the seed.
 * She is admitted at the school on her record (Lakeshore, where the dashboard says "Admitted"),
 * so that application is accepted: what Lakeshore still asks of her is for her I-20. Another
 * school waits for her documents before it decides, and a third is reviewing hers.
 */
export const DEMO_LOGIN_APPLICATIONS: Record<
  DemoApplication,
  Omit<typeof applications.$inferInsert, 'studentId' | 'submittedAt'> & { submittedDaysAgo: number }
> = {
  admitted: {
    university: 'Lakeshore State University',
    program: 'M.S. Data Science',
    status: 'accepted',
    submittedDaysAgo: 75,
    portalUrl: 'https://apply.lakeshore-state.example.edu',
    admissionsEmail: 'admissions@lakeshore-state.example.edu',
    admissionsPhone: '+1 312 555 0142',
    programStartDate: '2027-08-23',
  },
  documentsRequired: {
    university: 'Pacific Crest College',
    program: 'M.S. Computer Science',
    status: 'documents_required',
    submittedDaysAgo: 40,
    portalUrl: 'https://apply.pacific-crest.example.edu',
    admissionsEmail: 'international@pacific-crest.example.edu',
    admissionsPhone: '+1 503 555 0190',
    programStartDate: '2027-09-01',
  },
  underReview: {
    university: 'Northfield Institute of Technology',
    program: 'M.Eng. Software Engineering',
    status: 'under_review',
    submittedDaysAgo: 12,
    admissionsEmail: 'grad-admissions@northfield.example.edu',
  },
};

/** The demo-login student's messages, each about one of their applications. */
export const DEMO_LOGIN_MESSAGES: (Omit<
  typeof messages.$inferInsert,
  'studentId' | 'applicationId' | 'createdAt'
> & { application: DemoApplication; sentDaysAgo: number })[] = [
  {
    application: 'admitted',
    direction: 'inbound',
    fromName: 'Lakeshore State University Admissions',
    toName: 'Priya Sharma',
    subject: 'Bank statement needed for your I-20',
    content:
      'Thank you for your application. To issue your I-20 we need a bank statement from the last three months showing funds for your first year. Please upload it from your application page.',
    isRead: false,
    sentDaysAgo: 2,
  },
  {
    application: 'admitted',
    direction: 'inbound',
    fromName: 'Lakeshore State University Admissions',
    toName: 'Priya Sharma',
    subject: 'Congratulations on your admission',
    content:
      'We are delighted to offer you admission to the M.S. Data Science program for Fall 2027. Your acceptance letter is available in the portal.',
    isRead: true,
    sentDaysAgo: 20,
  },
  {
    application: 'admitted',
    direction: 'outbound',
    fromName: 'Priya Sharma',
    toName: 'Graduate Admissions Office',
    subject: 'Question about transcript format',
    content: 'Should I upload my transcript as one PDF or one file per semester?',
    isRead: true,
    sentDaysAgo: 30,
  },
];

/**
 * The default checklist of the school admitting directly: requested on each application to it
 * added later (an import's; a demo visitor's copy keeps the persona's own requests instead).
 */
export const DEMO_SCHOOL_CHECKLIST: TChecklistItem[] = [
  { title: 'Passport photo page', note: null, dueInDays: 14 },
  {
    title: 'Bank statement',
    note: 'From the last three months, showing the funds for your first year of study.',
    dueInDays: 14,
  },
  {
    title: 'Transcripts',
    note: 'Of every college or university you attended.',
    dueInDays: 30,
  },
];

/**
 * What the schools asked the demo-login student for: Lakeshore's officer, for her I-20; Pacific
 * Crest, before it decides (`requestedBy` none: the demo has no officer of that school).
 */
export const DEMO_LOGIN_DOCUMENT_REQUESTS: (TChecklistItem & {
  application: DemoApplication;
  byOfficer: boolean;
})[] = [
  {
    application: 'admitted',
    byOfficer: true,
    title: 'Bank statement',
    note: 'From the last three months, showing the funds for your first year of study. We need it to issue your I-20.',
    dueInDays: 5,
  },
  {
    application: 'admitted',
    byOfficer: true,
    title: 'Passport photo page',
    note: null,
    dueInDays: 14,
  },
  {
    application: 'documentsRequired',
    byOfficer: false,
    title: 'Transcripts',
    note: 'Of every college or university you attended.',
    dueInDays: 21,
  },
];
