import userEvent from '@testing-library/user-event';
import type { TApplication } from '../../../../shared/applications.js';
import type { TUserProfile } from '../../../../shared/auth.js';
import { dashboardAnswers, signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';

/**
 * The applications pages through the real app routes and guard, with the server faked at fetch:
 * a signed-in, verified student with a stored token, her applications, and (for the detail
 * page's other areas) no documents and no messages unless a test says otherwise.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

export const lakeshore: TApplication = {
  id: 11,
  university: 'Lakeshore State University',
  program: 'M.S. Data Science',
  status: 'documents_required',
  submittedAt: daysAgo(3),
  portalUrl: 'https://apply.lakeshore-state.example.edu',
  admissionsEmail: 'admissions@lakeshore-state.example.edu',
  admissionsPhone: '+1 (312) 555-0142',
};
export const pacificCrest: TApplication = {
  id: 12,
  university: 'Pacific Crest College',
  program: 'M.S. Computer Science',
  status: 'accepted',
  submittedAt: daysAgo(40),
  portalUrl: null,
  admissionsEmail: null,
  admissionsPhone: null,
};
export const northfield: TApplication = {
  id: 13,
  university: 'Northfield Institute of Technology',
  program: 'M.Eng. Robotics',
  status: 'under_review',
  submittedAt: daysAgo(5),
  portalUrl: 'https://northfield.example.edu/portal',
  admissionsEmail: 'grad@northfield.example.edu',
  admissionsPhone: null,
};
export const SEEDED_APPLICATIONS = [lakeshore, pacificCrest, northfield];

interface Options {
  applications?: TApplication[];
  profile?: TUserProfile | null;
  api?: Record<string, Answer>;
}

export function renderPortal(
  path: string,
  { applications = SEEDED_APPLICATIONS, profile = signedInStudent(), api = {} }: Options = {},
) {
  if (profile) sessionStorage.setItem('jwt_token', 'stored-token');
  const perApplication: Record<string, Answer> = {};
  for (const application of applications) {
    perApplication[`GET /api/applications/${application.id}`] = json(application);
    perApplication[`GET /api/documents?applicationId=${application.id}`] = json([]);
    perApplication[`GET /api/applications/${application.id}/document-requests`] = json([]);
  }
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    ...(profile ? { 'GET /api/user/profile': json(profile) } : {}),
    'GET /api/applications': json(applications),
    'GET /api/messages': json([]),
    // 'Back to Dashboard' leads there.
    ...dashboardAnswers(),
    ...perApplication,
    ...api,
  });
  const router = renderApp(path);
  return { ...fake, router, user: userEvent.setup() };
}
