import type { TApplicantDataResponse } from '../../shared/applicant-data.js';
import type { TUserProfile } from '../../shared/auth.js';
import type { TDocumentRequest, TRequestedDocument } from '../../shared/document-requests.js';
import { json, type Answer } from './fake-fetch.js';

/**
 * The data the web tests' fake server answers with, made in one place: each test changes only
 * what it is about (`{ faceVerified: false }`, another student's name), so every test's student
 * is the same one unless it says otherwise.
 */

/** A signed-in student whose identity is verified, with a full session: Priya, as the seed has her. */
export function signedInStudent(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return {
    id: 'f3a1c2d4-0000-4000-8000-000000000001',
    email: 'priya.sharma@example.com',
    firstName: 'Priya',
    lastName: 'Sharma',
    faceVerified: true,
    verificationResult: 'approved',
    sessionScope: 'student',
    ...overrides,
  };
}

/** A student in onboarding, between the invite code and the passkey: Amara, not verified yet. */
export function onboardingStudent(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return {
    id: '0b7c6f0e-4a39-4a8e-9d59-2f1f7a6c1a11',
    email: 'amara.okafor@example.com',
    firstName: 'Amara',
    lastName: 'Okafor',
    faceVerified: false,
    verificationResult: 'pending',
    sessionScope: 'onboarding',
    ...overrides,
  };
}

type Application = TApplicantDataResponse['application'];

/** Priya's record as the seed has it: MOI required and not done, no I-20, SEVIS unpaid. */
export function applicantData(
  overrides: {
    school?: Partial<TApplicantDataResponse['school']>;
    application?: Partial<Application> | Record<string, unknown>;
  } = {},
): TApplicantDataResponse {
  return {
    student: { 'First Name': 'Priya', 'Last Name': 'Sharma' },
    school: {
      Name: 'Lakeshore State University',
      Logo: null,
      'Require MOI': true,
      ...overrides.school,
    },
    application: {
      degree: 'Master of Science',
      major: 'Data Science',
      'admitted semester': 'Fall 2027',
      acceptance_letter: 'https://lakeshore-state.example.edu/letters/acceptance.pdf',
      'Admission Status': 'Admitted',
      'I20 issued': 'No',
      'i20 document': null,
      'sevis paid': 'No',
      'MOI Status': 'Incomplete',
      ...overrides.application,
    },
  };
}

/**
 * What the dashboard reads, for a test whose student lands there (after signing in, say) and
 * that looks only at getting there: Priya's record, no consulate wait times, no interview
 * retake and no document asked of her.
 */
export function dashboardAnswers(): Record<string, Answer> {
  return {
    'POST /api/applicant-data': json(applicantData()),
    'GET /api/visa-wait-times': json([]),
    'GET /api/moi/review': json({ retakeReason: null }),
    'GET /api/document-requests': json([]),
  };
}

/** The student's own calendar day `days` from today (negative: before), as YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A document request of one of Priya's applications: a bank statement, asked for, due in 5 days. */
export function documentRequest(overrides: Partial<TDocumentRequest> = {}): TDocumentRequest {
  return {
    id: 501,
    applicationId: 11,
    title: 'Bank statement',
    note: 'The last three months, every page.',
    dueDate: dayFromToday(5),
    state: 'requested',
    reason: null,
    documents: [],
    createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

/** A file uploaded into a request, waiting for review unless `overrides` says otherwise. */
export function requestedDocument(overrides: Partial<TRequestedDocument> = {}): TRequestedDocument {
  return {
    id: 601,
    applicationId: 11,
    documentRequestId: 501,
    fileName: 'bank-statement.pdf',
    fileType: 'application/pdf',
    fileSize: 182_044,
    uploadedAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    review: 'pending',
    reason: null,
    reviewedAt: null,
    ...overrides,
  };
}
