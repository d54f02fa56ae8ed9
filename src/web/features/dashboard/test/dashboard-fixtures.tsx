import userEvent from '@testing-library/user-event';
import { queryClient } from '../../../lib/query-client.js';
import { dashboardAnswers, signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';

/**
 * The dashboard through the real app routes, with the server faked at fetch: a signed-in,
 * verified student with a stored token and the applicant data of each test. The wait times below
 * the cards are the visa-wait-times feature's, and its own tests look at them: here there are none.
 */
export function renderDashboard(api: Record<string, Answer> = {}) {
  sessionStorage.setItem('jwt_token', 'stored-token');
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(signedInStudent()),
    ...dashboardAnswers(),
    ...api,
  });
  const router = renderApp('/dashboard');
  return { ...fake, router, queryClient, user: userEvent.setup() };
}
