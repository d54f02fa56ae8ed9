import type { TAuditEvent } from '../../../shared/audit-log.js';
import type {
  TReviewQueueItem,
  TStaffDocumentRequest,
} from '../../../shared/staff-document-requests.js';
import type { TStaffMember } from '../../../shared/staff.js';
import type {
  TStaffStudentListResponse,
  TStaffStudentRecord,
  TStaffStudentRow,
} from '../../../shared/staff-students.js';
import type { TEnrolmentLinkResponse, TStaffAccount } from '../../../shared/staff-team.js';
import { STUDENT_STAGES, type TStudentStage } from '../../../shared/student-stages.js';

/**
 * What the console tests' fake server answers, made in one place as the seed's demo data has
 * it: each test changes only what it is about.
 */

export const PRIYA_ID = 'f3a1c2d4-0000-4000-8000-000000000001';
export const LUCAS_ID = 'f3a1c2d4-0000-4000-8000-000000000002';

/** The demo administrator, Grace Liu, unless `overrides` say otherwise. */
export function staffMember(overrides: Partial<TStaffMember> = {}): TStaffMember {
  return {
    id: '5a0c1d2e-0000-4000-8000-0000000000a1',
    name: 'Grace Liu',
    role: 'admin',
    organisationName: null,
    ...overrides,
  };
}

/** The demo agent of Bright Horizons. */
export const rahul = staffMember({
  id: '5a0c1d2e-0000-4000-8000-0000000000a2',
  name: 'Rahul Mehta',
  role: 'agent',
  organisationName: 'Bright Horizons Education',
});

export function studentRow(overrides: Partial<TStaffStudentRow> = {}): TStaffStudentRow {
  return {
    id: PRIYA_ID,
    firstName: 'Priya',
    lastName: 'Sharma',
    email: 'priya.sharma@example.com',
    schoolName: 'Lakeshore State University',
    agencyName: 'Bright Horizons Education',
    agentName: 'Rahul Mehta',
    stage: 'verified',
    waiting: ['2 documents to review', 'I-20 not issued'],
    lastActivityAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ...overrides,
  };
}

const lucas = () =>
  studentRow({
    id: LUCAS_ID,
    firstName: 'Lucas',
    lastName: 'Oliveira',
    email: 'lucas.oliveira@example.com',
    stage: 'invited',
    waiting: [],
    lastActivityAt: null,
  });

export function stageCounts(
  counts: Partial<Record<TStudentStage, number>> = { verified: 4, invited: 2 },
): TStaffStudentListResponse['stageCounts'] {
  return Object.fromEntries(STUDENT_STAGES.map((s) => [s, counts[s] ?? 0])) as Record<
    TStudentStage,
    number
  >;
}

export function studentList(
  overrides: Partial<TStaffStudentListResponse> = {},
): TStaffStudentListResponse {
  return {
    items: [studentRow(), lucas()],
    nextCursor: null,
    total: 2,
    stageCounts: stageCounts(),
    ...overrides,
  };
}

export const organisations = {
  schools: [
    { id: 1, name: 'Lakeshore State University' },
    { id: 2, name: 'Pacific Coast Institute' },
  ],
  agencies: [
    { id: 1, name: 'Bright Horizons Education' },
    { id: 2, name: 'Global Pathways' },
  ],
};

