import userEvent from '@testing-library/user-event';
import type { TApplicantDataResponse } from '../../../../shared/applicant-data.js';
import type { TUserProfile } from '../../../../shared/auth.js';
import type { TMoiQuestion } from '../../../../shared/moi.js';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { type FakeMediaOptions, installFakeMedia } from './fake-media.js';
import { installFakeUploadServer, type UploadAnswer } from './fake-upload-server.js';

/**
 * The interview page on the app's own routes, with the server faked at fetch and XHR and the
 * camera, microphone and recorder faked at the browser's media APIs.
 */
export const SESSION_ID = '6a1f0c3e-2b4d-4e8f-9a10-3c5d7e9f1b2a';

export const student = signedInStudent({
  email: 'farida.rahman@example.com',
  firstName: 'Farida',
  lastName: 'Rahman',
});

/** Questions the server asks, other than the built-in fallback, to tell the two apart. */
export const QUESTIONS: TMoiQuestion[] = [
  { id: 11, text: 'Tell us about yourself.' },
  { id: 12, text: 'Why this program?' },
  { id: 13, text: 'Where do you see yourself in five years?' },
];

export function applicantData(moiStatus = 'Incomplete', requireMoi = true): TApplicantDataResponse {
  return {
    student: { 'First Name': 'Farida', 'Last Name': 'Rahman' },
    school: { Name: 'Lakeshore State University', Logo: null, 'Require MOI': requireMoi },
    application: {
      degree: null,
      major: null,
      'admitted semester': null,
      acceptance_letter: null,
      'Admission Status': 'Admitted',
      'I20 issued': 'Yes',
      'i20 document': null,
      'sevis paid': 'No',
      'MOI Status': moiStatus,
    },
  };
}

/** What the faked server answers to an upload it accepts: the answer's id, by its index. */
export const acceptUpload = ({ url }: { url: string }): UploadAnswer => ({
  status: 201,
  body: {
    fileId: fileIdOf(Number(new URL(url, 'http://localhost').searchParams.get('videoIndex'))),
  },
});

export const fileIdOf = (index: number) => `00000000-0000-4000-8000-00000000000${index + 1}`;

interface Options {
  user?: TUserProfile | null;
  api?: Record<string, Answer>;
  media?: FakeMediaOptions;
  upload?: (upload: Parameters<typeof acceptUpload>[0]) => UploadAnswer;
}

export function renderMoi({
  user = student,
  api = {},
  media,
  upload = acceptUpload,
}: Options = {}) {
  if (user) sessionStorage.setItem('jwt_token', 'stored-token');
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': user ? json(user) : json({ message: 'Unauthorized' }, 401),
    'POST /api/applicant-data': json(applicantData()),
    'GET /api/visa-wait-times': json([]),
    'GET /api/moi/questions': json(QUESTIONS),
    'GET /api/moi/review': json({ retakeReason: null }),
    // The dashboard, where the interview returns, lists the documents asked for: none here.
    'GET /api/document-requests': json([]),
    'POST /api/moi/sessions': json({ sessionId: SESSION_ID }, 201),
    'POST /api/moi/answers': json(
      { sessionId: SESSION_ID, moiStatus: 'Submitted', submittedAt: new Date().toISOString() },
      201,
    ),
    ...api,
  });
  const fakeMedia = installFakeMedia(media);
  const uploads = installFakeUploadServer(upload);
  const router = renderApp('/moi');
  return { ...fake, media: fakeMedia, uploads, router, user: userEvent.setup() };
}
