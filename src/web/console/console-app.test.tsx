import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../test/fake-fetch.js';
import { renderConsole } from './test/render-console.js';
import { organisations, PRIYA_ID, staffMember, studentList } from './test/staff-data.js';

describe('the console’s session', () => {
  it('a 401 from any console call sends the person to sign in, saying the session ended', async () => {
    let signedIn = true;
    const { user, address } = renderConsole('/staff/students', {
      api: {
        'GET /api/staff/session': () =>
          signedIn ? json({ staff: staffMember() }) : json({ message: 'Sign in.' }, 401),
        'GET /api/staff/students': json(studentList()),
        'GET /api/staff/organisations': json(organisations),
        [`GET /api/staff/students/${PRIYA_ID}`]: () => {
          signedIn = false;
          return json({ message: 'Your session has ended.' }, 401);
        },
      },
    });

    await user.click(await screen.findByRole('link', { name: 'Priya Sharma' }));

    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(address()).toBe('/staff/sign-in');
    expect(screen.queryByText('Grace Liu')).toBeNull();
  });

  it('Sign out ends the session on the server and returns to the sign-in page', async () => {
    let signedIn = true;
    const { user, address, requests } = renderConsole('/staff/students', {
      api: {
        'GET /api/staff/session': () =>
          signedIn ? json({ staff: staffMember() }) : json({ message: 'Sign in.' }, 401),
        'GET /api/staff/students': json(studentList()),
        'GET /api/staff/organisations': json(organisations),
        'DELETE /api/staff/session': () => {
          signedIn = false;
          return new Response(null, { status: 204 });
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeTruthy();
    await waitFor(() => {
      expect(address()).toBe('/staff/sign-in');
    });
    expect(requests()).toContain('DELETE /api/staff/session');
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  });

  it('/staff opens the students', async () => {
    const first = renderConsole('/staff', {
      api: {
        'GET /api/staff/students': json(studentList()),
        'GET /api/staff/organisations': json(organisations),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Students' })).toBeTruthy();
    expect(first.address()).toBe('/staff/students');
  });

  it('an unknown console address says there is no such page', async () => {
    renderConsole('/staff/nowhere');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
