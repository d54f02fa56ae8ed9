import userEvent from '@testing-library/user-event';
import type { TRoadmapResponse, TRoadmapStep } from '../../../../shared/roadmap.js';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';

const step = (
  id: TRoadmapStep['id'],
  title: string,
  status: TRoadmapStep['status'],
  estimatedDays: number | null,
  actionNote: string | null = null,
  actionApplicationId: number | null = null,
): TRoadmapStep => ({
  id,
  title,
  description: `About ${title}.`,
  status,
  estimatedDays,
  actionNote,
  actionApplicationId,
});

/** Priya's Lakeshore application, which asked for her bank statements. */
export const LAKESHORE_APPLICATION = 11;

/** Priya's roadmap as the server derives it from the seed: admitted, proof of funds due. */
export const priyasRoadmap: TRoadmapResponse = {
  steps: [
    step('admitted', 'Admitted', 'completed', null),
    step(
      'proof-of-funds',
      'Proof of Funds Submitted',
      'in_progress',
      7,
      'Upload your bank statements showing the funds for your first year of study.',
      LAKESHORE_APPLICATION,
    ),
    step('i20-received', 'I-20 Received', 'pending', 14),
    step('sevis-fee-paid', 'SEVIS Fee Paid', 'pending', 21),
    step('visa-interview-scheduled', 'Visa Interview Scheduled', 'pending', 45),
    step('visa-received', 'Visa Received', 'pending', 60),
    step('travel', 'Travel to Destination', 'pending', 90),
  ],
  documents: [
    {
      title: 'Acceptance Letter',
      description: 'Your offer of admission from your school.',
      available: true,
      url: 'https://lakeshore-state.example.edu/letters/acceptance.pdf',
      issuedDate: null,
      estimatedDate: null,
    },
    {
      title: 'Form I-20',
      description: 'Issued by your school.',
      available: false,
      url: null,
      issuedDate: null,
      estimatedDate: '2027-03-15',
    },
  ],
  programStartDate: '2027-08-23',
  earliestArrivalDate: '2027-07-24',
};

/** /actions through the real app routes and guard, with the roadmap each test gives. */
export function renderRoadmapPage(api: Record<string, Answer> = {}) {
  sessionStorage.setItem('jwt_token', 'stored-token');
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(signedInStudent()),
    'GET /api/roadmap': json(priyasRoadmap),
    ...api,
  });
  const router = renderApp('/actions');
  return { ...fake, router, user: userEvent.setup() };
}
