import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json } from '../../../test/fake-fetch.js';
import { renderWithPageContext } from '../../../test/render-app.js';
import NotificationsSection from './notifications-section.js';

const PREFERENCES = {
  preferences: [
    { category: 'messages', channel: 'email', enabled: true },
    { category: 'messages', channel: 'push', enabled: false },
    { category: 'status', channel: 'email', enabled: true },
    { category: 'status', channel: 'push', enabled: true },
    { category: 'reminders', channel: 'email', enabled: true },
    { category: 'reminders', channel: 'push', enabled: true },
  ],
};

function renderSection() {
  sessionStorage.setItem('jwt_token', 'stored-token');
  const { sent } = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(signedInStudent()),
    'GET /api/notifications/preferences': json(PREFERENCES),
    'PUT /api/notifications/preferences': () => json(PREFERENCES),
  });
  renderWithPageContext(<NotificationsSection />);
  return { sent, user: userEvent.setup() };
}

describe("the student's Notifications section", () => {
  it('shows each switch as a checkbox named by what and how, as the server has it', async () => {
    renderSection();
    const checked = (name: string) =>
      screen.getByRole<HTMLInputElement>('checkbox', { name }).checked;
    await screen.findByRole('checkbox', { name: 'Messages from your school by e-mail' });
    expect(checked('Messages from your school by e-mail')).toBe(true);
    expect(checked('Messages from your school by push notification')).toBe(false);
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    expect(screen.getByText(/Security notices .* are always sent by e-mail\./)).toBeTruthy();
  });

  it('saves one switch as it changes, and says so', async () => {
    const { sent, user } = renderSection();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Reminders before a due date by e-mail' }),
    );
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      preferences: [{ category: 'reminders', channel: 'email', enabled: false }],
    });
  });

  it('says so where the browser has no push, without a button that cannot work', async () => {
    renderSection();
    await waitFor(() => {
      expect(screen.getByText('This browser cannot receive push notifications.')).toBeTruthy();
    });
    expect(
      screen.queryByRole('button', { name: 'Turn on push notifications on this device' }),
    ).toBeNull();
  });
});
