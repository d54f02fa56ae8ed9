import userEvent from '@testing-library/user-event';
import type { TVisaWaitTime } from '../../../../shared/visa-wait-times.js';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderWithPageContext } from '../../../test/render-app.js';
import { WaitTimesSection } from '../components/wait-times-section.js';

export const waitTime = (post: string, country: string, wait: string): TVisaWaitTime => ({
  post,
  country,
  studentVisaWaitTime: wait,
});

/** A few posts, deliberately out of order. */
export const SOME_WAIT_TIMES: TVisaWaitTime[] = [
  waitTime('Lagos', 'Nigeria', '12 Months'),
  waitTime('Abuja', 'Nigeria', '4.5 Months'),
  waitTime('Accra', 'Ghana', '3 Months'),
  waitTime('Toronto', 'Canada', '< 0.5 Month'),
  waitTime('Adana', 'Turkey', 'N/A'),
  waitTime('Mumbai', 'India', '1 Month'),
  waitTime('Abu Dhabi', 'United Arab Emirates', '6 Months'),
  waitTime('Funafuti', 'Tuvalu', '< 0.5 Month'),
];

/**
 * The wait times as the dashboard shows them, for a signed-in student with a stored token (so a
 * test sees that the public list is asked for without it), with the server faked at fetch.
 */
export function renderWaitTimes(api: Record<string, Answer> = {}) {
  sessionStorage.setItem('jwt_token', 'stored-token');
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(signedInStudent()),
    'GET /api/visa-wait-times': json(SOME_WAIT_TIMES),
    ...api,
  });
  renderWithPageContext(<WaitTimesSection id="consulate-wait-times" />);
  return { ...fake, user: userEvent.setup() };
}