export function studentRecord(overrides: Partial<TStaffStudentRecord> = {}): TStaffStudentRecord {
  return {
    overview: {
      id: PRIYA_ID,
      firstName: 'Priya',
      lastName: 'Sharma',
      email: 'priya.sharma@example.com',
      stage: 'identity_declined',
      waiting: ['Identity check declined'],
      schoolName: 'Lakeshore State University',
      schoolRequiresMoi: true,
      agencyName: 'Bright Horizons Education',
      agentName: 'Rahul Mehta',
      admissionStatus: 'Admitted',
      degree: 'Master of Science',
      major: 'Data Science',
      admittedSemester: 'Fall 2027',
      acceptanceLetterUrl: null,
      i20Issued: false,
      i20IssuedOn: null,
      sevisPaid: false,
      sevisPaidOn: null,
      issuedFiles: [],
      moiStatus: 'Incomplete',
      identity: { result: '9102', title: 'Verification Declined', decidedAt: null },
      passkeyEnrolled: true,
      invite: { state: 'used', expiresAt: null },
      accessRevoked: false,
      createdAt: '2026-09-01T10:00:00.000Z',
      version: 7,
    },
    applications: [
      {
        id: 11,
        university: 'Lakeshore State University',
        program: 'MS Data Science',
        status: 'Under Review',
        submittedAt: '2026-09-02T10:00:00.000Z',
        programStartDate: '2027-08-25',
      },
    ],
    documents: [
      {
        id: 31,
        fileName: 'bank-statement.pdf',
        fileType: 'application/pdf',
        fileSize: 200_000,
        applicationId: 11,
        uploadedAt: '2026-09-03T10:00:00.000Z',
      },
    ],
    messages: [
      {
        id: 41,
        applicationId: 11,
        direction: 'outbound',
        fromName: 'Priya Sharma',
        toName: 'Graduate Admissions Office',
        subject: 'My I-20',
        content: 'When will my I-20 be issued?',
        createdAt: '2026-09-04T10:00:00.000Z',
        officeReadAt: null,
      },
    ],
    moiRecordings: [
      {
        sessionId: 'b9d1c2d4-0000-4000-8000-000000000051',
        status: 'submitted',
        reviewResult: null,
        submittedAt: '2026-09-05T10:00:00.000Z',
        videos: [
          {
            id: 'v-1',
            questionText: 'Tell us about yourself.',
            videoIndex: 0,
            sizeBytes: 1_000_000,
            contentType: 'video/webm',
          },
        ],
      },
    ],
    profile: {
      fields: { phone: '+1 555 0100', visaStatus: 'F-1' },
      sealed: {
        passportNumber: true,
        dateOfBirth: true,
        medicalConditions: false,
        emergencyContact: true,
      },
    },
    ...overrides,
  };
}

export function staffAccount(overrides: Partial<TStaffAccount> = {}): TStaffAccount {
  return {
    id: rahul.id,
    name: 'Rahul Mehta',
    email: 'rahul.mehta@example.com',
    role: 'agent',
    organisationName: 'Bright Horizons Education',
    disabled: false,
    enrolled: true,
    enrolmentLinkExpiresAt: null,
    createdAt: '2026-09-01T10:00:00.000Z',
    ...overrides,
  };
}

export function enrolmentLink(account: TStaffAccount): TEnrolmentLinkResponse {
  return {
    account,
    enrolmentUrl: 'http://localhost:5001/staff/enrol#token=one-time-token',
    expiresAt: '2026-12-04T10:00:00.000Z',
  };
}

export function auditEvent(overrides: Partial<TAuditEvent> = {}): TAuditEvent {
  return {
    id: 901,
    at: '2026-11-30T10:00:00.000Z',
    actor: 'staff',
    staffId: rahul.id,
    staffName: 'Rahul Mehta',
    action: 'profile.reveal',
    studentId: PRIYA_ID,
    studentName: 'Priya Sharma',
    address: '203.0.113.7',
    details: { field: 'passportNumber' },
    ...overrides,
  };
}

type RequestFile = TStaffDocumentRequest['documents'][number];

/** A file Priya uploaded into a request of her application 11, waiting for review. */
export function requestFile(overrides: Partial<RequestFile> = {}): RequestFile {
  return {
    id: 31,
    applicationId: 11,
    documentRequestId: 51,
    fileName: 'bank-statement.pdf',
    fileType: 'application/pdf',
    fileSize: 200_000,
    uploadedAt: '2026-09-03T10:00:00.000Z',
    review: 'pending',
    reason: null,
    reviewedAt: null,
    reviewedBy: null,
    ...overrides,
  };
}

/** A request on Priya's application 11 that Grace asked for, nothing uploaded yet. */
export function documentRequest(
  overrides: Partial<TStaffDocumentRequest> = {},
): TStaffDocumentRequest {
  return {
    id: 51,
    applicationId: 11,
    title: 'Bank statement',
    note: null,
    dueDate: null,
    state: 'requested',
    reason: null,
    documents: [],
    createdAt: '2026-09-02T10:00:00.000Z',
    requestedBy: 'Grace Liu',
    ...overrides,
  };
}

/** A file waiting in the review queue: Priya's bank statement, unless `overrides` say otherwise. */
export function reviewQueueItem(overrides: Partial<TReviewQueueItem> = {}): TReviewQueueItem {
  return {
    documentId: 31,
    documentRequestId: 51,
    title: 'Bank statement',
    dueDate: null,
    studentId: PRIYA_ID,
    studentName: 'Priya Sharma',
    applicationId: 11,
    university: 'Lakeshore State University',
    fileName: 'bank-statement.pdf',
    fileType: 'application/pdf',
    fileSize: 200_000,
    uploadedAt: '2026-09-03T10:00:00.000Z',
    ...overrides,
  };
}
