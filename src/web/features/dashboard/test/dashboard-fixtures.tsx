import userEvent from '@testing-library/user-event';
import type { TApplicantDataResponse } from '../../../../shared/applicant-data.js';
import type { TUserProfile } from '../../../../shared/auth.js';
import { queryClient } from '../../../lib/query-client.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';

/**
 * The dashboard through the real app routes, with the server faked at fetch: a signed-in,
 * verified student with a stored token and the applicant data of each test. The wait times below
 * the cards are the visa-wait-times feature's, and its own tests look at them: here there are none.
 */
export const priya: TUserProfile = {
  id: 'f3a1c2d4-0000-4000-8000-000000000001',
  email: 'priya.sharma@example.com',
  firstName: 'Priya',
  lastName: 'Sharma',
  faceVerified: true,
  verificationResult: 'approved',
  sessionScope: 'student',
};

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

export function renderDashboard(api: Record<string, Answer> = {}) {
  sessionStorage.setItem('jwt_token', 'stored-token');
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(priya),
    'POST /api/applicant-data': json(applicantData()),
    'GET /api/visa-wait-times': json([]),
    ...api,
  });
  const router = renderApp('/dashboard');
  return { ...fake, router, queryClient, user: userEvent.setup() };
}
