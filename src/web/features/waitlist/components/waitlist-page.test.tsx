import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dismissToast } from '../../../hooks/use-toast.js';
import {
  deferred,
  installFakeFetch,
  json,
  type Answer,
  type SentRequest,
} from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';

function renderWaitlist(api: Record<string, Answer> = {}) {
  const { sent } = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    ...api,
  });
  const router = renderApp('/waitlist');
  return { router, sent, user: userEvent.setup() };
}

const joins = (sent: SentRequest[]) => sent.filter((r) => r.url === '/api/waitlist');
const joinButton = () => screen.getByRole('button', { name: 'Join the Waitlist' });

describe('the waitlist page', () => {
  it('shows the title, the e-mail field, what to expect, and Back to Options to /', async () => {
    const { router, user } = renderWaitlist();

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Direct University Applications, Coming Soon',
      }),
    ).toBeTruthy();
    const email = screen.getByLabelText('Email address');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    const expectations = screen.getByRole('region', { name: 'What to expect' });
    expect(within(expectations).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);

    await user.click(screen.getByRole('button', { name: 'Back to Options' }));

    expect(await screen.findByRole('button', { name: 'Explore Universities' })).toBeTruthy();
    expect(router.location.pathname).toBe('/');
  });

  it('refuses a bad e-mail under the field and sends nothing', async () => {
    const { sent, user } = renderWaitlist();
    const email = await screen.findByLabelText('Email address');
    await user.type(email, 'amara@');

    await user.click(joinButton());

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(
      screen.getByText('Please enter a valid email address').closest('p')?.id,
    );
    expect(joins(sent)).toHaveLength(0);
  });

  it('sends the e-mail and the feature, is busy meanwhile, then says you are on the list', async () => {
    const answer = deferred<Response>();
    const { router, sent, user } = renderWaitlist({ 'POST /api/waitlist': () => answer.promise });
    await user.type(await screen.findByLabelText('Email address'), ' amara@example.com ');

    await user.click(joinButton());

    const busy = await screen.findByRole('button', { name: /Joining/ });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(joins(sent)).toHaveLength(1);
    expect(JSON.parse(joins(sent)[0]?.body ?? '')).toEqual({
      email: 'amara@example.com',
      feature: 'direct_university_applications',
    });

    answer.resolve(json({ success: true }));

    const heading = await screen.findByRole('heading', { level: 1, name: "You're on the list" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('amara@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the Waitlist' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    await user.click(screen.getByRole('link', { name: 'Start here' }));

    await waitFor(() => {
      expect(router.location.pathname).toBe('/signup');
    });
  });

  it("shows the server's message inline and in a toast when joining fails", async () => {
    const { user } = renderWaitlist({
      'POST /api/waitlist': json(
        { message: 'Too many sign-ups from this network. Please wait a minute and try again.' },
        429,
      ),
    });
    await user.type(await screen.findByLabelText('Email address'), 'amara@example.com');

    await user.click(joinButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Too many sign-ups from this network. Please wait a minute and try again.Please try again.',
    );
    const notifications = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(
      await within(notifications).findByText(
        'Too many sign-ups from this network. Please wait a minute and try again.',
      ),
    ).toBeTruthy();
    expect(within(notifications).getByText('Please try again.')).toBeTruthy();
    expect(joinButton().hasAttribute('disabled')).toBe(false);
    dismissToast();
  });

  it("says 'Failed to join waitlist' when the answer carries no message", async () => {
    const { user } = renderWaitlist({
      'POST /api/waitlist': new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    await user.type(await screen.findByLabelText('Email address'), 'amara@example.com');

    await user.click(joinButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to join waitlist')).toBeTruthy();
    expect(within(alert).getByText('Please try again.')).toBeTruthy();
    dismissToast();
  });
});
